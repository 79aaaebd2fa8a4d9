import FolioCore
import FolioUI

/// SyncTeX in the loop: an inverse search (`E`, Ctrl+click) finds the source line of a point
/// and opens the editor there; a forward search shows the boxes a source line made, once the
/// PDF is read again if it is being rewritten. Lookups run on `SourceFinder`'s thread.
extension Browser {
  /// `E` or Ctrl+click on document `id`: looks for the source line of `point`.
  func showSourceLine(of point: PagePoint, in id: DocumentID) {
    guard let engine = engines[id], let pdf = engine.path, let state = session.state(of: id) else {
      queue.append(.document(id, .problem("no file to find the source of")))
      return
    }
    guard let sources else {
      queue.append(.document(id, .problem("SyncTeX cannot be read in this build")))
      return
    }
    let size = state.document.metrics.size(of: point.page)
    let number = sources.findLine(
      in: pdf, page: point.page, x: point.x * size.width, y: point.y * size.height,
      pane: editorPane)
    // Only the newest is wanted: one asked before and not answered yet is let go.
    inverseSearches = [number: id]
  }

  /// Shows where `target` is in the document (a viewer opened by `--synctex-forward`); the
  /// editor's tmux pane is kept for inverse searches. What goes wrong is said on the status
  /// line.
  public func showSource(of target: ForwardTarget, editorPane: String?) {
    search(
      ForwardSearch(
        pdf: target.pdf, input: target.input, line: target.line, column: target.column,
        editorPane: editorPane,
        answer: { [weak self] result in
          guard case .failure(let error) = result else { return }
          self?.send([SessionEvent.document(nil, .problem(error.description))])
        }, waitsUntil: .now + ForwardSearch.longestWait))
  }

  /// Queues a forward search; it is looked up at once unless its document is being read again.
  func search(_ forward: ForwardSearch) {
    if let pane = forward.editorPane { editorPane = pane }
    // A newer search replaces one still waiting: its client hears so.
    for waiting in waitingForwardSearches {
      waiting.answer(.failure(.init(description: "replaced by a newer forward search")))
    }
    waitingForwardSearches = [forward]
    startWaitingForwardSearches()
  }

  /// Starts the waiting forward searches whose PDF is settled (or that waited long enough).
  func startWaitingForwardSearches() {
    guard !waitingForwardSearches.isEmpty else { return }
    let now = ContinuousClock.now
    var still: [ForwardSearch] = []
    for forward in waitingForwardSearches {
      guard let id = document(showing: forward.pdf) else {
        forward.answer(.failure(.init(description: "\(forward.pdf) is not open here")))
        continue
      }
      // The version shown is the file on disk and nothing is reloading: else the search waits
      // for the reload (a rebuild's), which keeps the place it had.
      let isSettled =
        (session.state(of: id).map { $0.reload.phase == .idle } ?? true)
        && engines[id]?.showsFileOnDisk != false
      guard isSettled || now >= forward.waitsUntil else {
        still.append(forward)
        continue
      }
      guard let sources else {
        forward.answer(.failure(.init(description: "SyncTeX cannot be read in this build")))
        continue
      }
      let number = sources.findBoxes(
        in: forward.pdf, input: forward.input, line: forward.line, column: forward.column)
      for asked in forwardSearches.values {
        asked.1.answer(.failure(.init(description: "replaced by a newer forward search")))
      }
      forwardSearches = [number: (id, forward)]
    }
    waitingForwardSearches = still
  }

  /// The document of the session whose file is `pdf`, the front one first.
  func document(showing pdf: String) -> DocumentID? {
    if engines[session.front]?.path == pdf { return session.front }
    return engines.first { $0.value.path == pdf }?.key
  }

  /// What the finder found, as events: boxes marked (and the client answered), source lines
  /// said.
  func sourceEvents(from letters: [LoopInbox.Letter]) -> [SessionEvent] {
    guard let sources else { return [] }
    var events: [SessionEvent] = []
    for answer in sources.answers(in: letters) {
      if let id = inverseSearches.removeValue(forKey: answer.number) {
        let line =
          switch answer.result {
          case .success(let found): found.description
          case .failure(let error): error.description
          }
        events.append(.document(id, .problem(line)))
      }
      if let (id, forward) = forwardSearches.removeValue(forKey: answer.number) {
        switch answer.result {
        case .success(.boxes(let boxes)): events += shown(boxes, of: forward, in: id)
        case .success(.line): break
        case .failure(let error): forward.answer(.failure(error))
        }
      }
    }
    return events
  }

  /// The boxes of a forward search marked on their document.
  private func shown(_ boxes: [SourceLookup.Box], of forward: ForwardSearch, in id: DocumentID)
    -> [SessionEvent]
  {
    guard let state = session.state(of: id) else {
      forward.answer(.failure(.init(description: "\(forward.pdf) was closed meanwhile")))
      return []
    }
    let marks = boxes.compactMap { box -> SourceMark? in
      guard box.page.rawValue >= 0, box.page.rawValue < state.document.pageCount else {
        return nil
      }
      let size = state.document.metrics.size(of: box.page)
      // SyncTeX also names boxes of no size (glue, a kern): nothing to mark.
      guard size.width > 0, size.height > 0, box.width > 0, box.height > 0 else { return nil }
      return SourceMark(
        page: box.page,
        region: PageRegion(
          x: box.x / size.width, y: box.y / size.height, width: box.width / size.width,
          height: box.height / size.height))
    }
    guard let first = marks.first else {
      let place = "\(forward.input):\(forward.line)"
      forward.answer(.failure(.init(description: "SyncTeX knows no box of \(place)")))
      return []
    }
    forward.answer(.success(first.page.number))
    return [.document(id, .remote(.showSource(marks)))]
  }
}
