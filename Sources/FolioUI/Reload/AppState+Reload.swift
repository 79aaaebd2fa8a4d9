import FolioCore
import FolioLayout

/// Reloading: from a change of the file to the new version on screen.
extension AppState {
  /// The file changed: wait for it to settle (restarting the wait), with a deadline.
  mutating func noteFileChanged() -> [Effect] { reload.noteChange() }

  /// Opens the file again now (`R`, or the file settled).
  mutating func reopenDocument() -> [Effect] {
    guard reload.canReopen else {
      say("cannot reload: the document was read from a stream")
      return []
    }
    guard reload.beginOpening() else { return [] }
    return [
      .cancelTimer(.reloadDebounce), .cancelTimer(.reloadAtLatest),
      .reopenDocument(around: view.currentPage),
    ]
  }

  /// A timer of the reload ran out: open the file if it is still due.
  mutating func reloadTimerFired() -> [Effect] {
    switch reload.phase {
    case .settling, .waiting: return reopenDocument()
    case .idle, .opening: return []
    }
  }

  /// The new version opened: show it.
  mutating func adopt(_ summary: DocumentSummary) -> [Effect] {
    guard summary.version > document.version else { return [] }
    replaceDocument(with: summary)
    let changedMeanwhile = reload.finishOpening()
    say("reloaded")
    var effects: [Effect] = [.adoptDocument(summary.version)]
    if search.isActive {
      // The new version's text is searched again for the same query, which stays in force.
      effects += restartSearch()
    }
    if changedMeanwhile { effects += noteFileChanged() }
    return effects
  }

  /// The file did not open: keep the version on screen and wait for the next change.
  mutating func noteReopenFailed(_ reason: String) -> [Effect] {
    guard reload.failOpening(TerminalText.sanitized(reason)) else { return [] }
    return noteFileChanged()
  }
}

extension AppState {
  /// Shows a new version of the document: its pages and facts replace the old ones; the mode,
  /// zooms and spreads stay, and so does the place (the same page, clamped to the new page
  /// count, at the same point within it).
  mutating func replaceDocument(with summary: DocumentSummary) {
    let place = here
    let anchor = view.layout.continuousPageIndex(at: view.viewport)
    let across = crossFraction
    document = document.replaced(by: summary)
    view.awaitBodyText(of: nil)
    picking.clamp(toPageCount: document.pageCount)
    view.goTo(page: document.clamped(view.currentPage))
    refreshLayout()
    if view.mode == .read {
      // The same words at the top, once their page of the new version is reflowed.
      showInReading(
        Destination(page: document.clamped(place.page), top: place.top, left: place.left))
      return
    }
    let relaid = view.layout
    let clamped = ContinuousPageIndex(min(anchor.value, Double(document.pageCount).nextDown))
    let index = relaid.spreads.continuousSpreadIndex(for: clamped)
    view.scroll(to: relaid.clamped(relaid.viewport(centeredOn: index, crossFraction: across)))
    if view.mode == .grid {
      view.scroll(to: relaid.viewport(showing: view.currentPage, at: .nearest, from: view.viewport))
    } else {
      view.goTo(page: relaid.continuousPageIndex(at: view.viewport).page)
    }
    view.followCurrentPageInShelf()
  }

  /// Where across the content the viewport's center is, from 0 to 1.
  private var crossFraction: Double {
    let content = view.layout.contentSize
    let center = view.viewport.center
    if view.layout.progression.isVertical {
      return content.columns > 0 ? center.x / Double(content.columns) : 0.5
    }
    return content.rows > 0 ? center.y / Double(content.rows) : 0.5
  }
}
