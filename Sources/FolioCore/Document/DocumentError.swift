/// Why a document cannot be opened or drawn. Each case reads as one line naming the reason.
public enum DocumentError: Error, Hashable, Sendable {
  /// No file at the path.
  case notFound
  /// The path names a directory.
  case isDirectory
  /// The file exists but cannot be read (permissions, I/O error).
  case unreadable(reason: String)
  /// The file holds zero bytes.
  case empty
  /// The file does not start like a PDF.
  case notPDF
  /// The file claims to be a PDF but cannot be repaired into one.
  case damaged(reason: String)
  /// The document is encrypted and needs a password; `passwordGiven` tells a wrong password
  /// from a missing one.
  case encrypted(passwordGiven: Bool)
  /// The document opens but has no page.
  case noPages
  /// A page index outside the document.
  case pageOutOfRange(PageIndex, pageCount: Int)
  /// Rendering failed.
  case renderFailed(reason: String)

  /// A one-line explanation, without the file name.
  public var reason: String {
    switch self {
    case .notFound: return "no such file"
    case .isDirectory: return "is a directory, not a PDF file"
    case .unreadable(let reason): return "cannot be read (\(reason))"
    case .empty: return "is empty (0 bytes), not a PDF"
    case .notPDF: return "is not a PDF file (no %PDF- header)"
    case .damaged(let reason): return "is damaged beyond repair (\(reason))"
    case .encrypted(let given):
      return given
        ? "is encrypted and the password is wrong"
        : "is encrypted: give its password with --password"
    case .noPages: return "has no pages"
    case .pageOutOfRange(let page, let count):
      return "has no page \(page.number) (it has \(count) page\(count == 1 ? "" : "s"))"
    case .renderFailed(let reason): return "could not be rendered (\(reason))"
    }
  }
}
