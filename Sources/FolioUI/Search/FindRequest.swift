/// A search a document opened from the shelf starts with: the query in force on the shelf and,
/// when a hit was picked in the hits list, that hit (the page inside the document and which of
/// that page's hits); else its first hit from where the document opens.
public struct FindRequest: Hashable, Sendable {
  /// What is searched for.
  public var query: String
  /// The hit to go to, if one was picked.
  public var hit: HitPosition?

  /// Creates a request.
  public init(query: String, hit: HitPosition? = nil) {
    self.query = query
    self.hit = hit
  }

  /// The events that start it in the document.
  public var events: [Event] {
    hit.map { [.findHit(query, $0)] } ?? [.find(query)]
  }
}
