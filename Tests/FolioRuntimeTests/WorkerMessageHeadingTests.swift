import FolioCore
import FolioRuntime
import Testing

/// A structure tree's headings on the wire: the request and the reply survive a round trip,
/// and a cut-short or hostile reply is refused, never read past its end nor allocated for.
@Suite("Worker messages: tagged headings")
struct WorkerMessageHeadingTests {
  static let headings = [
    TaggedHeading(page: PageIndex(0), level: 1, text: "Getting started – ünïcode"),
    TaggedHeading(page: PageIndex(14_999), level: 6, text: "Appendix"),
    TaggedHeading(page: PageIndex(3), level: 9, text: " "),
  ]

  static func frame(_ reply: WorkerReply) -> [UInt8] {
    WorkerMessageFormat.frame(WorkerEnvelope(id: 4, document: .first, body: reply))
  }

  @Test func theRequestAndTheReplySurviveARoundTrip() throws {
    let request = WorkerMessageFormat.frame(
      WorkerEnvelope(id: 3, document: DocumentVersion(number: 2), body: WorkerRequest.readHeadings))
    #expect(
      try WorkerMessageFormat.request(from: try WorkerMessageTests.body(request)).body
        == .readHeadings)
    for sent in [Self.headings, []] {
      guard
        case .headings(let read) = try WorkerMessageFormat.reply(
          from: try WorkerMessageTests.body(Self.frame(.headings(sent)))
        ).body
      else {
        Issue.record("not headings")
        continue
      }
      #expect(read == sent)
    }
    // Levels are kept within 1…6.
    #expect(Self.headings.map(\.level) == [1, 6, 6])
  }

  @Test func cutShortAndHostileRepliesAreRefused() throws {
    try WorkerMessageTests.expectEveryDamagedCopyRefused(
      ofReply: Self.frame(.headings(Self.headings)))
    var body = Array(try WorkerMessageTests.body(Self.frame(.headings([]))).prefix(14))
    #expect(body[1] == 0x8A)
    // A count far beyond the bytes that follow is refused before anything is allocated.
    body += [255, 255, 255, 255]
    #expect(throws: WorkerProtocolError.truncated) {
      _ = try WorkerMessageFormat.reply(from: body)
    }
    // A heading's text past the limit is refused, not kept for every reflow to read.
    let long = TaggedHeading(
      page: PageIndex(0), level: 1, text: String(repeating: "a", count: TaggedHeading.textLimit + 1)
    )
    #expect(throws: WorkerProtocolError.self) {
      _ = try WorkerMessageFormat.reply(
        from: try WorkerMessageTests.body(Self.frame(.headings([long]))))
    }
  }
}

/// Bold runs on the wire with a page's text: a round trip keeps them, the styled text request
/// survives one, and a run outside its text is refused.
@Suite("Worker messages: bold runs")
struct WorkerMessageBoldTests {
  static let text = PageText(
    text: "Bold and plain", boxes: Array(repeating: TextBox(), count: 14), bold: [0..<4, 9..<14])

  @Test func boldRunsSurviveARoundTrip() throws {
    let frame = WorkerMessageFormat.frame(
      WorkerEnvelope(id: 1, document: .first, body: WorkerReply.texts([Self.text, .empty])))
    guard
      case .texts(let read) = try WorkerMessageFormat.reply(
        from: try WorkerMessageTests.body(frame)
      ).body
    else {
      Issue.record("not texts")
      return
    }
    #expect(read == [Self.text, .empty])
    let request = WorkerMessageFormat.frame(
      WorkerEnvelope(id: 2, document: .first, body: WorkerRequest.readStyledText(3..<9)))
    #expect(
      try WorkerMessageFormat.request(from: try WorkerMessageTests.body(request)).body
        == .readStyledText(3..<9))
    try WorkerMessageTests.expectEveryDamagedCopyRefused(ofReply: frame)
  }

  @Test func aRunOutsideItsTextIsRefused() throws {
    var body = try WorkerMessageTests.body(
      WorkerMessageFormat.frame(
        WorkerEnvelope(id: 1, document: .first, body: WorkerReply.texts([Self.text]))))
    // The last run's length, the body's last four bytes: past the text's end.
    body[body.count - 4] = 6
    #expect(throws: WorkerProtocolError.malformed("a bold run outside its text")) {
      _ = try WorkerMessageFormat.reply(from: body)
    }
  }
}
