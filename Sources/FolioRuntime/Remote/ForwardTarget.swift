/// What `--synctex-forward` asks for: the PDF, the source file, its line and column. Written
/// as zathura writes it (`LINE:COLUMN:TEXFILE` with the PDF as FILE) or as one word
/// (`PDF#TEXFILE:LINE:COLUMN`); a column of 0 or less is unknown.
public struct ForwardTarget: Equatable, Sendable {
  public var pdf: String
  public var input: String
  public var line: Int
  public var column: Int

  /// A target of `input`'s `line` and `column` in `pdf`.
  public init(pdf: String, input: String, line: Int, column: Int) {
    self.pdf = pdf
    self.input = input
    self.line = line
    self.column = column
  }

  /// The target `spec` names, with `file` (the command line's FILE) as the PDF when `spec`
  /// does not name one; nil when it cannot be read.
  public static func parse(_ spec: String, file: String?) -> ForwardTarget? {
    // PDF#TEXFILE:LINE:COLUMN: the PDF ends at the first "#" after ".pdf" (either path may
    // hold a "#"), else at the last "#".
    let hashes = spec.indices.filter { spec[$0] == "#" }
    let afterPDF = hashes.first { spec[..<$0].lowercased().hasSuffix(".pdf") }
    if let hash = afterPDF ?? hashes.last, file == nil {
      let pdf = String(spec[..<hash])
      let rest = spec[spec.index(after: hash)...].split(
        separator: ":", omittingEmptySubsequences: false)
      guard !pdf.isEmpty, rest.count >= 3, let line = Int(rest[rest.count - 2]),
        let column = Int(rest[rest.count - 1]), line > 0
      else { return nil }
      let input = rest.dropLast(2).joined(separator: ":")
      guard !input.isEmpty else { return nil }
      return ForwardTarget(pdf: pdf, input: input, line: line, column: column)
    }
    // LINE:COLUMN:TEXFILE (the file may hold colons).
    let parts = spec.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    guard let file, parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]),
      line > 0, !parts[2].isEmpty
    else { return nil }
    return ForwardTarget(pdf: file, input: String(parts[2]), line: line, column: column)
  }
}
