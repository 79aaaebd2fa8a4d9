/// Which version of the document a value belongs to: 1 for the document Folio opened, one more
/// for each reload. Render requests (the cache keys), tiles and pending work carry it, so a
/// picture of one version is never shown as another's.
public struct DocumentVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The version number, from 1.
  public let number: Int

  /// The document as first opened.
  public static let first = DocumentVersion(number: 1)

  /// Creates a version; numbers below 1 become 1.
  public init(number: Int) { self.number = max(1, number) }

  /// The version after this one.
  public var next: DocumentVersion { DocumentVersion(number: number &+ 1) }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.number < rhs.number }
  public var description: String { "v\(number)" }
}
