/// A screen read as text: what tests, `--print` and the benchmarks compare.
extension ScreenBuffer {
  /// The screen as text, one string per row (continuation cells left out). O(cells).
  public var rows: [String] {
    (0..<size.rows).map { y in
      var text = String.UnicodeScalarView()
      for x in 0..<size.columns where !self[x, y].isContinuation { text.append(self[x, y].scalar) }
      return String(text)
    }
  }
}
