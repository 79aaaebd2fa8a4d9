import ArgumentParser

/// `--find TEXT` and `--list`: searching from the command line.
struct FindOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Search the document's text for TEXT (literal; case is ignored unless TEXT has a capital).",
      valueName: "TEXT"))
  var find: String?

  @Flag(
    help: """
      With --find, print one line per page with hits instead of opening the viewer: page number, \
      label, hit count and the first hit's context, separated by tabs (over a folder or several \
      files, the file first, as pdfgrep -r -n, and the notes of each page's annotations are \
      searched too, as the library's search does). Exits 0 with hits, 1 without, 2 on errors. With \
      --annotations, one line per annotation (see --format).
      """)
  var list = false

  func validate() throws {
    if let find, find.allSatisfy(\.isWhitespace) {
      throw ValidationError("--find needs some text to search for")
    }
  }
}
