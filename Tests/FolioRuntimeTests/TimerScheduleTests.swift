import FolioRuntime
import FolioUI
import Testing

/// The loop's timers as deadlines, with instants the test picks: no clock is read.
@Suite("Timer schedule")
struct TimerScheduleTests {
  /// An instant to count from; only differences matter.
  let start = ContinuousClock.now

  func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

  @Test func nothingRunsAtFirst() {
    var timers = TimerSchedule()
    #expect(timers.nextDeadline == nil)
    #expect(timers.takeFired(now: at(1_000_000)) == [])
    #expect(TimerID.allCases.allSatisfy { !timers.isRunning($0) })
  }

  @Test func aTimerFiresAtItsDeadlineAndOnlyOnce() {
    var timers = TimerSchedule()
    timers.start(.message, after: .seconds(4), now: at(100))
    #expect(timers.isRunning(.message))
    #expect(timers.nextDeadline == at(4_100))
    #expect(timers.takeFired(now: at(4_099)) == [])
    #expect(timers.isRunning(.message))
    // At the deadline exactly, it fires.
    #expect(timers.takeFired(now: at(4_100)) == [.message])
    #expect(!timers.isRunning(.message))
    #expect(timers.nextDeadline == nil)
    #expect(timers.takeFired(now: at(10_000)) == [])
  }

  @Test func startingARunningTimerRestartsIt() {
    var timers = TimerSchedule()
    timers.start(.reloadDebounce, after: .milliseconds(250), now: at(0))
    timers.start(.reloadDebounce, after: .milliseconds(250), now: at(200))
    #expect(timers.nextDeadline == at(450))
    #expect(timers.takeFired(now: at(300)) == [])
    #expect(timers.takeFired(now: at(450)) == [.reloadDebounce])
    // A restart may also bring the deadline nearer.
    timers.start(.savePlace, after: .seconds(2), now: at(1_000))
    timers.start(.savePlace, after: .milliseconds(10), now: at(1_100))
    #expect(timers.nextDeadline == at(1_110))
    #expect(timers.takeFired(now: at(1_110)) == [.savePlace])
  }

  @Test func cancellingStopsATimerAndLeavesTheOthers() {
    var timers = TimerSchedule()
    timers.start(.count, after: .milliseconds(700), now: at(0))
    timers.start(.message, after: .seconds(4), now: at(0))
    timers.cancel(.count)
    #expect(!timers.isRunning(.count))
    #expect(timers.isRunning(.message))
    #expect(timers.nextDeadline == at(4_000))
    // Cancelling a timer that does not run changes nothing.
    timers.cancel(.reloadAtLatest)
    timers.cancel(.count)
    #expect(timers.nextDeadline == at(4_000))
    #expect(timers.takeFired(now: at(5_000)) == [.message])
  }

  @Test func firedTimersComeEarliestFirst() {
    var timers = TimerSchedule()
    // Started in another order than they run out.
    timers.start(.reloadAtLatest, after: .seconds(3), now: at(0))
    timers.start(.message, after: .seconds(4), now: at(0))
    timers.start(.count, after: .milliseconds(700), now: at(0))
    timers.start(.savePlace, after: .seconds(2), now: at(0))
    timers.start(.reloadDebounce, after: .milliseconds(250), now: at(0))
    #expect(timers.nextDeadline == at(250))
    #expect(timers.takeFired(now: at(2_500)) == [.reloadDebounce, .count, .savePlace])
    #expect(timers.nextDeadline == at(3_000))
    #expect(timers.takeFired(now: at(60_000)) == [.reloadAtLatest, .message])
    #expect(timers.nextDeadline == nil)
  }

  @Test func theNextDeadlineFollowsEveryChange() {
    var timers = TimerSchedule()
    timers.start(.message, after: .seconds(4), now: at(0))
    timers.start(.count, after: .milliseconds(700), now: at(0))
    #expect(timers.nextDeadline == at(700))
    timers.cancel(.count)
    #expect(timers.nextDeadline == at(4_000))
    timers.start(.count, after: .milliseconds(700), now: at(3_500))
    #expect(timers.nextDeadline == at(4_000))
    #expect(timers.takeFired(now: at(4_000)) == [.message])
    #expect(timers.nextDeadline == at(4_200))
    #expect(timers.takeFired(now: at(4_200)) == [.count])
  }
}
