/// How many times taller than wide one terminal cell looks on screen: the ratio that turns
/// columns and rows into visually equal lengths. A horizontal length of `g` columns looks as long
/// as a vertical length of `g / value` rows.
public struct CellAspect: Hashable, Sendable, CustomStringConvertible {
  /// Cell height over cell width; always finite and inside `supportedRange`.
  public let value: Double

  /// The ratios Folio accepts; anything outside is clamped to the nearest bound.
  public static let supportedRange: ClosedRange<Double> = 0.5...4

  /// The usual terminal cell, twice as tall as wide.
  public static let standard = CellAspect(2)

  /// Creates a cell aspect; a value that is not finite and positive becomes `standard`, one
  /// outside `supportedRange` is clamped into it.
  public init(_ value: Double) {
    guard value.isFinite, value > 0 else {
      self.value = 2
      return
    }
    self.value = min(max(value, Self.supportedRange.lowerBound), Self.supportedRange.upperBound)
  }

  /// The aspect of the cells of a terminal that reports its size in pixels as well as in cells
  /// (as `TIOCGWINSZ` does in `ws_xpixel`/`ws_ypixel`), or nil when it reports no pixel size.
  public init?(pixelWidth: Int, pixelHeight: Int, columns: Int, rows: Int) {
    guard pixelWidth > 0, pixelHeight > 0, columns > 0, rows > 0 else { return nil }
    let cellWidth = Double(pixelWidth) / Double(columns)
    let cellHeight = Double(pixelHeight) / Double(rows)
    self.init(cellHeight / cellWidth)
  }

  public var description: String { "\(value)" }
}
