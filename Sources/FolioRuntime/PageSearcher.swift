import FolioUI

/// What searches the pages the loop shows: one document's (`DocumentSearcher`) or a library
/// shelf's documents (`LibrarySearcher`). Its answers come back as events.
public protocol PageSearcher: LoopService {
  /// Starts (or clears, for an empty query) the search of `request`.
  func search(_ request: SearchRequest)
  /// Finds where the hits of `request`'s pages lie (answered by `hitRegions` events).
  func findRegions(_ request: HitRegionRequest)
  /// Sends the hits panel's lines now and whenever more hits are found.
  func sendLines()
  /// Stops sending lines (the panel closed).
  func stopLines()
}

extension DocumentSearcher: PageSearcher {}

/// How the loop searches what it shows: one document, or a library's shelf.
public enum SearchSetup: Sendable {
  case document(DocumentSearcher.Setup)
  case library(LibraryText)

  /// A searcher posting to `inbox`.
  func makeSearcher(inbox: LoopInbox) -> any PageSearcher {
    switch self {
    case .document(let setup): DocumentSearcher(setup, inbox: inbox)
    case .library(let text): LibrarySearcher(text, inbox: inbox)
    }
  }
}
