import FolioCore
import FolioUI
import Testing

@testable import FolioRuntime

/// The worker message format: every kind survives a round trip, and damaged or hostile frames
/// are refused with an error, never read past their end.
@Suite("Worker messages")
struct WorkerMessageTests {
  static let style = RenderStyle(symbols: .octant, colors: .palette256, isInverted: true)

  static func body(_ frame: [UInt8]) throws -> [UInt8] {
    let length = try WorkerMessageFormat.bodyLength(prefix: Array(frame.prefix(4)))
    #expect(frame.count == 4 + length)
    return Array(frame.dropFirst(4))
  }

  @Test func requestsSurviveARoundTrip() throws {
    let version = DocumentVersion(number: 7)
    let requests: [WorkerRequest] = [
      .open(name: "ünïcode – name.pdf", password: "pässword"),
      .open(name: "", password: nil),
      .render(
        RenderRequest(
          page: PageIndex(14_999),
          region: PageRegion(x: 0.25, y: 0.5, width: 0.125, height: 1.0 / 3),
          size: CellSize(columns: 200, rows: 60), style: Self.style, document: version)),
      .readFacts(500..<1000),
      .unlock(path: "/shelf/ünïcode locked.pdf", password: "pässword"),
    ]
    for (index, request) in requests.enumerated() {
      let frame = WorkerMessageFormat.frame(
        WorkerEnvelope(id: UInt64(index) << 40, document: version, body: request))
      let read = try WorkerMessageFormat.request(from: try Self.body(frame))
      #expect(read.id == UInt64(index) << 40)
      #expect(read.document == version)
      #expect(read.body == request)
    }
  }

  @Test func repliesSurviveARoundTrip() throws {
    var picture = ScreenBuffer(size: CellSize(columns: 3, rows: 2))
    picture[0, 0] = Cell(
      "🬀", foreground: .rgb(1, 2, 3), background: .indexed(200), attributes: [.bold, .dim])
    picture[1, 1] = Cell("界", foreground: .default, background: .rgb(255, 0, 9))
    picture[2, 1] = Cell(" ", isContinuation: true)
    let page = RenderedPage(
      picture: picture, pageSize: PointSize(width: 612, height: 792), label: "iv")
    let facts = [
      PageFact(page: PageIndex(0), size: PointSize(width: 100, height: 200), label: nil),
      PageFact(page: PageIndex(1), size: nil, label: "A-1"),
    ]
    let errors: [DocumentError] = [
      .notFound, .isDirectory, .unreadable(reason: "EIO"), .empty, .notPDF,
      .damaged(reason: "xref"),
      .encrypted(passwordGiven: true), .noPages, .pageOutOfRange(PageIndex(9), pageCount: 3),
      .renderFailed(reason: "cairo"),
    ]
    func roundTrip(_ reply: WorkerReply) throws -> WorkerReply {
      let frame = WorkerMessageFormat.frame(WorkerEnvelope(id: 42, document: .first, body: reply))
      let read = try WorkerMessageFormat.reply(from: try Self.body(frame))
      #expect(read.id == 42)
      return read.body
    }
    guard case .rendered(let back) = try roundTrip(.rendered(page)) else {
      Issue.record("not a render"); return
    }
    #expect(back.picture == picture)
    #expect(back.pageSize == page.pageSize)
    #expect(back.label == "iv")
    guard case .facts(let factsBack) = try roundTrip(.facts(facts)) else {
      Issue.record("not facts"); return
    }
    #expect(factsBack == facts)
    guard case .opened(let count) = try roundTrip(.opened(pageCount: 15_000)) else {
      Issue.record("not opened"); return
    }
    #expect(count == 15_000)
    for error in errors {
      guard case .failed(let back) = try roundTrip(.failed(error)) else {
        Issue.record("not failed"); return
      }
      #expect(back == error)
    }
  }

  @Test func everyCutShortFrameIsRefused() throws {
    var picture = ScreenBuffer(size: CellSize(columns: 4, rows: 3))
    picture[1, 1] = Cell("x", foreground: .rgb(9, 9, 9))
    let frames = [
      WorkerMessageFormat.frame(
        WorkerEnvelope(
          id: 1, document: .first,
          body: WorkerReply.rendered(
            RenderedPage(picture: picture, pageSize: PointSize(width: 1, height: 2), label: "x")))),
      WorkerMessageFormat.frame(
        WorkerEnvelope(
          id: 1, document: .first,
          body: WorkerReply.facts([
            PageFact(page: PageIndex(3), size: PointSize(width: 1, height: 2), label: "label")
          ]))),
    ]
    for frame in frames { try Self.expectEveryDamagedCopyRefused(ofReply: frame) }
  }

  /// Every cut-short copy of a reply frame, the reply with a byte too many, and the reply read
  /// as a request are refused.
  static func expectEveryDamagedCopyRefused(
    ofReply frame: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let body = try Self.body(frame)
    for cut in 0..<body.count {
      #expect(throws: WorkerProtocolError.self, sourceLocation: sourceLocation) {
        _ = try WorkerMessageFormat.reply(from: Array(body.prefix(cut)))
      }
    }
    #expect(throws: WorkerProtocolError.self, sourceLocation: sourceLocation) {
      _ = try WorkerMessageFormat.reply(from: body + [0])
    }
    // A request's reader refuses a reply.
    #expect(throws: WorkerProtocolError.self, sourceLocation: sourceLocation) {
      _ = try WorkerMessageFormat.request(from: body)
    }
  }

  @Test func hostileFramesAreRefused() throws {
    #expect(throws: WorkerProtocolError.tooLong(Int(UInt32.max))) {
      _ = try WorkerMessageFormat.bodyLength(prefix: [255, 255, 255, 255])
    }
    let request = WorkerMessageFormat.frame(
      WorkerEnvelope(id: 1, document: .first, body: WorkerRequest.readFacts(0..<10)))
    var body = try Self.body(request)
    body[0] = 99
    #expect(throws: WorkerProtocolError.unknownVersion(99)) {
      _ = try WorkerMessageFormat.request(from: body)
    }
    // Random bytes never crash the readers.
    var random = SplitMix64(seed: 26)
    for _ in 0..<2_000 {
      let count = Int(random.next() % 64)
      var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      if count > 1 { bytes[0] = WorkerMessageFormat.version }
      _ = try? WorkerMessageFormat.request(from: bytes)
      _ = try? WorkerMessageFormat.reply(from: bytes)
    }
  }
}
