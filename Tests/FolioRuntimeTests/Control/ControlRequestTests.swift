import Testing

@testable import FolioRuntime

/// Reading request lines: the good ones as requests, every other one as a one-line reason
/// that keeps the line's id when it had one.
@Suite struct ControlRequestTests {
  private func parse(_ line: String) -> Result<ControlRequest, ControlRequest.Malformed> {
    ControlRequest.parse(Array(line.utf8))
  }

  @Test(
    "good lines",
    arguments: [
      (
        #"{"command": ["goto", "xii"], "id": 1}"#,
        ControlRequest(name: "goto", arguments: [.string("xii")], id: ControlID(1))
      ),
      (
        #"{"command":["scroll",3,-1.5]}"#,
        ControlRequest(name: "scroll", arguments: [.number(3), .number(-1.5)])
      ),
      (
        #"{"id":"a\"b","command":["get"]}"#,
        ControlRequest(name: "get", id: ControlID(.string("a\"b")))
      ),
      (#"{"command":["quit"],"id":null}"#, ControlRequest(name: "quit", id: ControlID(.null))),
      (
        #"{"command":["find","\u00e9 x"],"id":true}"#,
        ControlRequest(name: "find", arguments: [.string("é x")], id: ControlID(.bool(true)))
      ),
      (
        #"{"command":["goto",12],"extra":{"ignored":[1]}}"#,
        ControlRequest(name: "goto", arguments: [.number(12)])
      ),
    ])
  func goodLine(line: String, expected: ControlRequest) throws {
    #expect(try parse(line).get() == expected)
  }

  @Test(
    "bad lines",
    arguments: [
      ("", "not JSON", nil),
      ("not json", "not JSON", nil),
      (#"{"command": ["goto", 1]"#, "not JSON", nil),
      ("[1, 2]", "not a JSON object", nil),
      (#""goto""#, "not a JSON object", nil),
      ("{}", "no \"command\"", nil),
      (#"{"id": 4}"#, "no \"command\"", "4"),
      (#"{"command": "goto", "id": "q"}"#, "\"command\" is not an array", "\"q\""),
      (#"{"command": [], "id": 2}"#, "\"command\" is empty", "2"),
      (#"{"command": [1]}"#, "the command's name is not a string", nil),
      (#"{"command": [""]}"#, "the command's name is not a string", nil),
      (#"{"command": ["goto", true], "id": 3}"#, "argument 1 is not a string or a number", "3"),
      (#"{"command": ["goto", 1, [1]]}"#, "argument 2 is not a string or a number", nil),
      (#"{"command": ["goto", null]}"#, "argument 1 is not a string or a number", nil),
      (#"{"command": ["goto"], "id": [1]}"#, "\"id\" is not a JSON scalar", nil),
      (#"{"command": ["goto"], "id": {"a": 1}}"#, "\"id\" is not a JSON scalar", nil),
    ] as [(String, String, String?)])
  func badLine(line: String, message: String, id: String?) {
    guard case .failure(let malformed) = parse(line) else {
      Issue.record("\(line) was read as a request")
      return
    }
    #expect(malformed.message == message)
    #expect(malformed.id?.json == id)
    #expect(malformed.reply == .failure(message, id: malformed.id))
  }

  @Test func bytesThatAreNotUTF8AreNotJSON() {
    let line: [UInt8] = Array(#"{"command": ["goto", ""#.utf8) + [0xff, 0xfe] + Array(#""]}"#.utf8)
    guard case .failure(let malformed) = ControlRequest.parse(line) else {
      Issue.record("invalid UTF-8 was read as a request")
      return
    }
    #expect(malformed.message == "not JSON")
  }

  @Test func deepNestingIsRefusedWithoutCrashing() {
    let line = #"{"command": ["goto", "# + String(repeating: "[", count: 100_000) + "]}"
    guard case .failure(let malformed) = parse(line) else {
      Issue.record("a deeply nested line was read as a request")
      return
    }
    #expect(malformed.message == "not JSON")
  }

  @Test func aWholeNumberIdKeepsEveryDigit() throws {
    let request = try parse(#"{"command":["get","page"],"id":12345678901234567}"#).get()
    #expect(request.id?.json == "12345678901234567")
    #expect(ControlReply.success(id: request.id).json.contains(#""id":12345678901234567"#))
  }

  @Test func aRequestReadsBackAsItself() throws {
    let request = ControlRequest(
      name: "find", arguments: [.string("say \"hi\"\n\u{1}é"), .number(2.5), .number(-7)],
      id: ControlID(.string("x/y")))
    #expect(try parse(request.json).get() == request)
    #expect(!request.json.contains("\n"))
  }

  @Test func argumentsAsText() {
    #expect(ControlArgument.number(12).description == "12")
    #expect(ControlArgument.number(1.5).description == "1.5")
    #expect(ControlArgument.string("xii").description == "xii")
  }
}
