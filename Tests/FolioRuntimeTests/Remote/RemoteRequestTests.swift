import FolioCore
import FolioUI
import Testing

@testable import FolioRuntime

/// The control socket's commands read from their words: every action with a count, goto,
/// open, find, get, subscribe, quit and synctex-forward; anything else refused with a reason.
@Suite("Remote requests")
struct RemoteRequestTests {
  func read(_ words: String...) -> Result<RemoteRequest, RemoteRefusal> {
    RemoteRequest.read(words)
  }

  @Test func everyActionIsACommandWithOrWithoutACount() {
    // `quit` is a command of its own; `open` with a file opens the file.
    for (name, action) in Action.named where name != "quit" {
      #expect(read(name) == .success(.act(action, count: nil)), "\(name)")
      if name != "open" {
        #expect(read(name, "3") == .success(.act(action, count: 3)), "\(name)")
      }
    }
  }

  @Test func theOtherCommands() {
    #expect(read("goto", "xii") == .success(.goTo("xii")))
    #expect(read("open", "/a.pdf") == .success(.open(path: "/a.pdf", page: nil)))
    #expect(read("open", "/a.pdf", "4") == .success(.open(path: "/a.pdf", page: "4")))
    #expect(read("find", "two", "words") == .success(.find("two words")))
    #expect(read("get", "page") == .success(.get(.page)))
    #expect(read("subscribe") == .success(.subscribe(Set(RemoteTopic.allCases))))
    #expect(read("subscribe", "page", "hits") == .success(.subscribe([.page, .hits])))
    #expect(read("quit") == .success(.quit))
    #expect(
      read("synctex-forward", "/p.pdf", "ch.tex", "12", "-1", "%3")
        == .success(
          .forwardSearch(pdf: "/p.pdf", input: "ch.tex", line: 12, column: -1, pane: "%3")))
  }

  @Test(arguments: [
    ["frobnicate"], ["next-page", "0"], ["next-page", "x"], ["next-page", "1", "2"],
    ["goto"], ["get", "colour"], ["subscribe", "weather"], ["quit", "now"], ["open", ""],
    ["synctex-forward", "/p.pdf", "a.tex", "0", "0"], [],
  ])
  func badCommandsAreRefusedWithAReason(words: [String]) {
    guard case .failure(let refusal) = RemoteRequest.read(words) else {
      Issue.record("\(words) was read")
      return
    }
    #expect(!refusal.reason.isEmpty)
  }

  @Test func aRefusalNeverEchoesControlCharactersOrAWholeHugeWord() {
    let word = "\u{1B}]52;c;evil\u{07}" + String(repeating: "x", count: 5000)
    guard case .failure(let refusal) = RemoteRequest.read([word]) else {
      Issue.record("read")
      return
    }
    #expect(!refusal.reason.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    #expect(refusal.reason.count < 200)
  }
}
