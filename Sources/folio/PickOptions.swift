import ArgumentParser
import FolioUI

/// `--pick` and `--pick-format`: choosing pages in the viewer for a shell pipeline.
struct PickOptions: ParsableArguments {
  @Flag(
    help: """
      Pick pages in the viewer (v picks one, V a range) and print them on Enter: the viewer \
      draws on /dev/tty, so standard output can go to a pipe. q, Esc and Ctrl-C print nothing \
      and exit 130.
      """)
  var pick = false

  @Option(
    help: ArgumentHelp(
      "How --pick prints the pages: ranges (1-3,7, as qpdf --pages and pdftk cat take them), "
        + "lines (a page number a line) or labels (a page label a line).",
      valueName: "format"))
  var pickFormat: PickFormat = .ranges

  func validate() throws {
    if !pick && pickFormat != .ranges { throw ValidationError("--pick-format needs --pick") }
  }
}

extension PickFormat: ExpressibleByArgument {}
