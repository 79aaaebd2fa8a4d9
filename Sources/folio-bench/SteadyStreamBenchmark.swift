import FolioCore
import FolioFixtures
import FolioRuntime
import FolioTestSupport
import Foundation

/// A steady stream of PageDowns on the 15,000-page fixture in the continuous view, faster than
/// frames (a key held down with a fast repeat, a trackpad, a script): a key is typed every
/// `keyInterval` for `feeding`, whatever the loop is doing, with the page workers as the viewer
/// runs them. Reports how many keys a second the loop handled, its longest turn, and how long
/// after the last key the view settled (every key read, the view at its last page).
enum SteadyStreamBenchmark {
  /// What one stream measured.
  struct Result {
    var keys: Int
    var keysPerSecond: Double
    var handledPerSecond: Double
    var stall: Duration
    var settle: Duration
    var turns: Int
    var frames: Int
    var rendersStarted: Int
    var lastPage: Int
  }

  static func run(
    keyInterval: Duration = .microseconds(1500), feeding: Duration = .seconds(3)
  ) throws -> Result {
    let path = try FixtureLibrary.path(.huge)
    let size = CellSize(columns: 120, rows: 40)
    let terminal = MemoryTerminal(size: size)
    let browser = try PipelineBenchmarks.makeBrowser(
      path: path, size: size, mode: .continuous, drawing: .processes, terminal: terminal)
    browser.settle()
    browser.resetLongestStall()
    let startedRenders = browser.board.renderStatistics.started
    let startedFrames = terminal.presentedCount
    let total = Int(feeding / keyInterval)
    let start = ContinuousClock.now
    let deadline = start + feeding + .seconds(120)
    var fed = 0
    var lastKey = start
    var turns = 0
    while ContinuousClock.now < deadline {
      let now = ContinuousClock.now
      let due = min(total, Int((now - start) / keyInterval) + 1)
      if due > fed {
        terminal.type(Array(repeating: .key(.pageDown), count: due - fed))
        fed = due
        lastKey = now
      }
      if fed == total && terminal.waitingInputCount == 0 { break }
      browser.turn(waitingAtMost: keyInterval)
      turns += 1
    }
    let settled = ContinuousClock.now
    guard fed == total, terminal.waitingInputCount == 0 else {
      throw BenchError("the stream was not handled within two minutes")
    }
    return Result(
      keys: total, keysPerSecond: Double(total) / feeding.inSeconds,
      handledPerSecond: Double(total) / (settled - start).inSeconds,
      stall: browser.longestStall, settle: settled - lastKey, turns: turns,
      frames: terminal.presentedCount - startedFrames,
      rendersStarted: browser.board.renderStatistics.started - startedRenders,
      lastPage: browser.state.view.currentPage.number)
  }
}
