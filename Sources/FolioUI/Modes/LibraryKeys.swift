import FolioCore

/// The library's keys, apart from browsing a document: on the shelf's grid Enter opens the
/// selected document (on its first hit while a search is on) and `O` orders the shelf anew; in a
/// document of the library Esc on the grid goes back to the shelf and `[` `]` go to the previous
/// and next document. Elsewhere `O`, `[` and `]` say where they work. Reads the state; normal
/// browsing turns the answer into an intent (`Intent.leave` or `Intent.say`).
enum LibraryKeys {
  /// What a library key does.
  enum Answer: Hashable, Sendable {
    /// Leaves the document shown for another of the library.
    case leave(LibraryMove)
    /// Says why the key does nothing here.
    case explain(String)
  }

  /// What `action` does as a library key in `state`; nil when it is not one here (the key
  /// browses as usual).
  static func answer(to action: Action, in state: AppState) -> Answer? {
    let library = state.settings.library
    switch action {
    case .open where library == .shelf && state.view.mode == .grid && state.picking.format == nil:
      let find = state.search.isActive ? FindRequest(query: state.search.query) : nil
      return .leave(.open(state.view.currentPage, find: find))
    case .back where library == .member && state.view.mode == .grid:
      return .leave(.back)
    case .cycleOrder:
      guard library == .shelf else {
        return .explain("O orders a library's shelf: folio FOLDER or folio FILE…")
      }
      return .leave(.reorder)
    case .previousDocument, .nextDocument:
      guard library == .member else {
        return .explain(
          library == .shelf
            ? "[ ] go through the library from a document: Enter opens one"
            : "[ ] go through a library's documents: folio FOLDER or folio FILE…")
      }
      return .leave(action == .nextDocument ? .next : .previous)
    case .annotationsPanel where library == .shelf:
      return .explain("A lists a document's annotations: Enter opens one")
    default:
      return nil
    }
  }
}
