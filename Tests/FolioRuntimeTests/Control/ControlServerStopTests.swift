import FolioCore
import Foundation
import Glibc
import Testing

@testable import FolioRuntime

/// A server stopped right after a reply is queued (a `quit`'s: the viewer ends at once) still
/// sends it before closing the connection.
@Suite struct ControlServerStopTests {
  @Test func aReplyQueuedJustBeforeStopIsSent() throws {
    let folder = try TemporaryDirectory()
    // The reply and the stop race the server's thread: a few rounds make a lost reply show.
    for round in 1...20 {
      let inbox = try LoopInbox()
      let server = try ControlServer(path: folder("\(round).sock"), inbox: inbox)
      let client = try rawConnection(to: server.path)
      defer { close(client) }
      let line = Array((ControlRequest(name: "quit", id: ControlID(round)).json + "\n").utf8)
      _ = line.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
      var incoming: [ControlServer.Incoming] = []
      #expect(
        waitUntil {
          incoming += server.takeRequests()
          return !incoming.isEmpty
        })
      let request = try #require(incoming.first)
      server.reply(
        ControlReply(id: request.request.id, outcome: .success(.null)), to: request.client)
      server.stop()
      let bytes = try #require(readUntilClosed(client))
      let expected = ControlReply(id: ControlID(round), outcome: .success(.null)).json + "\n"
      #expect(String(decoding: bytes, as: UTF8.self) == expected, "round \(round)")
    }
  }
}
