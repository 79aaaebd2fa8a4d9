/// The position of a page in its document, counting from 0. Not a page number or label:
/// page 1 as a person says it is `PageIndex(0)`.
public struct PageIndex: Hashable, Comparable, Sendable, Strideable, CustomStringConvertible {
  /// The 0-based index.
  public var rawValue: Int

  /// Creates an index from a 0-based position.
  public init(_ rawValue: Int) { self.rawValue = rawValue }

  /// The index of the page a person calls `number` (1-based).
  public init(number: Int) { self.rawValue = number - 1 }

  /// The 1-based page number a person reads.
  public var number: Int { rawValue + 1 }

  public static func < (lhs: PageIndex, rhs: PageIndex) -> Bool { lhs.rawValue < rhs.rawValue }
  public func distance(to other: PageIndex) -> Int { other.rawValue - rawValue }
  public func advanced(by n: Int) -> PageIndex { PageIndex(rawValue + n) }
  public var description: String { "page \(number)" }
}
