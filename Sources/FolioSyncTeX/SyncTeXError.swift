/// Why a PDF's SyncTeX file could not be read, each with a one-line reason (`description`).
public enum SyncTeXError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Neither `NAME.synctex` nor `NAME.synctex.gz` is beside the PDF `NAME.pdf`.
  case missing(pdfPath: String)
  /// The SyncTeX file is there but libsynctex could not read it: truncated, not gzip, not
  /// SyncTeX, no pages, or not readable at all.
  case damaged(synctexPath: String)

  /// The one-line reason.
  public var description: String {
    switch self {
    case .missing(let pdfPath):
      "no SyncTeX file beside \(pdfPath) (build it with -synctex=1)"
    case .damaged(let synctexPath):
      "cannot read the SyncTeX file \(synctexPath): it is damaged, truncated or not SyncTeX"
    }
  }
}
