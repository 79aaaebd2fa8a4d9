import FolioCore
import FolioUI

/// Carrying out the session's effects: each document's by its own services, opening and
/// closing documents, bringing one to the front.
extension Browser {
  /// Carries out effects in order; answers a service gives at once go to the back of the
  /// queue.
  func carryOut(_ effects: [SessionEffect]) {
    for effect in effects {
      switch effect {
      case .document(let id, let effect):
        carryOut(effect, of: id)
        if ending != nil { return }
      case .open(let id, let path, let find):
        opener?.open(
          DocumentOpener.Request(
            id: id, path: path, find: find, password: library?.passwords.password(for: path),
            screenSize: session.screenSize))
      case .close(let id):
        guard let engine = engines.removeValue(forKey: id) else { continue }
        if shown == id { deleteImages(of: engine) }
        engine.stop()
        retiring.append(engine)
      case .bringToFront(let id):
        guard id != shown else { continue }
        if let old = engines[shown] { deleteImages(of: old) }
        shown = id
        terminal.invalidate()
      case .reorderShelf:
        guard let library, let shelf = session.shelf, let engine = engines[shelf.id] else {
          continue
        }
        // Said once the shelf is made again in it (over "reloaded").
        orderNotice = "order: " + library.nextOrder()
        engine.reopener?.reopen(around: state.view.currentPage)
      }
    }
  }

  /// Carries out an effect of document `id`.
  private func carryOut(_ effect: Effect, of id: DocumentID) {
    guard let engine = engines[id] else { return }
    switch effect {
    case .startTimer(let timer, let delay):
      engine.timers.start(timer, after: delay, now: .now)
    case .cancelTimer(let timer):
      engine.timers.cancel(timer)
    case .savePlace(let place):
      engine.places?.save(place)
    case .reopenDocument(let page):
      if let reopener = engine.reopener {
        reopener.reopen(around: page)
      } else {
        queue.append(.document(id, .reopenFailed(reason: "the document cannot be opened again")))
      }
    case .adoptDocument(let version):
      let adopted = engine.adopt(version, inbox: inbox) { _ in replacePixels(of: engine) }
      if let failure = adopted?.failure {
        queue.append(.document(id, .problem("cannot start rendering the new version (\(failure))")))
      }
      if let members = adopted?.members, session.isShelf(id) {
        queue.append(.shelfListed(members))
        if let notice = orderNotice { queue.append(.document(id, .problem(notice))) }
        orderNotice = nil
      }
    case .search(let request):
      queue += engine.search(request).map { .document(id, $0) }
    case .copyToClipboard(let text):
      if let job = terminal.copyToClipboard(text) { clipboard.copy(job) }
    case .suspend:
      // A stopped process saves nothing, and may be killed while stopped.
      for engine in engines.values + retiring { engine.places?.finish(timeout: .milliseconds(500)) }
      deleteImages()
      terminal.suspend()
      terminal.invalidate()
    case .quit(let status, let output):
      ending = Ending(status: status, output: output)
    case .leave:
      // The session follows the library's moves itself.
      break
    case .showSourceLine(let point):
      showSourceLine(of: point, in: id)
    case .markUp(let requests):
      markUp(requests, in: id)
    case .changeAnnotation(let change):
      self.change(change, in: id)
    }
  }

  /// Keeps `password`, which opened the shelf's file at `path`, for the rest of the run: the
  /// file opens again without asking, and its cover (whose failure is forgotten) is drawn by
  /// the shelf's workers, which are told the password before their next request.
  private func unlockCover(of path: String, with password: String) {
    guard let library, let shelf = session.shelf else { return }
    library.passwords.learn(password, for: path)
    guard let index = shelf.index(of: path), let engine = engines[shelf.id] else { return }
    engine.board.forgetFailures(of: PageIndex(index))
    // The shelf's search reads it from now on (a search that failed on it reads it again).
    (engine.searcher as? LibrarySearcher)?.readAgain(path)
  }

  /// What an open of the shelf's gave, as events: the document to show, why not, or (for an
  /// encrypted one) its password asked for and the open begun again.
  func take(_ outcome: DocumentOpener.Outcome, of request: DocumentOpener.Request)
    -> [SessionEvent]
  {
    // A client of the control socket that asked for it hears how it went.
    let reply = openReplies.removeValue(forKey: request.id)
    guard session.opening?.id == request.id else {
      // Another document was asked for since.
      if case .opened(let launch) = outcome { launch.opening.handoff.discardRemaining() }
      reply?(.failure("another document was asked for meanwhile"))
      return []
    }
    switch outcome {
    case .opened(let launch):
      do {
        let engine = try DocumentEngine(launch, width: view.width, inbox: inbox)
        var startup = launch.startup
        if launch.showsPixels, pixelCellSize != nil {
          replacePixels(of: engine)
          startup.append(.pixelsAvailable)
        }
        engines[request.id] = engine
        reply?(.success(.string(request.path)))
        if let password = request.password { unlockCover(of: request.path, with: password) }
        return [.opened(request.id, launch.state, startup: startup)]
      } catch {
        launch.opening.handoff.discardRemaining()
        let line = "\(request.path): cannot start rendering (\(error))"
        reply?(.failure(line))
        return [.notOpened(request.id, reason: line)]
      }
    case .needsPassword:
      guard let password = documents?.askPassword(request.path) else {
        terminal.invalidate()
        reply?(.failure("\(request.path): no password given"))
        return [.notOpened(request.id, reason: "\(request.path): no password given")]
      }
      terminal.invalidate()
      var again = request
      again.password = password
      if let reply { openReplies[request.id] = reply }
      opener?.open(again)
      return []
    case .failed(let line):
      reply?(.failure(line))
      return [.notOpened(request.id, reason: line)]
    }
  }
}

extension Browser {
  /// Writes marks over the selection into document `id`'s file, at the version it shows.
  func markUp(_ requests: [MarkRequest], in id: DocumentID) {
    guard let state = session.state(of: id) else { return }
    let edits = requests.map { request in
      let size = state.document.metrics.size(of: request.page)
      return MarkWriting.Edit.add(
        MarkWriting.Mark(
          page: request.page, kind: request.kind,
          lines: request.lines.map { Self.points($0, of: size) }, note: request.note))
    }
    write(edits, in: id, saying: "writing the mark into the file…")
  }

  /// Removes an annotation from document `id`'s file, or changes its note.
  func change(_ change: AnnotationChange, in id: DocumentID) {
    guard let state = session.state(of: id) else { return }
    let annotation = change.annotation
    let size = annotation.pageSize ?? state.document.metrics.size(of: annotation.page)
    let target = MarkWriting.Target(
      page: annotation.page, kind: annotation.kind,
      box: Self.points(annotation.rectangle, of: size), note: annotation.note ?? "",
      name: annotation.name)
    switch change {
    case .remove:
      write([.remove(target)], in: id, saying: "removing the \(annotation.kind.name)…")
    case .editNote(_, let text):
      write([.editNote(target, text)], in: id, saying: "writing the note into the file…")
    }
  }

  /// Hands `edits` to the mark writer, at the version document `id` shows.
  private func write(_ edits: [MarkWriting.Edit], in id: DocumentID, saying line: String) {
    guard let engine = engines[id], let pdf = engine.path, let version = engine.shownVersion
    else {
      queue.append(.document(id, .problem("only a file's own pages can be marked")))
      return
    }
    guard let marks else {
      queue.append(.document(id, .problem("marks cannot be written in this build")))
      return
    }
    marks.write(edits, into: pdf, version: version, for: id)
    queue.append(.document(id, .problem(line)))
  }

  /// A region of a page (fractions) in points from its top-left: left, top, right, bottom.
  static func points(_ region: PageRegion, of size: PointSize) -> [Double] {
    [
      region.x * size.width, region.y * size.height, (region.x + region.width) * size.width,
      (region.y + region.height) * size.height,
    ]
  }
}
