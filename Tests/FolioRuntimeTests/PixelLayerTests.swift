import FolioCore
import FolioGraphics
import FolioLayout
import FolioPixels
import FolioRuntime
import FolioTestSupport
import FolioUI
import Foundation
import Testing

/// The pixel layer with a synthetic document and the frames `AppView` makes: each page on
/// screen is sent once and placed, placed again only when it moves or something covers part
/// of it, and a page whose picture fails is not asked for again. Every wait has a deadline.
@Suite("Pixel layer")
struct PixelLayerTests {
  final class CountingWorker: PageWorker, @unchecked Sendable {
    let document: SyntheticDocument
    let fails: Bool
    /// How it fails: the document's failure, or its process crashing.
    var crashes = false
    let lock = NSLock()
    var calls = 0
    var requests: [PixelRequest] = []
    init(_ document: SyntheticDocument, fails: Bool) {
      self.document = document
      self.fails = fails
    }
    func render(_ request: RenderRequest) throws -> RenderedPage {
      try LocalPageWorker(document).render(request)
    }
    func facts(of pages: Range<Int>) throws -> [PageFact] {
      try LocalPageWorker(document).facts(of: pages)
    }
    func texts(of pages: Range<Int>) throws -> [PageText] { [] }
    func picture(_ job: PictureJob) throws -> EncodedPicture {
      lock.withLock {
        calls += 1
        requests.append(job.request)
      }
      if fails && crashes { throw WorkerFailure(.crashed(signal: 9)) }
      if fails { throw DocumentError.renderFailed(reason: "no pixels today") }
      return try LocalPageWorker(document, encoder: TerminalPictures.encoded).picture(job)
    }
    func rest() {}
  }

  let document = SyntheticDocument(
    sizes: Array(repeating: PointSize(width: 612, height: 792), count: 12))

  func state(size: CellSize = CellSize(columns: 160, rows: 50)) -> AppState {
    var app = AppState(
      document: DocumentFacts(pageCount: 12, title: "t"),
      metrics: PageMetrics(sizes: Array(repeating: PointSize(width: 612, height: 792), count: 12)),
      screenSize: size, mode: .grid,
      style: RenderStyle(symbols: .half, colors: .truecolor), prefetches: false)
    _ = app.update(.pixelsAvailable)
    return app
  }

  /// Page work for the pixel layer, by `worker` alone, posting to `inbox`.
  func work(_ worker: CountingWorker, _ inbox: LoopInbox) throws -> PageWork {
    try PageWork(
      opening: DocumentOpening(keepsTimeLimit: false) { worker }, version: .first,
      workerCount: 1, inbox: inbox)
  }

  /// The placements of the frame of `app`.
  func placements(_ app: AppState) -> [ImagePlacement] {
    AppView(width: .approximate).frame(app, main: TilePool(), shelf: TilePool()).placements
  }

  /// Frames of `app` until `condition` holds of everything written (or 20 s pass).
  func frames(
    _ layer: PixelLayer, _ inbox: LoopInbox, _ app: AppState, written: inout String,
    until condition: (String) -> Bool
  ) {
    let deadline = Date().addingTimeInterval(20)
    repeat {
      _ = layer.receive(inbox.takeAll())
      written += String(decoding: layer.bytes(for: placements(app)), as: UTF8.self)
      if condition(written) { return }
      var descriptor = pollfd(fd: inbox.wakeDescriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, 50)
    } while Date() < deadline
  }

  func count(_ text: String, _ needle: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  @Test func eachPageIsSentOnceAndPlacedAroundWhatCoversIt() throws {
    let inbox = try LoopInbox()
    let worker = CountingWorker(document, fails: false)
    let pages = try work(worker, inbox)
    let layer = PixelLayer(cellPixels: PixelSize(width: 4, height: 8), work: pages)
    defer { layer.shutdown() }
    var app = state()
    let shown = placements(app).count
    #expect(shown > 0)
    var written = ""
    frames(layer, inbox, app, written: &written) { self.count($0, "a=p,") >= shown }
    #expect(count(written, "a=t,") == shown)
    #expect(count(written, "a=p,") == shown)
    // Nothing moved: nothing more is written.
    var again = ""
    frames(layer, inbox, app, written: &again) { _ in true }
    #expect(again.isEmpty)
    // The help covers part of the pages: the pages under it are placed again around it (cut
    // shorter), nothing is sent or deleted, and no page comes off whole.
    _ = app.update(.input(.key(.character("?"))))
    let around = placements(app)
    #expect(around.count == shown)
    var covered = ""
    frames(layer, inbox, app, written: &covered) { _ in true }
    #expect(covered.contains("a=p,"))
    #expect(!covered.contains("a=t,") && !covered.contains("a=d,"))
    // Closed: the pages are placed whole again, nothing sent.
    _ = app.update(.input(.key(.escape)))
    var closed = ""
    frames(layer, inbox, app, written: &closed) { _ in true }
    #expect(count(closed, "a=p,") == count(covered, "a=p,"))
    #expect(!closed.contains("a=t,") && !closed.contains("d=I"))
    #expect(worker.lock.withLock { worker.calls } == shown)
  }

  /// A picture the document cannot give is not asked for again; one whose worker crashed is
  /// asked for once more, then never again.
  @Test(arguments: [false, true])
  func aPageWhosePictureFailsIsNotAskedForAgainButOnceAfterACrash(crashes: Bool) throws {
    let inbox = try LoopInbox()
    let worker = CountingWorker(document, fails: true)
    worker.crashes = crashes
    let pages = try work(worker, inbox)
    let layer = PixelLayer(cellPixels: PixelSize(width: 4, height: 8), work: pages)
    defer { layer.shutdown() }
    let app = state()
    let shown = placements(app).count
    let asked = crashes ? 2 * shown : shown
    var written = ""
    frames(layer, inbox, app, written: &written) { _ in
      worker.lock.withLock { worker.calls } >= asked
    }
    // More frames, each taking what arrived: no page asked again.
    for _ in 0..<5 { frames(layer, inbox, app, written: &written) { _ in true } }
    #expect(worker.lock.withLock { worker.calls } == asked)
    #expect(!written.contains("a=t,"))
  }

  /// Zoomed so far in that the whole page is past the largest picture, the part on screen is
  /// asked for alone, at the size of its cells.
  @Test func zoomedFarInThePartOnScreenIsAskedForAlone() throws {
    let inbox = try LoopInbox()
    let worker = CountingWorker(document, fails: false)
    // 60 pixels a column, 120 a row: a page frame of 60x20 cells or more is past 8 Mi pixels.
    let pages = try work(worker, inbox)
    let layer = PixelLayer(cellPixels: PixelSize(width: 60, height: 120), work: pages)
    defer { layer.shutdown() }
    var app = state(size: CellSize(columns: 60, rows: 20))
    _ = app.update(.input(.key(.character("2"))))
    _ = app.update(.timerFired(.count))
    for _ in 0..<6 { _ = app.update(.input(.key(.character("+")))) }
    let pieces = placements(app)
    try #require(!pieces.isEmpty)
    var written = ""
    frames(layer, inbox, app, written: &written) { self.count($0, "a=p,") >= pieces.count }
    let requests = worker.lock.withLock { worker.requests }
    #expect(!requests.isEmpty)
    for request in requests {
      #expect(request.size.area <= PixelRequest.largestArea)
      #expect(request.region.width < 1 || request.region.height < 1, "\(request.region)")
    }
  }

  /// In placeholder style, a frame's page cells become placeholder cells of their images, each
  /// numbered by its place in the page's frame; every kitty sequence goes through tmux.
  @Test func placeholderCellsNumberEachPagesCells() throws {
    let inbox = try LoopInbox()
    let worker = CountingWorker(document, fails: false)
    let pages = try work(worker, inbox)
    let layer = PixelLayer(
      cellPixels: PixelSize(width: 4, height: 8),
      style: .placeholders(isDirectColor: false, throughTmux: true), work: pages)
    defer { layer.shutdown() }
    var app = state()
    let pieces = placements(app)
    var written = ""
    frames(layer, inbox, app, written: &written) { self.count($0, "U=1") >= pieces.count }
    #expect(count(written, "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p,U=1") == pieces.count)
    #expect(!written.replacingOccurrences(of: "\u{1B}\u{1B}_G", with: "").contains("\u{1B}_G"))
    var frame = ScreenBuffer(size: CellSize(columns: 160, rows: 50))
    layer.prepare(for: pieces)
    layer.decorate(&frame)
    func placeholders(_ screen: ScreenBuffer) -> Int {
      (0..<screen.size.rows).reduce(0) { count, y in
        count + (0..<screen.size.columns).filter { screen.placeholder(x: $0, y: y) != nil }.count
      }
    }
    #expect(
      placeholders(frame)
        == pieces.reduce(0) { $0 + $1.shown.size.columns * $1.shown.size.rows })
    for piece in pieces {
      let corner = frame.placeholder(x: piece.shown.minX, y: piece.shown.minY)
      #expect(Int(corner?.row ?? 999) == piece.shown.minY - piece.grid.minY)
      #expect(Int(corner?.column ?? 999) == piece.shown.minX - piece.grid.minX)
    }
    // The help over the pages: placeholder cells around it, none where it draws; nothing
    // sent or deleted.
    let view = AppView(width: .approximate)
    let uncovered = view.frame(app, main: TilePool(), shelf: TilePool()).cells
    _ = app.update(.input(.key(.character("?"))))
    let help = view.frame(app, main: TilePool(), shelf: TilePool())
    var covered = help.cells
    layer.prepare(for: help.placements)
    layer.decorate(&covered)
    #expect(placeholders(covered) > 0)
    for y in 0..<50 {
      for x in 0..<160 where help.cells[x, y] != uncovered[x, y] {
        #expect(covered.placeholder(x: x, y: y) == nil, "(\(x), \(y))")
      }
    }
    #expect(layer.takeOutput().isEmpty && layer.placementBytes().isEmpty)
  }
}
