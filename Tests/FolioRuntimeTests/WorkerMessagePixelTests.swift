import FolioCore
import Testing

@testable import FolioRuntime

/// Pixel renders on the wire: the request and the picture survive a round trip; a frame cut
/// short, or a size past the limit or not matching its bytes, is refused.
@Suite("Worker pixel messages")
struct WorkerMessagePixelTests {
  let version = DocumentVersion(number: 3)

  @Test func aPixelRequestAndItsPictureSurviveARoundTrip() throws {
    let request = WorkerRequest.renderPixels(
      PixelRequest(
        page: PageIndex(41), region: PageRegion(x: 0.1, y: 0.2, width: 0.5, height: 0.25),
        size: PixelSize(width: 640, height: 480), isInverted: true, document: version))
    let frame = WorkerMessageFormat.frame(
      WorkerEnvelope(id: 9, document: version, body: request))
    let read = try WorkerMessageFormat.request(from: try WorkerMessageTests.body(frame))
    #expect(read.body == request)
    let rgb = (0..<(4 * 3 * 3)).map { UInt8($0 * 7 % 256) }
    let picture = try #require(PixelPicture(size: PixelSize(width: 4, height: 3), rgb: rgb))
    let reply = WorkerMessageFormat.frame(
      WorkerEnvelope(id: 9, document: version, body: WorkerReply.pixels(picture)))
    guard
      case .pixels(let back) = try WorkerMessageFormat.reply(
        from: try WorkerMessageTests.body(reply)
      ).body
    else {
      Issue.record("not a pixels reply")
      return
    }
    #expect(back == picture)
    // Cut anywhere, the reply is refused.
    let body = try WorkerMessageTests.body(reply)
    for length in stride(from: 14, to: body.count, by: 5) {
      #expect(throws: WorkerProtocolError.self) {
        _ = try WorkerMessageFormat.reply(from: Array(body.prefix(length)))
      }
    }
  }

  @Test func sizesPastTheLimitAreRefused() throws {
    let huge = PixelRequest(page: PageIndex(0), size: PixelSize(width: 1 << 16, height: 1 << 16))
    let frame = WorkerMessageFormat.frame(
      WorkerEnvelope(id: 1, document: .first, body: WorkerRequest.renderPixels(huge)))
    #expect(throws: WorkerProtocolError.self) {
      _ = try WorkerMessageFormat.request(from: try WorkerMessageTests.body(frame))
    }
    #expect(PixelPicture(size: PixelSize(width: 2, height: 2), rgb: [1, 2, 3]) == nil)
    #expect(PixelPicture(size: PixelSize(width: 0, height: 2), rgb: []) == nil)
  }
}
