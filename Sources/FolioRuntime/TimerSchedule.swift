import FolioUI

/// The timers `update` started, as deadlines on a monotonic clock. The loop sleeps until the
/// nearest one and turns those that passed into `timerFired` events. A value: tests pass any
/// instants they like.
public struct TimerSchedule: Sendable {
  private var deadlines: [TimerID: ContinuousClock.Instant] = [:]

  /// No timers.
  public init() {}

  /// Starts `timer` to fire `delay` after `now`; a running one restarts.
  public mutating func start(_ timer: TimerID, after delay: Duration, now: ContinuousClock.Instant)
  {
    deadlines[timer] = now + delay
  }

  /// Stops `timer` if it runs.
  public mutating func cancel(_ timer: TimerID) {
    deadlines[timer] = nil
  }

  /// Whether `timer` runs.
  public func isRunning(_ timer: TimerID) -> Bool { deadlines[timer] != nil }

  /// The nearest deadline, if any timer runs.
  public var nextDeadline: ContinuousClock.Instant? { deadlines.values.min() }

  /// Removes and returns the timers whose deadline is at or before `now`, earliest first.
  public mutating func takeFired(now: ContinuousClock.Instant) -> [TimerID] {
    let fired = deadlines.filter { $0.value <= now }.sorted { $0.value < $1.value }.map(\.key)
    for timer in fired { deadlines[timer] = nil }
    return fired
  }
}
