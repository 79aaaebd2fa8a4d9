import FolioCore
import Testing

@testable import FolioRuntime

/// Pictures on the wire: a job in each encoding and its encoded picture survive a round trip;
/// a frame cut short, a size past the limit or an unknown encoding is refused.
@Suite("Worker pixel messages")
struct WorkerMessagePixelTests {
  let version = DocumentVersion(number: 3)

  func roundTrip(_ request: WorkerRequest) throws -> WorkerRequest {
    let frame = WorkerMessageFormat.frame(WorkerEnvelope(id: 9, document: version, body: request))
    return try WorkerMessageFormat.request(from: try WorkerMessageTests.body(frame)).body
  }

  @Test func aPictureJobAndItsPictureSurviveARoundTrip() throws {
    let request = PixelRequest(
      page: PageIndex(41), region: PageRegion(x: 0.1, y: 0.2, width: 0.5, height: 0.25),
      size: PixelSize(width: 640, height: 480), isInverted: true, document: version)
    for encoding in [
      PictureEncoding.kitty, .sixel(cellPixels: PixelSize(width: 10, height: 20), largest: nil),
      .sixel(
        cellPixels: PixelSize(width: 8, height: 16), largest: PixelSize(width: 1000, height: 1000)),
      .iterm2(cells: CellSize(columns: 64, rows: 24)),
    ] {
      let job = WorkerRequest.renderPicture(PictureJob(request, encoding: encoding))
      #expect(try roundTrip(job) == job)
    }
    let picture = EncodedPicture(
      size: PixelSize(width: 4, height: 3),
      pieces: [
        EncodedPicture.Piece(bytes: Array("first".utf8)),
        EncodedPicture.Piece(offset: CellPoint(x: 2, y: 1), bytes: Array("second".utf8)),
      ], format: "f=100")
    let reply = WorkerMessageFormat.frame(
      WorkerEnvelope(id: 9, document: version, body: WorkerReply.picture(picture)))
    guard
      case .picture(let back) = try WorkerMessageFormat.reply(
        from: try WorkerMessageTests.body(reply)
      ).body
    else {
      Issue.record("not a picture reply")
      return
    }
    #expect(back == picture)
    // Cut anywhere, the reply is refused.
    let body = try WorkerMessageTests.body(reply)
    for length in stride(from: 14, to: body.count, by: 3) {
      #expect(throws: WorkerProtocolError.self) {
        _ = try WorkerMessageFormat.reply(from: Array(body.prefix(length)))
      }
    }
  }

  @Test func sizesPastTheLimitAndUnknownEncodingsAreRefused() throws {
    let huge = PixelRequest(page: PageIndex(0), size: PixelSize(width: 1 << 16, height: 1 << 16))
    #expect(throws: WorkerProtocolError.self) {
      _ = try roundTrip(.renderPicture(PictureJob(huge, encoding: .kitty)))
    }
    let small = PixelRequest(page: PageIndex(0), size: PixelSize(width: 8, height: 8))
    var frame = WorkerMessageFormat.frame(
      WorkerEnvelope(
        id: 1, document: .first,
        body: WorkerRequest.renderPicture(
          PictureJob(small, encoding: .kitty))))
    // The encoding is the frame's last byte.
    frame[frame.count - 1] = 7
    #expect(throws: WorkerProtocolError.self) {
      _ = try WorkerMessageFormat.request(from: try WorkerMessageTests.body(frame))
    }
    #expect(PixelPicture(size: PixelSize(width: 2, height: 2), rgb: [1, 2, 3]) == nil)
  }
}
