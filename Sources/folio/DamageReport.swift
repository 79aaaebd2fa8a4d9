import FolioCore
import FolioTerminal

/// What `--print` says on standard error about pages whose content the libraries complained
/// about ("Corrupt JPEG data", "Bad bounding box"): one line per damaged page, or with
/// `--verbose` every message, each naming the file and the page.
enum DamageReport {
  /// The lines for `pages`, in page order.
  static func lines(_ pages: [PageIndex: [String]], path: String, verbose: Bool) -> [String] {
    let name = TerminalText.sanitized(path)
    return pages.keys.sorted().flatMap { page -> [String] in
      let prefix = "folio: \(name): page \(page.number): "
      guard verbose else { return [prefix + "damaged content drawn as far as possible"] }
      return (pages[page] ?? []).map { prefix + TerminalText.sanitized($0) }
    }
  }

  /// Writes the lines for `pages` to standard error.
  static func write(_ pages: [PageIndex: [String]], path: String, verbose: Bool) {
    let text = lines(pages, path: path, verbose: verbose).map { $0 + "\n" }.joined()
    if !text.isEmpty { StandardStreams.writeError(text) }
  }
}
