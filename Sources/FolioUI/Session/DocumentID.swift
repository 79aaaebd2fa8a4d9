/// Which of a session's documents: the shelf and each document opened from it get their own,
/// never reused, so an answer for a document closed meanwhile finds no one.
public struct DocumentID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The id's number, counted from 0 in the order documents were asked for.
  public let rawValue: Int

  /// The id of the session's first document (the shelf, or the document given alone).
  public static let first = DocumentID(rawValue: 0)

  /// The id after this one.
  public var next: DocumentID { DocumentID(rawValue: rawValue + 1) }

  public static func < (lhs: DocumentID, rhs: DocumentID) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "document \(rawValue)" }
}
