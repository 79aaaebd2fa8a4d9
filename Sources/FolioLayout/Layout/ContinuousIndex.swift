import FolioCore

/// A position through a layout's spreads as a real number in `[0, spreadCount)`: `2.5` is the
/// middle of spread 2 whatever its size on screen. Measured along the scrolling axis at the
/// viewport's center; it grows linearly through `[i, i + 1)` inside spread `i` and stays at
/// `i + 1` in the gap after it. In layouts whose items are pages (grid, shelf) the spreads are
/// single pages.
public struct ContinuousSpreadIndex: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The index; finite and never negative.
  public let value: Double

  /// Creates an index; negative or non-finite values become 0, values beyond any document
  /// (2^52) are clamped.
  public init(_ value: Double) {
    self.value = value.isFinite ? min(max(0, value), 0x1p52) : 0
  }

  /// The spread this position lies in.
  public var spread: Int { Int(saturating: value, rounding: .down) }

  /// How far through its spread the position lies, in `[0, 1)`.
  public var fraction: Double { value - value.rounded(.down) }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
  public var description: String { "spread \(value)" }
}

/// A position through a document's pages as a real number in `[0, pageCount)`: `4.25` is a
/// quarter of the way through page index 4. The layout-independent currency that keeps the
/// reader's place when the spread mode changes.
public struct ContinuousPageIndex: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The index; finite and never negative.
  public let value: Double

  /// Creates an index; negative or non-finite values become 0, values beyond any document
  /// (2^52) are clamped.
  public init(_ value: Double) {
    self.value = value.isFinite ? min(max(0, value), 0x1p52) : 0
  }

  /// The page this position lies in.
  public var page: PageIndex { PageIndex(Int(saturating: value, rounding: .down)) }

  /// How far through its page the position lies, in `[0, 1)`.
  public var fraction: Double { value - value.rounded(.down) }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
  public var description: String { "page index \(value)" }
}
