import FolioCore
import Foundation

/// Renders requests on background threads so the interface never waits for Poppler.
///
/// Each of `workerCount` threads makes its own worker with the factory given (the app's page
/// workers: a worker process each, or a document each in tests) and uses it only on that
/// thread. Threads take the most urgent wanted request from a `RenderQueue`;
/// the main thread replaces the wanted set each layout pass (`replaceWanted(_:)`), which cancels
/// waiting requests no longer wanted before they start. A request already running finishes and
/// its outcome is delivered anyway, for the cache.
///
/// Outcomes wait in an inbox the main thread empties with `drainOutcomes()`. `wakeDescriptor`
/// becomes readable when the inbox goes from empty to not empty (one byte for any number of
/// outcomes), so the main loop polls it with the keyboard and one screen update covers every
/// render that arrived together.
///
/// Use from one thread (the main loop). `shutdown()`, also run by deinit, cancels waiting
/// requests and joins the threads after their running renders finish.
public final class RenderService<Request: Hashable & Sendable, Output: Sendable> {
  private let state: RenderServiceState<Request, Output>
  private var threads: [JoinableThread] = []
  /// Starts one more worker thread (numbered), as `init` started the first ones.
  private let startThread: (Int) throws -> JoinableThread

  /// Starts `workerCount` threads (at least 1). A thread calls `makeWorker` before its first
  /// render, and again before the next one if it threw; then `render` with that worker for each
  /// request it takes. A throw from either becomes the request's failed outcome.
  /// `whenDrained` runs on the thread whose delivery left nothing waiting or running, and on
  /// each thread after its worker is released at shutdown (the app gives freed memory back to
  /// the system there, off the interface thread). `rest` runs on a thread whose worker has had
  /// nothing to do for `restDelay` (once per idle spell), to give back what it can.
  public init<Worker>(
    workerCount: Int = 2, name: String = "folio-render",
    makeWorker: @escaping @Sendable () throws -> Worker,
    whenDrained: @escaping @Sendable () -> Void = {},
    restDelay: Duration = .seconds(2),
    rest: @escaping @Sendable (inout Worker) -> Void = { _ in },
    render: @escaping @Sendable (inout Worker, Request) throws -> Output
  ) throws {
    state = RenderServiceState(wake: try WakePipe())
    let state = self.state
    startThread = { number in
      try JoinableThread(name: "\(name)-\(number)") {
        state.runWorker(
          makeWorker: makeWorker, whenDrained: whenDrained, restDelay: restDelay, rest: rest,
          render: render)
      }
    }
    for number in 1...max(1, workerCount) {
      do {
        threads.append(try startThread(number))
      } catch {
        shutdown()
        throw error
      }
    }
  }

  /// Tells the threads to stop without waiting for them: a thread stuck inside a library
  /// must never keep the process from ending (`shutdown()` waits).
  deinit { beginShutdown() }

  /// The descriptor to poll for readability: readable while outcomes wait in the inbox.
  /// Valid until the service is deallocated.
  public var wakeDescriptor: Int32 { state.wake.readDescriptor }

  /// Makes `wanted` the requests to render, most urgent first (see
  /// `RenderQueue.replaceWanted(_:)`): waiting requests not listed are cancelled, running ones
  /// finish, and requests whose outcome waits in the inbox are not rendered again (the caller
  /// has not drained them yet). Ignored after `beginShutdown()`. Returns how many waiting
  /// requests were cancelled.
  @discardableResult
  public func replaceWanted(_ wanted: some Sequence<(Request, RenderPriority)>) -> Int {
    state.withLock {
      guard !state.isShuttingDown else { return 0 }
      let delivered = Set(state.inbox.lazy.map(\.request))
      let cancelled = state.queue.replaceWanted(wanted.filter { !delivered.contains($0.0) })
      state.condition.broadcast()
      return cancelled
    }
  }

  /// Takes every outcome delivered since the last call, oldest first, and empties the wake
  /// descriptor. Never blocks on rendering.
  public func drainOutcomes() -> [RenderOutcome<Request, Output>] {
    drain().outcomes
  }

  /// `drainOutcomes()` together with the requests still waiting or running at that moment, in
  /// one step: a pending count of 0 means every outcome there will be is in `outcomes` (read
  /// apart, a render finishing between the two would be taken for done but left undrained).
  public func drain() -> (outcomes: [RenderOutcome<Request, Output>], pendingCount: Int) {
    state.withLock {
      let outcomes = state.inbox
      state.inbox.removeAll()
      if state.isWakePending {
        state.isWakePending = false
        state.wake.drain()
      }
      return (outcomes, state.queue.waitingCount + state.queue.runningCount)
    }
  }

  /// Requests waiting or running, for the status line ("rendering 7 pages…"). Requests given
  /// up with `abandonRequests(runningLongerThan:)` do not count.
  public var pendingCount: Int {
    state.withLock { state.queue.waitingCount + state.queue.runningCount }
  }

  /// When the request running longest will have run for `limit`, or nil when nothing runs.
  public func nextDeadline(forRunningLongerThan limit: Duration) -> ContinuousClock.Instant? {
    state.withLock { state.runs.values.map(\.started).min().map { $0 + limit } }
  }

  /// Gives up on every request that has been running for longer than `limit` (a document
  /// whose decoder loops): each is reported as a failed outcome with `RenderTimeout` at once,
  /// stops counting as pending, and a new thread takes its thread's place, so the other
  /// requests keep being rendered. The stuck thread is left to finish on its own; whatever it
  /// delivers later is dropped. The timeout names `reportedLimit` if given, else `limit`.
  /// Returns the requests given up.
  @discardableResult
  public func abandonRequests(
    runningLongerThan limit: Duration, reportedAs reportedLimit: Duration? = nil
  ) -> [Request] {
    let now = ContinuousClock.now
    let abandoned: [Request] = state.withLock {
      guard !state.isShuttingDown else { return [] }
      let overdue = state.runs.filter { now - $0.value.started >= limit }
      for (request, run) in overdue {
        state.runs[request] = nil
        state.abandonedRuns.insert(run.number)
        state.queue.complete(request)
        state.post(
          RenderOutcome(
            request: request, result: .failure(RenderTimeout(limit: reportedLimit ?? limit))))
      }
      return overdue.map(\.key)
    }
    for _ in abandoned {
      if let thread = try? startThread(threads.count + 1) { threads.append(thread) }
    }
    return abandoned
  }

  /// Requests started, cancelled before starting, and waiting or running, since the start.
  public var statistics: RenderServiceStatistics {
    state.withLock {
      RenderServiceStatistics(
        started: state.queue.startedCount, cancelled: state.queue.cancelledCount,
        pending: state.queue.waitingCount + state.queue.runningCount)
    }
  }

  /// Blocks until nothing waits and nothing runs, or until `timeout` passes; returns whether
  /// the service is idle. For benchmarks, tests and shutdown, never for the interface loop.
  @discardableResult
  public func waitUntilIdle(timeout: Duration? = nil) -> Bool {
    let deadline = timeout.map { Date(timeIntervalSinceNow: $0.timeInterval) }
    return state.withLock {
      while !state.queue.isIdle {
        if let deadline {
          if !state.condition.wait(until: deadline) { return state.queue.isIdle }
        } else {
          state.condition.wait()
        }
      }
      return true
    }
  }

  /// Cancels every waiting request and tells the threads to stop once their running render is
  /// done, without waiting for them; later `replaceWanted(_:)` calls are ignored.
  public func beginShutdown() {
    state.withLock {
      state.isShuttingDown = true
      state.queue.cancelWaiting()
      state.condition.broadcast()
    }
  }

  /// `beginShutdown()`, then waits for every thread to finish (a running render completes and
  /// is delivered first). Safe to call more than once. Never call it with a request abandoned
  /// as overdue: its thread may never finish.
  public func shutdown() {
    beginShutdown()
    for thread in threads { thread.join() }
  }
}

/// Counts of a render service's work.
public struct RenderServiceStatistics: Hashable, Sendable {
  /// Requests a worker has started.
  public var started: Int
  /// Requests cancelled before they started.
  public var cancelled: Int
  /// Requests waiting or running now.
  public var pending: Int
}

/// The state a render service shares with its threads, guarded by `condition`'s lock.
private final class RenderServiceState<Request: Hashable & Sendable, Output: Sendable>:
  @unchecked Sendable
{
  /// Guards every other property; broadcast on every change of the queue.
  let condition = NSCondition()
  let wake: WakePipe
  var queue = RenderQueue<Request>()
  var inbox: [RenderOutcome<Request, Output>] = []
  /// Whether `wake` holds a byte: set with the first outcome after a drain.
  var isWakePending = false
  var isShuttingDown = false
  /// Each running request's run (a number no other run has) and when it started.
  var runs: [Request: (number: Int, started: ContinuousClock.Instant)] = [:]
  /// The number the next run gets.
  var nextRunNumber = 0
  /// Runs given up as overdue whose threads have not delivered them yet.
  var abandonedRuns: Set<Int> = []

  init(wake: WakePipe) { self.wake = wake }

  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    condition.lock()
    defer { condition.unlock() }
    return try body()
  }

  /// One thread's loop: take a request, render it with this thread's worker, deliver.
  func runWorker<Worker>(
    makeWorker: @Sendable () throws -> Worker, whenDrained: @Sendable () -> Void,
    restDelay: Duration, rest: @Sendable (inout Worker) -> Void,
    render: @Sendable (inout Worker, Request) throws -> Output
  ) {
    var worker: Worker?
    defer {
      worker = nil
      whenDrained()
    }
    var hasRested = false
    while true {
      let next = nextRequest(restingAfter: hasRested ? nil : restDelay)
      guard let (request, run) = next.request else {
        guard next.isResting else { return }
        if var current = worker {
          worker = nil
          rest(&current)
          worker = current
        }
        hasRested = true
        continue
      }
      hasRested = false
      let result: Result<Output, any Error>
      do {
        var current = try worker ?? makeWorker()
        worker = nil  // `current` is the only reference while it renders.
        defer { worker = current }
        result = .success(try render(&current, request))
      } catch {
        result = .failure(error)
      }
      if deliver(RenderOutcome(request: request, result: result), run: run) { whenDrained() }
    }
  }

  /// Waits for a request to render, with the number of this run of it; no request once
  /// shutting down, or (`isResting`) when `restingAfter` passed with nothing to do.
  private func nextRequest(restingAfter delay: Duration?) -> (
    request: (Request, Int)?, isResting: Bool
  ) {
    let restAt = delay.map { Date(timeIntervalSinceNow: $0.timeInterval) }
    return withLock {
      while !isShuttingDown {
        if let request = queue.next() {
          nextRunNumber += 1
          runs[request] = (nextRunNumber, ContinuousClock.now)
          return ((request, nextRunNumber), false)
        }
        if let restAt {
          if !condition.wait(until: restAt) && queue.waitingCount == 0 { return (nil, true) }
        } else {
          condition.wait()
        }
      }
      return (nil, false)
    }
  }

  /// Returns whether nothing is left waiting or running.
  private func deliver(_ outcome: RenderOutcome<Request, Output>, run: Int) -> Bool {
    withLock {
      // An abandoned run was answered already (a later run of the same request is not).
      if abandonedRuns.remove(run) != nil { return queue.isIdle }
      runs[outcome.request] = nil
      queue.complete(outcome.request)
      post(outcome)
      condition.broadcast()
      return queue.isIdle
    }
  }

  /// Puts an outcome in the inbox and makes the wake descriptor readable. Call with the lock.
  func post(_ outcome: RenderOutcome<Request, Output>) {
    inbox.append(outcome)
    if !isWakePending {
      isWakePending = true
      wake.signal()
    }
  }
}

extension Duration {
  /// The duration in seconds, for Foundation's dates.
  fileprivate var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
