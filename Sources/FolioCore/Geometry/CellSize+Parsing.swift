extension CellSize {
  /// The largest side accepted from text; larger sizes are typing mistakes, not terminals.
  public static let largestParsedSide = 10_000
  /// The most cells a parsed size may hold: more than any terminal shows (a 8K screen in a
  /// 6 x 12 pixel font is about 460,000), and what bounds the memory a frame takes.
  public static let largestParsedArea = 1_000_000

  /// Parses `COLSxROWS` (such as `80x24`; `X` works too): both sides whole numbers from 1 to
  /// `largestParsedSide`, at most `largestParsedArea` cells in all. Nil for anything else.
  public init?(parsing text: String) {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let columns = Int(parts[0]), let rows = Int(parts[1]),
      (1...Self.largestParsedSide).contains(columns), (1...Self.largestParsedSide).contains(rows),
      columns * rows <= Self.largestParsedArea
    else { return nil }
    self.init(columns: columns, rows: rows)
  }
}
