import FolioCore
import FolioUI
import Foundation

/// The control socket in the loop: each request read from a client is carried out as the
/// person's keys would be (`RemoteRequest` → session events), answered at once or, for an
/// `open` or a forward search, when done; subscribers hear what changed after each frame.
extension Browser {
  /// Carries out the requests taken from the inbox, in order.
  func answerControlRequests() {
    let requests = controlRequests
    controlRequests = []
    for incoming in requests {
      answer(incoming.request, from: incoming.client)
      if ending != nil { return }
    }
  }

  private func answer(_ request: ControlRequest, from client: ControlServer.ClientID) {
    let reply = replying(to: request, from: client)
    switch RemoteRequest.read([request.name] + request.arguments.map(\.description)) {
    case .failure(let refusal): reply(.failure(refusal.reason))
    case .success(let remote): carryOut(remote, from: client, reply: reply)
    }
  }

  /// How to answer `request`: once, whenever the answer is known.
  private func replying(to request: ControlRequest, from client: ControlServer.ClientID)
    -> (ControlReply.Outcome) -> Void
  {
    { [weak control] outcome in
      _ = control?.reply(ControlReply(id: request.id, outcome: outcome), to: client)
    }
  }

  private func carryOut(
    _ remote: RemoteRequest, from client: ControlServer.ClientID,
    reply: @escaping (ControlReply.Outcome) -> Void
  ) {
    switch remote {
    case .act(let action, let count):
      send([SessionEvent.document(nil, .remote(.act(action, count: count)))])
      reply(.success(.null))
    case .goTo(let target):
      guard let page = state.document.page(named: target) else {
        let pages = state.document.pageCount
        reply(.failure("no page \(RemoteRequest.quoted(target)) (\(pages) pages)"))
        return
      }
      send([SessionEvent.document(nil, .remote(.goTo(page)))])
      reply(.success(.number(Double(page.number))))
    case .open(let path, let page):
      open(path, at: page, reply: reply)
    case .find(let text):
      send([SessionEvent.document(nil, .find(text))])
      reply(.success(.null))
    case .get(let property):
      guard property == .section || property == .all, state.document.outline == nil else {
        reply(.success(value(of: property)))
        return
      }
      // The section needs the outline: answered once it is read.
      engines[session.front]?.readOutline()
      waitingForOutline.append((property, reply))
    case .subscribe(let topics):
      subscribers[client] = Subscription(topics: topics)
      reply(.success(.null))
      // What each topic is now, at once (as mpv's observe_property does).
      notifySubscribers()
    case .quit:
      reply(.success(.null))
      send([SessionEvent.document(nil, .remote(.act(.quit, count: nil)))])
    case .forwardSearch(let pdf, let input, let line, let column, let pane):
      search(
        ForwardSearch(
          pdf: Self.absolute(pdf), input: input, line: line, column: column, editorPane: pane,
          answer: { result in
            switch result {
            case .success(let page): reply(.success(.number(Double(page))))
            case .failure(let error): reply(.failure(error.description))
            }
          }, waitsUntil: .now + ForwardSearch.longestWait))
    }
  }

  /// `open FILE [PAGE]`: the file opened off the loop; the client is answered once it shows.
  private func open(
    _ path: String, at page: String?, reply: @escaping (ControlReply.Outcome) -> Void
  ) {
    let absolute = Self.absolute(path)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder),
      !isFolder.boolValue
    else {
      reply(.failure("no file \(RemoteRequest.quoted(absolute))"))
      return
    }
    guard opener != nil else {
      reply(.failure("this viewer cannot open other files"))
      return
    }
    if let waiting = session.opening.flatMap({ openReplies.removeValue(forKey: $0.id) }) {
      waiting(.failure("replaced by another open"))
    }
    send([SessionEvent.openFile(absolute, page: page)])
    guard let opening = session.opening, opening.path == absolute else {
      reply(.failure("\(RemoteRequest.quoted(absolute)) could not be asked for"))
      return
    }
    openReplies[opening.id] = reply
  }

  /// `path` made absolute against the current folder.
  static func absolute(_ path: String) -> String {
    path.hasPrefix("/")
      ? path : FileManager.default.currentDirectoryPath + "/" + path
  }

  /// What `get` reads of `property` (from `report`, the front document's, when given).
  func value(of property: RemoteProperty, in given: DocumentReport? = nil) -> ControlValue {
    let report = given ?? state.report
    switch property {
    case .file: return engines[session.front]?.path.map { .string($0) } ?? .null
    case .files:
      let front = engines[session.front]?.path
      let others = engines.filter { $0.key != session.front }.compactMap(\.value.path).sorted()
      return .array(([front].compactMap { $0 } + others).map { .string($0) })
    case .page: return .number(Double(report.page))
    case .label: return report.label.map { .string($0) } ?? .null
    case .pages: return .number(Double(report.pages))
    case .view: return .string(report.view)
    case .zoom: return report.zoom.map { .number(Double($0)) } ?? .null
    case .selection: return report.selection.map { .string($0) } ?? .null
    case .hits:
      guard let hits = report.hits else { return .null }
      return .object([
        "query": .string(hits.query), "count": .number(Double(hits.count)),
        "complete": .bool(hits.isComplete),
        "current": hits.current.map { .number(Double($0)) } ?? .null,
      ])
    case .section: return report.section.map { .string($0) } ?? .null
    case .all:
      var all: [String: ControlValue] = [:]
      for other in RemoteProperty.allCases where other != .all {
        all[other.rawValue] = value(of: other, in: report)
      }
      return .object(all)
    }
  }

  /// Tells each subscriber what changed among its topics since it last heard, and answers
  /// the `get`s that waited for the outline once it is read.
  func notifySubscribers() {
    if !waitingForOutline.isEmpty, state.document.outline != nil {
      let waiting = waitingForOutline
      waitingForOutline = []
      for (property, reply) in waiting { reply(.success(value(of: property))) }
    }
    guard let control, !subscribers.isEmpty else { return }
    // Read once for every subscriber (the selection's text is the costly part).
    let report = state.report
    for (client, var subscription) in subscribers {
      for topic in subscription.topics.sorted(by: { $0.rawValue < $1.rawValue }) {
        let now = value(following: topic, in: report)
        guard subscription.lastSent[topic] != now else { continue }
        subscription.lastSent[topic] = now
        guard control.send(event: ControlEvent(name: topic.rawValue, data: now), to: client)
        else {
          // The client has gone: so has its subscription.
          subscribers[client] = nil
          break
        }
      }
      if subscribers[client] != nil { subscribers[client] = subscription }
    }
  }

  /// A topic's value as its events carry it.
  private func value(following topic: RemoteTopic, in report: DocumentReport) -> ControlValue {
    switch topic {
    case .page:
      return .object([
        "page": value(of: RemoteProperty.page, in: report),
        "label": value(of: RemoteProperty.label, in: report),
      ])
    case .file: return value(of: RemoteProperty.file, in: report)
    case .view: return value(of: RemoteProperty.view, in: report)
    case .hits: return value(of: RemoteProperty.hits, in: report)
    case .selection: return value(of: RemoteProperty.selection, in: report)
    }
  }
}

/// A client's subscription: its topics and what it heard last of each.
struct Subscription {
  var topics: Set<RemoteTopic>
  var lastSent: [RemoteTopic: ControlValue] = [:]
}
