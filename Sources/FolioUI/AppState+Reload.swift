import FolioCore

/// Reloading: from a change of the file to the new version on screen.
extension AppState {
  /// The file changed: wait for it to settle (restarting the wait), with a deadline.
  mutating func noteFileChanged() -> [Effect] {
    guard reload.canReopen else { return [] }
    if reload.phase == .opening {
      reload.changedWhileOpening = true
      return []
    }
    var effects: [Effect] = [.startTimer(.reloadDebounce, after: ReloadState.quietPeriod)]
    if !reload.isDeadlineRunning {
      reload.isDeadlineRunning = true
      effects.append(.startTimer(.reloadAtLatest, after: ReloadState.longestWait))
    }
    if case .waiting = reload.phase {} else { reload.phase = .settling }
    return effects
  }

  /// Opens the file again now (`R`, or the file settled).
  mutating func reopenDocument() -> [Effect] {
    guard reload.canReopen else {
      say("cannot reload: the document was read from a stream")
      return []
    }
    if reload.phase == .opening {
      reload.changedWhileOpening = true
      return []
    }
    reload.phase = .opening
    reload.isDeadlineRunning = false
    return [.cancelTimer(.reloadDebounce), .cancelTimer(.reloadAtLatest), .reopenDocument]
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
    guard summary.version > documentVersion else { return [] }
    replaceDocument(with: summary)
    reload.phase = .idle
    say("reloaded")
    var effects: [Effect] = [.adoptDocument(summary.version)]
    if search.isActive {
      // The new version's text is searched again for the same query.
      let query = search.query
      let onlyHits = showsOnlyHits
      search.query = ""
      effects += startSearch(query)
      if onlyHits { showsOnlyHits = true }
      if modes.contains(where: { $0 is HitsPanelMode }) { effects.append(.wantHitLines) }
    }
    if reload.changedWhileOpening {
      reload.changedWhileOpening = false
      effects += noteFileChanged()
    }
    return effects
  }

  /// The file did not open: keep the version on screen and wait for the next change.
  mutating func noteReopenFailed(_ reason: String) -> [Effect] {
    reload.phase = .waiting(reason: TerminalText.sanitized(reason))
    guard reload.changedWhileOpening else { return [] }
    reload.changedWhileOpening = false
    return noteFileChanged()
  }
}
