import CSandbox
import FolioCore
import FolioGraphics
import FolioPoppler
import FolioRaster
import FolioRuntime
import FolioUI
import Foundation

/// `folio --internal-page-worker BYTES [NICE]`: the hidden worker mode. Started by the viewer with
/// a socket on descriptor 0, an unlinked file for its messages on 1 and 2, and the document on 3;
/// gives up what it does not need, then answers requests (open, render, read facts, text, the
/// outline, links, annotations) one at a time until the socket closes. See docs/architecture.md for the message
/// format.
enum PageWorkerMode {
  /// Runs the worker; never returns.
  static func run(arguments: [String]) -> Never {
    let memoryBytes = arguments.first.flatMap { Int($0) } ?? (1 << 30)
    let niceness = arguments.dropFirst().first.flatMap { Int($0) }.map { min(19, max(0, $0)) } ?? 5
    dropWhatIsNotNeeded(memoryBytes: memoryBytes, niceness: niceness)
    var worker: LocalPageWorker?
    var library: LibraryDocument?
    var answered = 0
    while let body = readFrame() {
      let envelope: WorkerEnvelope<WorkerRequest>
      do {
        envelope = try WorkerMessageFormat.request(from: body)
      } catch {
        // Not the viewer speaking: nothing more to do.
        _exit(3)
      }
      let reply = answer(envelope.body, worker: &worker, library: &library)
      let frame = WorkerMessageFormat.frame(
        WorkerEnvelope(id: envelope.id, document: envelope.document, body: reply))
      guard writeAll(frame) else { _exit(0) }
      // Nothing more asked right now: what the heap freed (a render's pixels and cells) goes
      // back to the system, so the worker holds little more than Poppler's page objects.
      answered += 1
      if answered % 8 == 0 || !isRequestWaiting() { MemoryPolicy.releaseFreedMemory() }
    }
    // The viewer closed its end: leave at once, without tearing Poppler down.
    _exit(0)
  }

  private static func answer(
    _ request: WorkerRequest, worker: inout LocalPageWorker?, library: inout LibraryDocument?
  ) -> WorkerReply {
    do {
      if case .open(let name, let password, let isLibrary) = request {
        let opened = try open(name: name, password: password, isLibrary: isLibrary)
        library = opened as? LibraryDocument
        worker = LocalPageWorker(opened, encoder: TerminalPictures.encoded)
        return .opened(pageCount: opened.pageCount)
      }
      guard let worker else { return .failed(.renderFailed(reason: "the document is not open")) }
      switch request {
      case .open: return .failed(.renderFailed(reason: "the document is open already"))
      case .unlock(let path, let password):
        guard let library else { return .failed(.renderFailed(reason: "not a library")) }
        try library.unlock(path: path, password: password)
        return .opened(pageCount: library.pageCount)
      case .render(let request): return .rendered(try worker.render(request))
      case .renderPicture(let job):
        let picture = try worker.picture(job)
        // A reply past the viewer's limit would be taken for a broken worker: said instead.
        guard picture.byteCount + (1 << 16) < WorkerMessageFormat.largestBody,
          picture.pieces.count <= WorkerMessageFormat.mostPieces
        else {
          return .failed(
            .renderFailed(
              reason: "the picture is too large to send (\(picture.byteCount >> 20) MiB)"))
        }
        return .picture(picture)
      case .readFacts(let pages): return .facts(try worker.facts(of: pages))
      case .readText(let pages): return .texts(try worker.texts(of: pages))
      case .readStyledText(let pages): return .texts(try worker.styledTexts(of: pages))
      case .readOutline: return .outline(try worker.outline())
      case .readHeadings: return .headings(try worker.taggedHeadings())
      case .readLinks(let pages): return .links(try worker.links(of: pages))
      case .readContentBoxes(let pages): return .contentBoxes(try worker.contentBoxes(of: pages))
      case .readAnnotations(let pages): return .annotations(try worker.annotations(of: pages))
      }
    } catch let error as DocumentError {
      return .failed(error)
    } catch {
      return .failed(.renderFailed(reason: "\(error)"))
    }
  }

  /// The document on descriptor 3: a PDF, a library's manifest, or a manifest asking for one
  /// file's pages with their notes (for the shelf's search; not a library).
  private static func open(name: String, password: String?, isLibrary: Bool)
    throws(DocumentError) -> any DocumentSource
  {
    let readablePath = "/proc/self/fd/3"
    guard isLibrary else {
      return try PopplerDocument.open(readablePath: readablePath, named: name, password: password)
    }
    let listed = try LibraryDocument(manifestAt: readablePath, opensFiles: true)
    guard let path = listed.notedFile else { return listed }
    return NotedDocument(
      try PopplerDocument.open(
        readablePath: try PopplerDocument.readablePath(for: path), named: path,
        password: password))
  }

  /// Leaves the terminal's session, closes every inherited descriptor but 0–3, forbids new
  /// privileges, leaves the network, dies with the thread that started it, writes no core
  /// file, limits its private memory to `memoryBytes` and its messages to 8 MiB, and yields the
  /// CPU to the viewer (nice `niceness`: 5 for renders, more for background text).
  private static func dropWhatIsNotNeeded(memoryBytes: Int, niceness: Int) {
    _ = setsid()
    // A new session is a new scheduling group where the kernel groups by session: the nice
    // value of that group is what yields to the viewer there; elsewhere the process's own.
    if let group = fopen("/proc/self/autogroup", "w") {
      fputs(String(niceness), group)
      fclose(group)
    }
    let which = __priority_which_t(PRIO_PROCESS.rawValue)
    if getpriority(which, 0) < Int32(niceness) { _ = setpriority(which, 0, Int32(niceness)) }
    // A library that loops on a warning fills no disk: past 8 MiB its writes just fail.
    signal(SIGXFSZ, SIG_IGN)
    var messages = rlimit(rlim_cur: 8 << 20, rlim_max: 8 << 20)
    _ = setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &messages)
    _ = folio_die_with_parent(SIGKILL)
    closeInheritedDescriptors()
    _ = folio_leave_network()
    _ = folio_forbid_new_privileges()
    var none = rlimit(rlim_cur: 0, rlim_max: 0)
    _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
    // Under AddressSanitizer (`make asan-check`) the shadow memory mapped at start already
    // exceeds any data limit, and every later allocation would fail: no limit there.
    guard dlsym(nil, "__asan_init") == nil else { return }
    let bytes = rlim_t(max(64 << 20, memoryBytes))
    var memory = rlimit(rlim_cur: bytes, rlim_max: bytes)
    _ = setrlimit(__rlimit_resource_t(RLIMIT_DATA.rawValue), &memory)
  }

  private static func closeInheritedDescriptors() {
    let listed = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in listed.compactMap({ Int32($0) }) where descriptor > 3 {
      close(descriptor)
    }
  }

  /// The body of the next frame on descriptor 0, or nil at its end (or a frame too long).
  /// Whether the next request has arrived already.
  private static func isRequestWaiting() -> Bool {
    var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0
  }

  private static func readFrame() -> [UInt8]? {
    guard let prefix = readExactly(WorkerMessageFormat.prefixSize),
      let length = try? WorkerMessageFormat.bodyLength(prefix: prefix)
    else { return nil }
    return readExactly(length)
  }

  private static func readExactly(_ count: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = bytes.withUnsafeMutableBytes {
        $0.baseAddress.map { read(0, $0 + done, count - done) } ?? -1
      }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return nil }
      done += got
    }
    return bytes
  }

  private static func writeAll(_ bytes: [UInt8]) -> Bool {
    var done = 0
    while done < bytes.count {
      let wrote = bytes.withUnsafeBytes {
        $0.baseAddress.map { send(0, $0 + done, bytes.count - done, Int32(MSG_NOSIGNAL)) } ?? -1
      }
      if wrote < 0 && errno == EINTR { continue }
      guard wrote > 0 else { return false }
      done += wrote
    }
    return true
  }
}
