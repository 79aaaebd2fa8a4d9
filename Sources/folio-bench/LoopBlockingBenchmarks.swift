import FolioCore
import FolioFixtures
import FolioRuntime
import FolioTerminal
import FolioTestSupport
import FolioUI
import Foundation

/// The loop's longest stall while something that could block it happens: `Y` (copy the page)
/// inside tmux while the tmux server is stopped (SIGSTOP), and files arriving in a watched
/// library folder (the folders a shelf follows), a key typed every turn.
enum LoopBlockingBenchmarks {
  /// The rows of the loop's table.
  static func rows() throws -> [String] {
    func row(_ name: String, _ stall: Stall) -> String {
      "| \(name) | \(Measure.format(stall.longest.inSeconds)) over \(stall.turns) turns (the loop thread's CPU time in its busiest turn: \(Measure.format(stall.busiest.inSeconds))) | ≤ 20 ms |"
    }
    let copy = try stallsWhileCopyingThroughStoppedTmux()
    let written = try stallsWhileFilesArrive(moved: false)
    let unwatched = try stallsWhileFilesArrive(moved: false, watching: false)
    let moved = try stallsWhileFilesArrive(moved: true)
    return [
      row(
        "the loop's longest stall copying a page (`Y`) inside tmux while the tmux server is stopped, until the copy gives up (\(copy.outcome))",
        copy.stall),
      row(
        "the same keys for as many turns, no copy (the machine's noise)", copy.control),
      row(
        "the loop's longest stall while 10,000 PDFs are written one by one into 20 new folders of a watched library folder",
        written),
      row(
        "the same, the folder not watched (the writer's and the machine's noise)",
        unwatched),
      row(
        "the loop's longest stall after a tree of 10,000 PDFs (100 folders) is moved into a watched library folder",
        moved),
    ]
  }

  static func stallsWhileCopyingThroughStoppedTmux() throws -> (
    stall: Stall, control: Stall, outcome: String
  ) {
    let folder = NSTemporaryDirectory() + "folio-bench-tmux-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // A private tmux server, its socket in our folder.
    let socket = folder + "/tmux"
    let tmux = ["-S", socket, "-f", "/dev/null"]
    let started = try ChildProcess.run(
      "tmux", tmux + ["new-session", "-d", "-x", "80", "-y", "24"], timeLimit: .seconds(20))
    guard started.status == 0 else { throw BenchError("tmux cannot start: \(started.errorText)") }
    let answer = try ChildProcess.run(
      "tmux", tmux + ["display-message", "-p", "#{pid}"], timeLimit: .seconds(20))
    guard let server = pid_t(answer.outputText.filter { !$0.isWhitespace }) else {
      throw BenchError("tmux did not say its pid")
    }
    defer {
      kill(server, SIGCONT)
      _ = try? ChildProcess.run("tmux", tmux + ["kill-server"], timeLimit: .seconds(20))
    }
    // The copy sees this environment: inside the private tmux.
    let environment = [
      "TMUX": "\(socket),\(server),0",
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ]
    let size = CellSize(columns: 120, rows: 40)
    let terminal = MemoryTerminal(size: size)
    terminal.clipboardJob = { Clipboard.tmuxJob(copying: $0, environment: environment) }
    let browser = try PipelineBenchmarks.makeBrowser(
      path: try FixtureLibrary.path(.manual), size: size, mode: .continuous,
      drawing: .processes, terminal: terminal)
    browser.settle()
    // The page's text read first (a copy while the server runs).
    terminal.type([.key(.character("Y"))])
    let warm = ContinuousClock.now + .seconds(30)
    while browser.state.status.message?.hasPrefix("copied") != true, ContinuousClock.now < warm {
      browser.turn(waitingAtMost: .milliseconds(8))
    }
    guard kill(server, SIGSTOP) == 0 else { throw BenchError("tmux cannot be stopped") }
    browser.resetLongestStall()
    terminal.type([.key(.character("Y"))])
    var stall = Stall()
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline {
      stall.turn(browser)
      if let message = browser.state.status.message, message.hasPrefix("Not copied") {
        stall.longest = browser.longestStall
        browser.resetLongestStall()
        var control = Stall()
        for turn in 0..<stall.turns {
          terminal.type([.key(LoopBenchmarks.keys[turn % LoopBenchmarks.keys.count])])
          control.turn(browser)
        }
        control.longest = browser.longestStall
        return (stall, control, message)
      }
      terminal.type([.key(LoopBenchmarks.keys[stall.turns % LoopBenchmarks.keys.count])])
    }
    throw BenchError("the copy through a stopped tmux never gave up")
  }

  /// 10,000 PDFs written one by one into new folders of the watched folder, or (`moved`) a
  /// tree of them made elsewhere and moved in at once, while the loop runs, until a second
  /// after the last file.
  static func stallsWhileFilesArrive(moved: Bool, watching: Bool = true) throws -> Stall {
    let base = NSTemporaryDirectory() + "folio-bench-shelf-\(getpid())"
    let watched = base + "/library"
    let staged = base + "/staged"
    try FileManager.default.createDirectory(atPath: watched, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: base) }
    let folders = moved ? 100 : 20
    let files = 10_000
    let write: @Sendable (String) -> Void = { root in
      for index in 0..<files {
        let folder = root + "/shelf-\(index % folders)"
        if index < folders { mkdir(folder, 0o755) }
        let name = folder + String(format: "/paper-%05d.pdf", index)
        _ = FileManager.default.createFile(atPath: name, contents: Data("%PDF-1.4\n".utf8))
      }
    }
    if moved { write(staged) }
    let size = CellSize(columns: 120, rows: 40)
    let terminal = MemoryTerminal(size: size)
    let browser = try PipelineBenchmarks.makeBrowser(
      path: try FixtureLibrary.path(.manual), size: size, mode: .continuous,
      drawing: .processes, terminal: terminal, watchingFolders: watching ? [watched] : [])
    browser.settle()
    browser.resetLongestStall()
    let done = NSCondition()
    nonisolated(unsafe) var finished: ContinuousClock.Instant?
    let writer = Thread {
      if moved {
        rename(staged, watched + "/moved")
      } else {
        write(watched)
      }
      done.withLock { finished = .now }
    }
    writer.start()
    var stall = Stall()
    let deadline = ContinuousClock.now + .seconds(120)
    while ContinuousClock.now < deadline {
      terminal.type([.key(LoopBenchmarks.keys[stall.turns % LoopBenchmarks.keys.count])])
      stall.turn(browser)
      if let end = done.withLock({ finished }), ContinuousClock.now - end > .seconds(1) {
        stall.longest = browser.longestStall
        return stall
      }
    }
    throw BenchError("the files were never all written")
  }

  /// A stretch of turns: how many, the longest (`Browser.longestStall`: waking to frame,
  /// whatever the machine did meanwhile) and the most CPU time the loop's thread spent in one
  /// (its own work, without the time other processes had the cores).
  struct Stall {
    var turns = 0
    var longest: Duration = .zero
    var busiest: Duration = .zero

    /// One turn of `browser`, on this thread (the loop's).
    mutating func turn(_ browser: Browser<MemoryTerminal>) {
      let before = Self.threadTime()
      browser.turn(waitingAtMost: .milliseconds(8))
      busiest = max(busiest, Self.threadTime() - before)
      turns += 1
    }

    /// The calling thread's CPU time so far.
    static func threadTime() -> Duration {
      var time = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
      return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
  }
}
