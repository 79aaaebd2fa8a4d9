import FolioCore

/// A fatal error for the user: printed as one line, `folio: FILE: reason`, with an exit status.
struct Failure: Error {
  var path: String?
  var reason: String
  var status: Int32 = 1

  var line: String {
    let name = path.map { TerminalText.sanitized($0) + ": " } ?? ""
    return "folio: \(name)\(reason)"
  }
}
