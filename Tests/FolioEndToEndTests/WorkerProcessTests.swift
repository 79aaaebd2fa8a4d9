import FolioCore
import FolioFixtures
import FolioPoppler
import FolioRuntime
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real `folio` in worker mode, driven through `WorkerProcess` as the viewer drives it:
/// pictures identical to drawing in this process, a fresh worker after a crash, the time and
/// memory limits, recycling, and what a worker gives up before it reads the document.
@Suite("Worker processes")
struct WorkerProcessTests {
  static let style = RenderStyle(symbols: .sextant, colors: .truecolor)

  static func worker(_ path: String, limits: WorkerLimits = WorkerLimits()) -> WorkerProcess {
    WorkerProcess(
      launch: WorkerLaunch(executable: FolioProcess.executable),
      document: WorkerDocument(readablePath: path, name: "fixture", password: nil), limits: limits)
  }

  @Test func aWorkersPicturesAndFactsMatchThisProcesss() throws {
    let path = try FixtureLibrary.path(.labeled)
    let worker = Self.worker(path)
    let local = LocalPageWorker(try PopplerDocument.open(path: path))
    for page in 0..<3 {
      let request = RenderRequest(
        page: PageIndex(page), region: PageRegion(x: 0.1, y: 0.2, width: 0.5, height: 0.4),
        size: CellSize(columns: 30, rows: 12), style: Self.style)
      let remote = try worker.render(request)
      let here = try local.render(request)
      #expect(remote.picture == here.picture)
      #expect(remote.pageSize == here.pageSize)
      #expect(remote.label == here.label)
    }
    #expect(try worker.facts(of: 0..<5) == (try local.facts(of: 0..<5)))
    #expect(worker.startCount == 1)
  }

  @Test func aWorkerReadsTheOutlineAndLinksAsThisProcessDoes() throws {
    let path = try FixtureLibrary.path(.navigation)
    let worker = Self.worker(path)
    let local = LocalPageWorker(try PopplerDocument.open(path: path))
    let outline = try worker.outline()
    #expect(outline.count == 8)
    #expect(outline == (try local.outline()))
    let links = try worker.links(of: 0..<10)
    #expect(links.map(\.count) == [4, 1, 1, 0])
    #expect(links == (try local.links(of: 0..<4)))
    #expect(try worker.outline().isEmpty == false)
    #expect(worker.startCount == 1)
    // A document without an outline.
    #expect(try Self.worker(try FixtureLibrary.path(.labeled)).outline().isEmpty)
  }

  @Test func aKilledWorkerIsReplacedAndNothingIsLost() throws {
    let worker = Self.worker(try FixtureLibrary.path(.numbered))
    let request = RenderRequest(
      page: PageIndex(0), size: CellSize(columns: 20, rows: 10), style: Self.style)
    _ = try worker.render(request)
    let first = try #require(worker.processID)
    kill(first, SIGSEGV)
    // Whether it is noticed before sending or while waiting, the request is answered.
    var answered = false
    for _ in 0..<2 where !answered {
      do {
        _ = try worker.render(request)
        answered = true
      } catch let failure as WorkerFailure {
        #expect(failure.description == "crashed")
      }
    }
    #expect(answered)
    #expect(worker.processID != first)
    #expect(worker.startCount == 2)
  }

  @Test func aPageThatLoopsIsGivenUpAtTheTimeLimitAndTheWorkerReplaced() throws {
    let looping = try LoopingDecoderFixture.path(corpus: ErrorTests.corpus)
    // A limit high enough that the decoder loops instead of failing its allocation.
    let worker = Self.worker(
      looping, limits: WorkerLimits(memoryBytes: 64 << 30, timePerRequest: .seconds(1)))
    let request = RenderRequest(
      page: PageIndex(0), size: CellSize(columns: 40, rows: 20), style: Self.style)
    let start = ContinuousClock.now
    #expect(throws: RenderTimeout(limit: .seconds(1))) { try worker.render(request) }
    #expect(ContinuousClock.now - start < .seconds(10))
    #expect(worker.processID == nil, "the stuck worker was killed")
    // The next request starts a fresh worker.
    #expect(try worker.facts(of: 0..<1).count == 1)
    #expect(worker.startCount == 2)
  }

  @Test func aDecoderStoppedAtTheMemoryLimitFailsThePageForMemory() throws {
    let looping = try LoopingDecoderFixture.path(corpus: ErrorTests.corpus)
    let worker = Self.worker(
      looping, limits: WorkerLimits(memoryBytes: 256 << 20, timePerRequest: .seconds(20)))
    let request = RenderRequest(
      page: PageIndex(0), size: CellSize(columns: 40, rows: 20), style: Self.style)
    #expect(throws: WorkerFailure(.outOfMemory(limit: 256 << 20))) { try worker.render(request) }
    #expect(WorkerFailure(.outOfMemory(limit: 256 << 20)).description == "used over 256 MiB")
  }

  @Test func workersAreRecycledAfterEnoughPages() throws {
    let worker = Self.worker(
      try FixtureLibrary.path(.numbered), limits: WorkerLimits(pagesBeforeRecycle: 2))
    var servers: [Int32] = []
    for page in 0..<5 {
      _ = try worker.render(
        RenderRequest(page: PageIndex(page), size: CellSize(columns: 8, rows: 4), style: Self.style)
      )
      if let pid = worker.processID, servers.last != pid { servers.append(pid) }
    }
    // Retired after pages 2 and 4: the third serves page 5. Each successor starts (and opens
    // the document) a page before it takes over, so the fourth is already waiting.
    #expect(servers.count == 3)
    #expect(worker.startCount == 4)
  }

  @Test func aRestingWorkerGrownPastItsLimitIsLetGoAndAnotherStartsWhenNeeded() throws {
    let path = try FixtureLibrary.path(.numbered)
    let request = RenderRequest(
      page: PageIndex(3), size: CellSize(columns: 8, rows: 4), style: Self.style)
    let small = Self.worker(path, limits: WorkerLimits(restingResidentBytes: 1 << 30))
    _ = try small.render(request)
    small.rest()
    #expect(small.processID != nil, "a worker within its size keeps running")
    let grown = Self.worker(path, limits: WorkerLimits(restingResidentBytes: 1 << 20))
    _ = try grown.render(request)
    grown.rest()
    #expect(grown.processID == nil)
    _ = try grown.render(request)
    #expect(grown.startCount == 2)
  }

  @Test func aWorkerKeepsOnlyItsOwnDescriptorsAndNoPrivileges() throws {
    let worker = Self.worker(try FixtureLibrary.path(.onePage))
    _ = try worker.facts(of: 0..<1)
    let pid = try #require(worker.processID)
    // 0–3 as given, and Poppler's own opening of the document (the same file as 3).
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
      .compactMap { Int($0) }
    let document = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/3")
    for descriptor in descriptors where descriptor > 3 {
      let target = try FileManager.default.destinationOfSymbolicLink(
        atPath: "/proc/\(pid)/fd/\(descriptor)")
      #expect(target == document, "descriptor \(descriptor) is \(target)")
    }
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    #expect(status.contains("NoNewPrivs:\t1"))
    let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
    let data = limits.split(separator: "\n").first { $0.hasPrefix("Max data size") }
    #expect(data?.contains("1073741824") == true, "\(data ?? "")")
    // Its own session: no controlling terminal, no signals from the viewer's keyboard.
    #expect(getsid(pid) == pid)
  }

  @Test func aDocumentTheWorkerCannotOpenFailsEveryRequestWithItsReason() throws {
    let worker = Self.worker(try FixtureLibrary.path(.onePage) + ".missing")
    #expect(throws: WorkerFailure.self) {
      _ = try worker.facts(of: 0..<1)
    }
    let notPDF = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-not-a-pdf-\(getpid())"
    ).path
    try Data("hello".utf8).write(to: URL(fileURLWithPath: notPDF))
    defer { try? FileManager.default.removeItem(atPath: notPDF) }
    #expect(throws: DocumentError.self) { _ = try Self.worker(notPDF).facts(of: 0..<1) }
  }
}
