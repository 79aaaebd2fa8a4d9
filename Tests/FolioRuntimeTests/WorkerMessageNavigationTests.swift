import FolioCore
import FolioRuntime
import Testing

/// The outline and links on the wire: round trips of the requests and replies, and damaged or
/// hostile frames refused with an error, never read past their end nor allocated for.
@Suite("Worker messages: outline and links")
struct WorkerMessageNavigationTests {
  static let entries = [
    OutlineEntry(
      title: "Chapter 1 – ünïcode", depth: 0,
      destination: Destination(page: PageIndex(0), top: 0.25, left: 0.5), startsOpen: true),
    OutlineEntry(title: "", depth: 1, destination: Destination(page: PageIndex(14_999))),
    OutlineEntry(title: "Nowhere", depth: 1, destination: nil),
    OutlineEntry(title: "Top only", depth: 0, destination: Destination(page: PageIndex(3), top: 1)),
  ]

  static let links: [[PageLink]] = [
    [
      PageLink(
        area: PageRegion(x: 0.1, y: 0.2, width: 0.3, height: 1.0 / 3),
        target: .destination(Destination(page: PageIndex(7), left: 0.75))),
      PageLink(area: .whole, target: .uri("https://example.com/ä?q='x'")),
    ],
    [],
    [PageLink(area: PageRegion(x: 0, y: 0, width: 1, height: 0.5), target: .uri(""))],
  ]

  static func frame(_ reply: WorkerReply) -> [UInt8] {
    WorkerMessageFormat.frame(WorkerEnvelope(id: 9, document: .first, body: reply))
  }

  static func roundTrip(_ reply: WorkerReply) throws -> WorkerReply {
    try WorkerMessageFormat.reply(from: try WorkerMessageTests.body(frame(reply))).body
  }

  @Test func requestsSurviveARoundTrip() throws {
    for request in [
      WorkerRequest.readOutline, .readLinks(12..<20), .readLinks(0..<0), .readContentBoxes(3..<5),
    ] {
      let frame = WorkerMessageFormat.frame(
        WorkerEnvelope(id: 3, document: DocumentVersion(number: 2), body: request))
      let read = try WorkerMessageFormat.request(from: try WorkerMessageTests.body(frame))
      #expect(read.body == request)
      #expect(read.document == DocumentVersion(number: 2))
    }
  }

  @Test func repliesSurviveARoundTrip() throws {
    guard case .outline(let entries) = try Self.roundTrip(.outline(Self.entries)) else {
      Issue.record("not an outline")
      return
    }
    #expect(entries == Self.entries)
    guard case .outline(let none) = try Self.roundTrip(.outline([])) else {
      Issue.record("not an outline")
      return
    }
    #expect(none.isEmpty)
    guard case .links(let links) = try Self.roundTrip(.links(Self.links)) else {
      Issue.record("not links")
      return
    }
    #expect(links == Self.links)
    let boxes: [PageRegion?] = [nil, PageRegion(x: 0.1, y: 0.2, width: 0.5, height: 0.6)]
    guard case .contentBoxes(let read) = try Self.roundTrip(.contentBoxes(boxes)) else {
      Issue.record("not content boxes")
      return
    }
    #expect(read == boxes)
  }

  @Test func aContentBoxIsKeptInsideThePage() throws {
    let hostile = PageRegion(x: 0.9, y: -3, width: 7, height: 0.5)
    guard case .contentBoxes(let read) = try Self.roundTrip(.contentBoxes([hostile])),
      let box = read.first ?? nil
    else {
      Issue.record("not a content box")
      return
    }
    #expect(box.x == 0.9 && box.y == 0 && abs(box.width - 0.1) < 1e-12 && box.height == 0.5)
  }

  @Test func aLinkAreaIsKeptInsideThePageOrDropped() throws {
    let uri = LinkTarget.uri("https://example.org")
    let hostile = [
      PageLink(area: PageRegion(x: -1e300, y: 0.5, width: 1e300, height: 1e300), target: uri),
      PageLink(area: PageRegion(x: 1e300, y: 0, width: 1, height: 1), target: uri),
    ]
    guard case .links(let read) = try Self.roundTrip(.links([hostile])) else {
      Issue.record("not links")
      return
    }
    #expect(
      read == [[PageLink(area: PageRegion(x: 0, y: 0.5, width: 1, height: 0.5), target: uri)]])
  }

  @Test func everyCutShortFrameIsRefused() throws {
    for reply in [
      WorkerReply.outline(Self.entries), .links(Self.links),
      .contentBoxes([PageRegion(x: 0.1, y: 0.1, width: 0.5, height: 0.5), nil]),
    ] {
      try WorkerMessageTests.expectEveryDamagedCopyRefused(ofReply: Self.frame(reply))
    }
  }

  @Test func hostileFramesAreRefused() throws {
    let header = Array(try WorkerMessageTests.body(Self.frame(.outline([]))).prefix(14))
    // Counts far beyond the bytes that follow are refused before anything is allocated.
    for (kind, fields) in [(UInt8(0x85), [255, 255, 255, 255]), (0x86, [255, 255, 255, 255])] {
      var body = header
      body[1] = kind
      #expect(throws: WorkerProtocolError.truncated) {
        _ = try WorkerMessageFormat.reply(from: body + fields.map(UInt8.init))
      }
    }
    // One page whose link count is far beyond its bytes.
    var links = header
    links[1] = 0x86
    #expect(throws: WorkerProtocolError.truncated) {
      _ = try WorkerMessageFormat.reply(from: links + [1, 0, 0, 0, 0, 0, 1, 0])
    }
    // A link target of an unknown kind.
    var body = try WorkerMessageTests.body(
      Self.frame(.links([[PageLink(area: .whole, target: .uri("u"))]])))
    let kindOffset = 14 + 4 + 4 + 32
    #expect(body[kindOffset] == 2)
    body[kindOffset] = 3
    #expect(throws: WorkerProtocolError.malformed("an unknown link target")) {
      _ = try WorkerMessageFormat.reply(from: body)
    }
    // A flag that is neither 0 nor 1 where a destination's top may be.
    var outline = try WorkerMessageTests.body(
      Self.frame(
        .outline([OutlineEntry(title: "", depth: 0, destination: Destination(page: PageIndex(0)))]))
    )
    let topFlag = 14 + 4 + 4 + 4 + 1 + 1 + 4
    #expect(outline[topFlag] == 0)
    outline[topFlag] = 7
    #expect(throws: WorkerProtocolError.self) { _ = try WorkerMessageFormat.reply(from: outline) }
    // Random bytes after a navigation header never crash the reader.
    var random = SplitMix64(seed: 85)
    for _ in 0..<2_000 {
      var bytes = header
      bytes[1] = random.next() % 2 == 0 ? 0x85 : 0x86
      bytes += (0..<Int(random.next() % 80)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      _ = try? WorkerMessageFormat.reply(from: bytes)
    }
  }

  @Test func hostileValuesBecomeSaneOnes() throws {
    let link = PageLink(
      area: PageRegion(x: 0, y: 0, width: 1, height: 1),
      target: .destination(Destination(page: PageIndex(0))))
    var body = try WorkerMessageTests.body(Self.frame(.links([[link]])))
    // The area's x becomes NaN, the destination's top an infinity: a whole page and a clamp.
    let xOffset = 14 + 4 + 4
    for (index, byte) in withUnsafeBytes(of: Double.nan.bitPattern.littleEndian, Array.init)
      .enumerated()
    {
      body[xOffset + index] = byte
    }
    let topFlag = xOffset + 32 + 1 + 4
    body.replaceSubrange(
      topFlag...topFlag,
      with: [1] + withUnsafeBytes(of: Double.infinity.bitPattern.littleEndian, Array.init))
    guard case .links(let read) = try WorkerMessageFormat.reply(from: body).body else {
      Issue.record("not links")
      return
    }
    #expect(read.first?.first?.area == .whole)
    #expect(read.first?.first?.target == .destination(Destination(page: PageIndex(0), top: 1)))
  }
}
