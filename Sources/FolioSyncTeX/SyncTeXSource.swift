/// The answer of an inverse search: the place in a source file a point of the PDF came from.
public struct SyncTeXSource: Hashable, Sendable {
  /// The source file: the name TeX recorded, made absolute against the PDF's folder when it
  /// is relative, with its `.` parts taken out (`./chapter.tex` → `/project/chapter.tex`).
  public var path: String
  /// The line, 1-based.
  public var line: Int
  /// The column, 1-based, or nil when TeX did not record one (pdfTeX never does).
  public var column: Int?

  /// Creates a source place.
  public init(path: String, line: Int, column: Int?) {
    self.path = path
    self.line = line
    self.column = column
  }
}
