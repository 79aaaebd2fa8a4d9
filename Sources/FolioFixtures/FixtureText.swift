/// A run of text drawn at a place of a fixture page, at a size and weight of its own (for
/// reflow tests: headings, running heads, columns, page numbers).
public struct FixtureText: Sendable {
  /// The text (one line).
  public var text: String
  /// Where its baseline starts, in points from the page's left edge.
  public var x: Double
  /// Where its baseline is, in points from the page's top edge.
  public var y: Double
  /// Its size in points.
  public var size: Double
  /// Whether it is bold.
  public var isBold: Bool
  /// The font family: DejaVu Sans, or another installed one (Droid Sans Fallback for CJK).
  public var family: String
  /// The structure element it is tagged as ("H1", "P"; cairo writes the structure tree), or
  /// nil for untagged text.
  public var tag: String?

  /// Creates a run of text.
  public init(
    _ text: String, x: Double, y: Double, size: Double = 10, isBold: Bool = false,
    family: String = "DejaVu Sans", tag: String? = nil
  ) {
    self.tag = tag
    self.text = text
    self.x = x
    self.y = y
    self.size = size
    self.isBold = isBold
    self.family = family
  }
}
