/// What the session's `update` asks of the runtime: an effect of one of its documents (carried
/// out by that document's services), opening a document of the shelf off the loop's thread,
/// letting a document's services go, showing another document, making the shelf in its next
/// order.
public enum SessionEffect: Sendable, Equatable {
  /// An effect of the document `id`.
  case document(DocumentID, Effect)
  /// Open the file at `path` as the document `id` (answered by `opened` or `notOpened`),
  /// starting `find` in it when given.
  case open(DocumentID, path: String, find: FindRequest?)
  /// The document `id` is gone from the session: its services stop (its place was saved).
  case close(DocumentID)
  /// The document `id` is in front now: the screen is drawn anew (the images of the one
  /// before deleted).
  case bringToFront(DocumentID)
  /// Make the shelf again in its next order (answered by `shelfListed`).
  case reorderShelf
}
