import FolioCore
import FolioRuntime
import Testing

/// Annotations on the wire: a round trip of every field and kind, long text cut short so no
/// page of annotations makes a reply too long, and hostile frames refused, never read past
/// their end nor allocated for.
@Suite("Worker messages: annotations")
struct WorkerMessageAnnotationTests {
  static let pages: [[DocumentAnnotation]] = [
    [
      DocumentAnnotation(
        page: PageIndex(4), kind: .highlight,
        rectangle: PageRegion(x: 0.1, y: 0.2, width: 0.3, height: 0.04),
        quadrilaterals: [
          PageQuadrilateral(PageRegion(x: 0.1, y: 0.2, width: 0.3, height: 0.02)),
          PageQuadrilateral(PageRegion(x: 0.1, y: 0.22, width: 0.2, height: 0.02)),
        ],
        color: RGBA(red: 255, green: 230, blue: 0, alpha: 128), author: "Ann Ö",
        modified: "D:20261129120000Z", note: "two\nlines\u{1B}[2J", name: "nm-1",
        markedText: "marked words", pageSize: PointSize(width: 595, height: 842)),
      DocumentAnnotation(
        page: PageIndex(4), kind: .note,
        rectangle: PageRegion(x: 0.9, y: 0.9, width: 0.03, height: 0.02)),
    ],
    [],
    [.underline, .squiggly, .strikeOut, .freeText, .ink, .other("stamp")].map { kind in
      DocumentAnnotation(
        page: PageIndex(6), kind: kind, rectangle: .whole, note: kind.name)
    },
  ]

  static func roundTrip(_ pages: [[DocumentAnnotation]]) throws -> [[DocumentAnnotation]] {
    let frame = WorkerMessageFormat.frame(
      WorkerEnvelope(id: 1, document: .first, body: WorkerReply.annotations(pages)))
    let reply = try WorkerMessageFormat.reply(from: try WorkerMessageTests.body(frame)).body
    guard case .annotations(let read) = reply else {
      Issue.record("not annotations: \(reply)")
      return []
    }
    return read
  }

  @Test func theRequestAndEveryFieldSurviveARoundTrip() throws {
    let request = WorkerRequest.readAnnotations(64..<128)
    let frame = WorkerMessageFormat.frame(WorkerEnvelope(id: 2, document: .first, body: request))
    #expect(
      try WorkerMessageFormat.request(from: try WorkerMessageTests.body(frame)).body == request)
    #expect(try Self.roundTrip(Self.pages) == Self.pages)
    #expect(try Self.roundTrip([]) == [])
  }

  @Test func longTextIsCutShortAndTooManyAnnotationsLeftOut() throws {
    let long = String(repeating: "é", count: 100_000)
    let crowded = (0..<1_500).map { _ in
      DocumentAnnotation(page: PageIndex(0), kind: .note, rectangle: .whole, note: long)
    }
    let read = try Self.roundTrip([crowded])
    #expect(read.first?.count == WorkerMessageFormat.mostPerPage)
    #expect(read.first?.first?.note?.utf8.count == WorkerMessageFormat.longestText)
    // Past the budget, notes are cut much shorter.
    #expect(read.first?.last?.note?.utf8.count == WorkerMessageFormat.longestAfterBudget)
  }

  @Test func noReplyIsTooLongToSend() throws {
    // One character of a million combining accents: cut by bytes, not characters.
    let bomb = "a" + String(repeating: "\u{0301}", count: 1_000_000)
    let quads = (0..<256).map { _ in PageQuadrilateral(.whole) }
    let crowded = (0..<1_000).map { _ in
      DocumentAnnotation(
        page: PageIndex(0), kind: .highlight, rectangle: .whole, quadrilaterals: quads,
        note: bomb, markedText: bomb)
    }
    let frame = WorkerMessageFormat.frame(
      WorkerEnvelope(
        id: 1, document: .first, body: WorkerReply.annotations([crowded, crowded, crowded])))
    #expect(frame.count - 4 <= WorkerMessageFormat.largestBody)
    let read = try Self.roundTrip([crowded, crowded, crowded])
    #expect(read.count == 3)
    #expect((read.first?.first?.note?.utf8.count ?? .max) <= WorkerMessageFormat.longestText)
  }

  @Test func hostileFramesAreRefused() throws {
    let frame = WorkerMessageFormat.frame(
      WorkerEnvelope(id: 1, document: .first, body: WorkerReply.annotations(Self.pages)))
    var body = try WorkerMessageTests.body(frame)
    // Every prefix of the body is refused.
    for end in stride(from: 14, to: body.count, by: 7) {
      #expect(throws: WorkerProtocolError.self) {
        try WorkerMessageFormat.reply(from: Array(body[..<end]))
      }
    }
    // A page count far beyond the bytes: refused before anything is allocated.
    body.replaceSubrange(14..<18, with: [0xFF, 0xFF, 0xFF, 0x7F])
    #expect(throws: WorkerProtocolError.self) { try WorkerMessageFormat.reply(from: body) }
  }
}
