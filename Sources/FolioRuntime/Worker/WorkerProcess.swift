import FolioCore
import FolioPixels
import FolioUI
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Page work in a worker process with limits. The process is started at once (so it loads
/// while the viewer gets ready) and replaced whenever it ends: a crash, a request past the time
/// limit (killed), the memory limit, or a recycle after enough pages. A request whose worker
/// failed throws `RenderTimeout` or `WorkerFailure`; the next request gets a fresh worker.
/// Use from one thread at a time.
public final class WorkerProcess: PageWorker {
  private let launch: WorkerLaunch
  private let document: WorkerDocument
  private let limits: WorkerLimits
  /// A worker process and how far it has got.
  private struct Running {
    var child: WorkerChild
    /// Whether it has answered its open request yet.
    var isOpened = false
    /// Requests sent ahead whose replies nobody waits for (a successor's warm-up), read and
    /// dropped before its first real request.
    var unreadReplies: [UInt64] = []
    /// Pages it has served.
    var pagesServed = 0
    /// Its resident memory after its first request, once known, and the deepest page it had
    /// looked up then.
    var firstResident: Int?
    var firstDeepest = 0
    /// The deepest page it has looked up.
    var deepest = 0
    /// How many of the known passwords it was told (`KnownPasswords.all`'s generation).
    var toldPasswords = 0
  }

  /// What Poppler keeps for each page up to the deepest one a worker looked up, at most (2.7 KB
  /// measured on the 15,000-page fixture): growth that deeper pages explain is not a reason to
  /// recycle, since a fresh worker would look the same pages up again.
  static let pageObjectBytes = 4 << 10

  /// The deepest page asked for lately: a successor looks it up while it waits, so that its
  /// first request does not walk Poppler's page tree.
  private var deepestPage = 0
  /// The document's page count, as the worker said when it opened it.
  public private(set) var documentPageCount: Int?

  /// The worker serving requests, if one runs.
  private var current: Running?
  /// The worker that takes over at the next recycle, started (and opening the document) while
  /// the current one serves its last pages, so a recycle never waits for a process to start.
  private var successor: Running?
  private var child: WorkerChild? { current?.child }
  private var nextID: UInt64 = 1
  /// Workers started so far (1 for a worker never replaced).
  public private(set) var startCount = 0

  /// Starts a worker for `document` now.
  public init(launch: WorkerLaunch, document: WorkerDocument, limits: WorkerLimits) {
    self.launch = launch
    self.document = document
    self.limits = limits
    _ = try? runningChild()
  }

  /// The process id of the worker running now, if one is.
  public var processID: Int32? { child?.pid }

  /// Replaces a worker grown past `restingResidentBytes` (by its successor, else by none: the
  /// next request starts a fresh one).
  public func rest() {
    guard let child else { return }
    if child.hasEnded || (child.residentBytes ?? 0) > limits.restingResidentBytes { retire() }
  }

  /// Whether a successor is started and waiting to take over (for tests).
  var hasSuccessor: Bool { successor != nil }

  public func render(_ request: RenderRequest) throws -> RenderedPage {
    let (reply, messages) = try exchange(.render(request), pages: 1)
    guard case .rendered(var page) = reply else {
      throw failBroken(.malformed("a reply of the wrong kind"))
    }
    try failIfOutOfMemory(messages)
    page.messages = messages
    return page
  }

  public func picture(_ job: PictureJob) throws -> EncodedPicture {
    let (reply, messages) = try exchange(.renderPicture(job), pages: 1)
    guard case .picture(let picture) = reply else {
      throw failBroken(.malformed("a reply of the wrong kind"))
    }
    // Its bytes go to the terminal as they are: nothing but the picture asked for.
    guard PictureCheck.isWellFormed(picture, for: job) else {
      throw failBroken(.malformed("a picture that is not the one asked for"))
    }
    try failIfOutOfMemory(messages)
    return picture
  }

  /// A decoder stopped at the memory limit (a damaged image claiming gigabytes): what was
  /// drawn lacks that part, so the page is failed for memory, and the worker, its heap grown
  /// to the limit, replaced.
  private func failIfOutOfMemory(_ messages: [String]) throws {
    guard messages.contains(where: Self.saysOutOfMemory) else { return }
    retire()
    throw WorkerFailure(.outOfMemory(limit: limits.memoryBytes))
  }

  public func facts(of pages: Range<Int>) throws -> [PageFact] {
    // Reading facts counts no page: a batch touches 500 pages, and a recycled reader would walk
    // the page tree again to reach the next one.
    let (reply, _) = try exchange(.readFacts(pages), pages: 0)
    guard case .facts(let facts) = reply else {
      throw failBroken(.malformed("a reply of the wrong kind"))
    }
    return facts
  }

  public func texts(of pages: Range<Int>) throws -> [PageText] {
    // Each page's text loads the page, as a render does.
    let (reply, _) = try exchange(.readText(pages), pages: pages.count)
    guard case .texts(let texts) = reply else {
      throw failBroken(.malformed("a reply of the wrong kind"))
    }
    return texts
  }

  public func contentBoxes(of pages: Range<Int>) throws -> [PageRegion?] {
    // Each box renders its page small.
    let (reply, _) = try exchange(.readContentBoxes(pages), pages: pages.count)
    guard case .contentBoxes(let boxes) = reply else {
      throw failBroken(.malformed("a reply of the wrong kind"))
    }
    return boxes
  }

  public func outline() throws -> [OutlineEntry] {
    let (reply, _) = try exchange(.readOutline, pages: 0)
    guard case .outline(let entries) = reply else {
      throw failBroken(.malformed("a reply of the wrong kind"))
    }
    return entries
  }

  public func styledTexts(of pages: Range<Int>) throws -> [PageText] {
    let (reply, _) = try exchange(.readStyledText(pages), pages: pages.count)
    guard case .texts(let texts) = reply else {
      throw failBroken(.malformed("a reply of the wrong kind"))
    }
    return texts
  }

  public func taggedHeadings() throws -> [TaggedHeading] {
    let (reply, _) = try exchange(.readHeadings, pages: 0)
    guard case .headings(let headings) = reply else {
      throw failBroken(.malformed("a reply of the wrong kind"))
    }
    return headings
  }

  public func links(of pages: Range<Int>) throws -> [[PageLink]] {
    // Each page's links load the page, as a render does.
    let (reply, _) = try exchange(.readLinks(pages), pages: pages.count)
    guard case .links(let links) = reply else {
      throw failBroken(.malformed("a reply of the wrong kind"))
    }
    return links
  }

  public func annotations(of pages: Range<Int>) throws -> [[DocumentAnnotation]] {
    // Each page's annotations load the page (and its text where they mark text).
    let (reply, _) = try exchange(.readAnnotations(pages), pages: pages.count)
    guard case .annotations(let annotations) = reply else {
      throw failBroken(.malformed("a reply of the wrong kind"))
    }
    return annotations
  }

  /// Sends one request and waits for its reply, within the time limit counted from now.
  /// Returns the reply and what the worker's libraries wrote meanwhile.
  private func exchange(_ request: WorkerRequest, pages: Int) throws
    -> (reply: WorkerReply, messages: [String])
  {
    let deadline = ContinuousClock.now + limits.timePerRequest
    let child = try runningChild()
    if current?.isOpened == false {
      // The open's answer first, so that what the libraries say while opening (a repaired
      // cross-reference table) is not taken for a complaint about this request's page.
      switch try reply(from: child, id: 0, until: deadline) {
      case .opened(let pageCount):
        current?.isOpened = true
        documentPageCount = pageCount
      case .failed(let error):
        retire()
        throw error
      default: throw failBroken(.malformed("no answer to opening"))
      }
    }
    if let unread = current?.unreadReplies, !unread.isEmpty {
      current?.unreadReplies = []
      for id in unread { _ = try reply(from: child, id: id, until: deadline) }
    }
    try tellPasswords(to: child, until: deadline)
    if let page = request.deepestPage {
      deepestPage = page
      if var running = current {
        running.deepest = max(running.deepest, page)
        current = running
      }
    }
    let id = nextID
    nextID &+= 1
    guard
      child.send(
        WorkerMessageFormat.frame(WorkerEnvelope(id: id, document: document.version, body: request))
      )
    else {
      throw failEnded(child)
    }
    let reply = try reply(from: child, id: id, until: deadline)
    let messages = child.messagesSinceSend()
    recycleIfGrown(servedMore: pages)
    if case .failed(let error) = reply { throw error }
    return (reply, messages)
  }

  /// Tells the worker every password of the library learned since it was last told (a new
  /// worker none yet), each an `unlock` whose answer is read before the request it precedes.
  private func tellPasswords(to child: WorkerChild, until deadline: ContinuousClock.Instant)
    throws
  {
    guard let known = document.knownPasswords?.all, known.generation > (current?.toldPasswords ?? 0)
    else { return }
    for (path, password) in known.passwords.sorted(by: { $0.key < $1.key }) {
      let id = nextID
      nextID &+= 1
      let unlock = WorkerRequest.unlock(path: path, password: password)
      guard
        child.send(
          WorkerMessageFormat.frame(
            WorkerEnvelope(id: id, document: document.version, body: unlock)))
      else { throw failEnded(child) }
      // A password that does not open the file here only leaves its cover as it was.
      _ = try reply(from: child, id: id, until: deadline)
    }
    current?.toldPasswords = known.generation
  }

  private func reply(from child: WorkerChild, id: UInt64, until deadline: ContinuousClock.Instant)
    throws -> WorkerReply
  {
    switch child.receive(until: deadline) {
    case .body(let body):
      let envelope: WorkerEnvelope<WorkerReply>
      do {
        envelope = try WorkerMessageFormat.reply(from: body)
      } catch {
        throw failBroken(error)
      }
      guard envelope.id == id, envelope.document == document.version else {
        throw failBroken(.malformed("the reply to another request"))
      }
      return envelope.body
    case .timedOut:
      retire()
      throw RenderTimeout(limit: limits.timePerRequest)
    case .ended:
      throw failEnded(child)
    case .broken(let error):
      throw failBroken(error)
    }
  }

  /// Counts `pages` more served; past four fifths of a bound (pages served, or resident
  /// memory: Poppler keeps an object for every page it touched) a successor starts, and past
  /// the bound it takes over.
  private func recycleIfGrown(servedMore pages: Int) {
    guard var running = current else { return }
    running.pagesServed += pages
    let resident = running.child.residentBytes ?? 0
    if running.firstResident == nil {
      running.firstResident = resident
      running.firstDeepest = running.deepest
    }
    current = running
    let deeper = max(0, running.deepest - running.firstDeepest)
    let grown = resident - (running.firstResident ?? resident) - deeper * Self.pageObjectBytes
    let pageBound = limits.pagesBeforeRecycle
    let growthBound = limits.residentBytesBeforeRecycle
    if running.pagesServed >= pageBound || grown >= growthBound {
      retire()
    } else if successor == nil,
      running.pagesServed >= pageBound - max(1, pageBound / 10)
        || grown >= growthBound - growthBound / 10
    {
      successor = try? startWorker(warmingUpAt: deepestPage)
    }
  }

  /// The worker, started (and asked to open the document) if none runs: the successor if one
  /// waits, else a new one.
  private func runningChild() throws(WorkerFailure) -> WorkerChild {
    // One that ended while idle (killed from outside, say) answered no request: it is simply
    // replaced.
    if let child, !child.hasEnded { return child }
    if let next = successor, !next.child.hasEnded {
      successor = nil
      current = next
      return next.child
    }
    successor = nil
    let started = try startWorker()
    current = started
    return started.child
  }

  /// A new worker process, asked to open the document (and, for a successor, to look up
  /// `page` meanwhile).
  private func startWorker(warmingUpAt page: Int? = nil) throws(WorkerFailure) -> Running {
    let started = try WorkerChild(
      launch: launch, documentPath: document.readablePath, limits: limits)
    startCount += 1
    let opening = WorkerEnvelope(
      id: 0, document: document.version,
      body: WorkerRequest.open(
        name: document.name, password: document.password, isLibrary: document.isLibrary))
    _ = started.send(WorkerMessageFormat.frame(opening))
    var running = Running(child: started)
    if let page {
      let id = nextID
      nextID &+= 1
      let warmUp = WorkerEnvelope(
        id: id, document: document.version, body: WorkerRequest.readFacts(page..<page + 1))
      if started.send(WorkerMessageFormat.frame(warmUp)) { running.unreadReplies = [id] }
    }
    return running
  }

  /// Kills the worker; its successor, if one was started, takes over, else the next request
  /// starts another.
  private func retire() {
    current?.child.terminate()
    current = successor
    successor = nil
  }

  /// The failure of a worker that ended mid-request, after reaping it: out of memory when a
  /// line it wrote during the request says an allocation failed, else a crash.
  private func failEnded(_ ended: WorkerChild) -> WorkerFailure {
    let ending = ended.reap()
    let said = ended.messagesSinceSend()
    current = successor
    successor = nil
    if said.contains(where: Self.saysOutOfMemory) {
      return WorkerFailure(.outOfMemory(limit: limits.memoryBytes))
    }
    return WorkerFailure(.crashed(signal: ending?.signal))
  }

  /// Whether a line a worker wrote says an allocation failed: Poppler's own "Out of memory"
  /// line, C++'s uncaught `std::bad_alloc`, GLib's "failed to allocate", the Swift runtime's
  /// "Could not allocate memory". Whole-line forms only: a document's own text (an unknown
  /// operator named "bad_alloc") must not fail its page.
  static func saysOutOfMemory(_ line: String) -> Bool {
    let line = line.trimmingCharacters(in: .whitespaces)
    return line == "Out of memory"
      || line.hasPrefix("terminate called after throwing an instance of 'std::bad_alloc'")
      || (line.hasPrefix("GLib-ERROR") && line.contains("failed to allocate"))
      || (line.hasPrefix("Fatal error") && line.contains("Could not allocate memory"))
  }

  private func failBroken(_ error: WorkerProtocolError) -> WorkerFailure {
    retire()
    return WorkerFailure(.brokeProtocol(error))
  }
}
