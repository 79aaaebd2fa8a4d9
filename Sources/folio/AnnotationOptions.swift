import ArgumentParser

/// `--annotations` and `--format`: the highlights and notes of PDF files, for scripts and notes.
struct AnnotationOptions: ParsableArguments {
  @Flag(
    help: """
      Print the annotations (highlights, underlines, strike-outs, sticky notes…, made by any \
      program; links and form fields aside) of the FILEs and of the PDFs in the folders named, \
      instead of opening the viewer: as --list lines (the default) or --format markdown. Exits 0 \
      when any was printed, 1 when none, 2 on errors (a file that cannot be read is one line on \
      standard error; the others are still printed).
      """)
  var annotations = false

  @Option(
    help: ArgumentHelp(
      "How --annotations prints them: list (a line each: file, page number, page label, kind, "
        + "marked text and note, separated by tabs; tabs and line breaks in them become spaces) "
        + "or markdown (a heading per document, the marked text quoted with its page label, "
        + "the note under it).",
      valueName: "format"))
  var format: AnnotationFormat?

  func validate() throws {
    if format != nil && !annotations { throw ValidationError("--format needs --annotations") }
  }
}

/// How `--annotations` prints what it read.
enum AnnotationFormat: String, CaseIterable, ExpressibleByArgument {
  /// Tab-separated lines, one an annotation.
  case list
  /// Markdown, a section a document.
  case markdown
}
