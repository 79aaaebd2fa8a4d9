/// One terminal cell: a character with its colors and attributes. The second column of a
/// double-width character holds a `continuation` cell, which draws nothing.
public struct Cell: Hashable, Sendable {
  /// The character shown, one Unicode scalar (block glyphs, braille, letters).
  public var scalar: Unicode.Scalar
  /// Color of the glyph's ink.
  public var foreground: TerminalColor
  /// Color behind the glyph.
  public var background: TerminalColor
  /// Bold, reverse and the like.
  public var attributes: CellAttributes
  /// Whether this cell is covered by the double-width character to its left.
  public var isContinuation: Bool

  /// Creates a cell.
  public init(
    _ scalar: Unicode.Scalar = " ", foreground: TerminalColor = .default,
    background: TerminalColor = .default, attributes: CellAttributes = [],
    isContinuation: Bool = false
  ) {
    self.scalar = scalar
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
    self.isContinuation = isContinuation
  }

  /// An empty cell in the terminal's default colors.
  public static let blank = Cell()
}

/// Text attributes a terminal can apply to a cell.
public struct CellAttributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// Bold text.
  public static let bold = CellAttributes(rawValue: 1 << 0)
  /// Foreground and background swapped.
  public static let reverse = CellAttributes(rawValue: 1 << 1)
  /// Underlined text.
  public static let underline = CellAttributes(rawValue: 1 << 2)
  /// Dim text.
  public static let dim = CellAttributes(rawValue: 1 << 3)
}
