import FolioSystem
import Glibc
import Testing

@testable import FolioTerminal

/// A tmux server of its own (a socket in a new temporary folder), for the copy to go through.
private final class PrivateTmux {
  let folder: String
  let socket: String
  let pid: pid_t

  init() throws {
    var template = Array("/tmp/folio-clipboard-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap { mkdtemp($0) } }
    folder = String(cString: try #require(made))
    socket = folder + "/tmux"
    let started = ChildRun.run(
      ["tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24"],
      deadline: .seconds(20))
    try #require(started.succeeded, "tmux cannot start: \(started.ending)")
    let answer = ChildRun.run(
      ["tmux", "-S", socket, "display-message", "-p", "#{pid}"], output: .captured,
      deadline: .seconds(20))
    pid = try #require(
      pid_t(String(decoding: answer.output, as: UTF8.self).filter { !$0.isWhitespace }))
  }

  /// The environment of a program inside this tmux.
  var environment: [String: String] {
    ["TMUX": "\(socket),\(pid),0", "PATH": String(cString: getenv("PATH"))]
  }

  /// tmux's buffer now.
  func buffer() -> String {
    String(
      decoding: ChildRun.run(
        ["tmux", "-S", socket, "show-buffer"], output: .captured, deadline: .seconds(20)
      ).output, as: UTF8.self)
  }

  deinit {
    kill(pid, SIGCONT)
    _ = ChildRun.run(["tmux", "-S", socket, "kill-server"], deadline: .seconds(20))
    kill(pid, SIGKILL)
    _ = ChildRun.run(["rm", "-rf", folder], deadline: .seconds(20))
  }
}

@Suite("Copying through tmux")
struct ClipboardTests {
  @Test func theTextReachesTmuxsBuffer() throws {
    let tmux = try PrivateTmux()
    #expect(Clipboard.copyThroughTmux("copied text", environment: tmux.environment) == nil)
    #expect(tmux.buffer() == "copied text")
  }

  @Test func aStoppedTmuxServerGivesUpAtTheDeadlineWithOneLine() throws {
    let tmux = try PrivateTmux()
    #expect(kill(tmux.pid, SIGSTOP) == 0)
    let problem = Clipboard.copyThroughTmux(
      "never copied", environment: tmux.environment, deadline: .milliseconds(300))
    #expect(problem == "Not copied through tmux: tmux set-buffer did not answer in time")
  }

  @Test func outsideTmuxThereIsNoJob() {
    #expect(Clipboard.tmuxJob(copying: "text", environment: [:]) == nil)
    #expect(Clipboard.tmuxJob(copying: "text", environment: ["TMUX": ""]) == nil)
    #expect(Clipboard.tmuxJob(copying: "text", environment: ["TMUX": "/x,1,0"]) != nil)
  }
}
