import Foundation
import Testing

@testable import FolioRuntime

/// Writing replies and events: one line each, keys sorted, the id echoed as it came, strings
/// from documents escaped so that no byte of them can end or break the line.
@Suite struct ControlReplyTests {
  /// What Foundation reads back from `line`.
  private func object(_ line: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
    return try #require(value as? [String: Any])
  }

  @Test func successEchoesTheIdWithSortedKeys() {
    let reply = ControlReply.success(
      .object(["page": .number(12), "label": .string("xii"), "hits": .array([.bool(true), .null])]),
      id: ControlID(7))
    #expect(
      reply.json == #"{"data":{"hits":[true,null],"label":"xii","page":12},"id":7,"ok":true}"#)
  }

  @Test func failureCarriesItsMessage() {
    let reply = ControlReply.failure("no page 99", id: ControlID(.string("q")))
    #expect(reply.json == #"{"error":"no page 99","id":"q","ok":false}"#)
    #expect(!reply.isSuccess)
  }

  @Test func aReplyWithoutIdLeavesItOut() {
    #expect(ControlReply.success(id: nil).json == #"{"data":null,"ok":true}"#)
  }

  @Test func eventsNameWhatHappened() {
    let event = ControlEvent(name: "page", data: .object(["page": .number(3)]))
    #expect(event.json == #"{"data":{"page":3},"event":"page"}"#)
    #expect(ControlMessage.parse(Array(event.json.utf8)) == .event(event))
  }

  @Test(
    "untrusted strings stay on one line and read back whole",
    arguments: [
      "say \"hi\" \\ back", "line\nbreak\r\ttab", "\u{0}\u{1}\u{1B}[31m\u{1F}\u{7F}",
      "é 漢字 🙂 \u{2028}\u{2029} \u{FEFF}", "</script>/", "",
    ])
  func untrustedString(text: String) throws {
    let reply = ControlReply.success(.object([text: .string(text)]), id: ControlID(.string(text)))
    let line = reply.json
    #expect(!line.utf8.contains { $0 < 0x20 || $0 == 0x7F })
    #expect(!line.contains("\u{2028}") && !line.contains("\u{2029}"))
    let read = try object(line)
    #expect((read["data"] as? [String: Any])?[text] as? String == text)
    #expect(read["id"] as? String == text)
    #expect(ControlMessage.parse(Array(line.utf8)) == .reply(reply))
  }

  @Test func numbersAsJSONWritesThem() throws {
    #expect(ControlValue.number(1).json == "1")
    #expect(ControlValue.number(-3).json == "-3")
    #expect(ControlValue.number(0.1).json == "0.1")
    #expect(ControlValue.number(.nan).json == "null")
    #expect(ControlValue.number(.infinity).json == "null")
    for number in [1e300, -2.5e-8, 9_007_199_254_740_993.0, 123.456] {
      let read = try JSONSerialization.jsonObject(
        with: Data(ControlValue.number(number).json.utf8), options: [.fragmentsAllowed])
      #expect((read as? NSNumber)?.doubleValue == number)
    }
  }

  @Test func repliesReadBack() {
    for reply in [
      ControlReply.success(.array([.number(1), .string("a"), .object([:])]), id: ControlID(3)),
      ControlReply.failure("refused", id: nil),
      ControlReply.success(.bool(false), id: ControlID(.null)),
    ] {
      #expect(ControlMessage.parse(Array(reply.json.utf8)) == .reply(reply))
    }
  }

  @Test func linesThatAreNoMessage() {
    for line in ["", "[]", #"{"ok": "yes"}"#, #"{"ok": false}"#, #"{"event": 3}"#, "nope"] {
      #expect(ControlMessage.parse(Array(line.utf8)) == nil, "\(line)")
    }
  }
}
