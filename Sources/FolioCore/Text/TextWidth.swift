/// How many terminal columns a character takes: 0 (combining marks), 1, or 2 (wide CJK,
/// emoji). The terminal backend supplies one backed by the C library's `wcwidth` in the
/// user's locale; `approximate` is a locale-free stand-in for tests.
public struct TextWidth: Sendable {
  /// Columns for one scalar; negative means unprintable (treated as 0 after sanitizing).
  public var columns: @Sendable (Unicode.Scalar) -> Int

  /// Creates a measure from a per-scalar width function.
  public init(columns: @escaping @Sendable (Unicode.Scalar) -> Int) {
    self.columns = columns
  }

  /// A close approximation of wcwidth for a UTF-8 locale: combining marks are 0 columns,
  /// East Asian wide and fullwidth ranges and most emoji 2, everything else 1.
  public static let approximate = TextWidth { scalar in
    let v = scalar.value
    switch v {
    case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
      0x200B...0x200D:
      return 0
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// The width of a whole string, in columns.
  public func width(of text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + max(0, columns($1)) }
  }

  /// The longest prefix of `text` that fits in `limit` columns, with "…" at the end when
  /// something was cut (and the limit allows one).
  public func truncated(_ text: String, toWidth limit: Int) -> String {
    guard limit > 0 else { return "" }
    if width(of: text) <= limit { return text }
    var result = String.UnicodeScalarView()
    var used = 0
    for scalar in text.unicodeScalars {
      let w = max(0, columns(scalar))
      if used + w > limit - 1 { break }
      result.append(scalar)
      used += w
    }
    return String(result) + "…"
  }

  /// The longest suffix of `text` that fits in `limit` columns, with "…" at the start when
  /// something was cut (and the limit allows one): the end of a line being typed.
  public func truncatedFromStart(_ text: String, toWidth limit: Int) -> String {
    guard limit > 0 else { return "" }
    if width(of: text) <= limit { return text }
    var kept: [Unicode.Scalar] = []
    var used = 0
    for scalar in text.unicodeScalars.reversed() {
      let w = max(0, columns(scalar))
      if used + w > limit - 1 { break }
      kept.append(scalar)
      used += w
    }
    var result = String.UnicodeScalarView()
    result.append("…")
    result.append(contentsOf: kept.reversed())
    return String(result)
  }
}

extension ScreenBuffer {
  /// Writes `text` rightwards from `origin`, at most `maxWidth` columns, each cell
  /// styled like `style`. Wide characters take two cells (the second a continuation); one that
  /// would not fit is left out. Returns the number of columns written. Text must be sanitized.
  @discardableResult
  public mutating func write(
    _ text: String, at origin: CellPoint, maxWidth: Int? = nil, style: Cell = .blank,
    width measure: TextWidth
  ) -> Int {
    let limit = maxWidth ?? (size.columns - origin.x)
    var x = 0
    for scalar in text.unicodeScalars {
      let w = measure.columns(scalar)
      // A combining mark cannot be drawn in a cell of its own: it is dropped.
      if w <= 0 { continue }
      if x + w > limit { break }
      var cell = style
      cell.scalar = scalar
      cell.isContinuation = false
      self[origin.x + x, origin.y] = cell
      if w == 2 {
        var continuation = style
        continuation.scalar = " "
        continuation.isContinuation = true
        self[origin.x + x + 1, origin.y] = continuation
      }
      x += w
    }
    return x
  }
}
