import FolioCore
import Foundation

/// Work handed out by the loop and done on background threads, so the interface never waits
/// for Poppler, a disk or a process: the one machinery every background service of the loop
/// uses (renders, page facts, the outline and links, text, search matching, reopening, saving
/// places).
///
/// Each of `workerCount` threads (started with the first request) makes its own worker with the
/// factory given (a page worker process, a document in tests, nothing for plain jobs) and uses
/// it only on that thread. Threads take the most urgent wanted request from a `RenderQueue`;
/// the loop replaces the wanted set (`replaceWanted(_:)`), which cancels waiting requests no
/// longer wanted before they start. A request already running finishes and its outcome is
/// delivered anyway.
///
/// Outcomes are posted to a `LoopInbox`, addressed to this queue: the loop's shared one, where
/// the loop takes every service's outcomes with one wake-up and hands this queue its own
/// (`receive(_:)`); or, for a queue used on its own (tests, scripts), a private inbox read with
/// `drain()`.
///
/// Use from one thread (the loop). `shutdown()` cancels waiting requests and joins the
/// threads after their running work finishes; releasing the queue only tells them to stop.
public final class WorkQueue<Request: Hashable & Sendable, Output: Sendable> {
  private let state: WorkQueueState<Request, Output>
  private var threads: [JoinableThread] = []
  private let threadCount: Int
  /// Starts one more worker thread (numbered).
  private let startThread: (Int) throws -> JoinableThread
  /// Where outcomes go, and this queue's address there.
  public let inbox: LoopInbox
  public let address: LoopInbox.Address
  /// The lane of a request.
  private let lane: @Sendable (Request) -> Int

  /// Prepares `workerCount` threads (at least 1), started with the first request. A thread
  /// calls `makeWorker` before its first job, and again before the next one if it threw; then
  /// `render` with that worker for each request it takes. A throw from either becomes the
  /// request's failed outcome. `whenDrained` runs on the thread whose delivery left nothing
  /// waiting or running, and on each thread after its worker is released at shutdown (the app
  /// gives freed memory back to the system there, off the interface thread). `rest` runs on a
  /// thread whose worker has had nothing to do for `restDelay` (once per idle spell).
  /// Outcomes go to `inbox` (a private one when nil). Clients that share the queue each have a
  /// lane (`RenderQueue`); `lane` tells a request's.
  public init<Worker>(
    workerCount: Int = 2, name: String = "folio-render", inbox: LoopInbox? = nil,
    lane: @escaping @Sendable (Request) -> Int = { _ in 0 },
    accepts: @escaping @Sendable (_ thread: Int, Request) -> Bool = { _, _ in true },
    makeWorker: @escaping @Sendable () throws -> Worker,
    whenDrained: @escaping @Sendable () -> Void = {},
    restDelay: Duration = .seconds(2),
    rest: @escaping @Sendable (inout Worker) -> Void = { _ in },
    render: @escaping @Sendable (inout Worker, Request) throws -> Output
  ) throws {
    let inbox = try inbox ?? LoopInbox()
    self.inbox = inbox
    address = inbox.makeAddress()
    threadCount = max(1, workerCount)
    state = WorkQueueState(inbox: inbox, address: address, lane: lane)
    self.lane = lane
    let state = self.state
    startThread = { number in
      try JoinableThread(name: "\(name)-\(number)") {
        state.runWorker(
          number: number, accepts: { accepts(number, $0) }, makeWorker: makeWorker,
          whenDrained: whenDrained, restDelay: restDelay, rest: rest, render: render)
      }
    }
  }

  /// Tells the threads to stop without waiting for them: a thread stuck inside a library
  /// must never keep the process from ending (`shutdown()` waits).
  deinit { beginShutdown() }

  /// The descriptor to poll: the inbox's, readable while outcomes wait in it.
  public var wakeDescriptor: Int32 { inbox.wakeDescriptor }

  /// Whether its threads have started (the first request starts them).
  public var hasStarted: Bool { !threads.isEmpty }

  /// Makes `wanted` the requests to work on, most urgent first (see
  /// `RenderQueue.replaceWanted(_:)`): waiting requests not listed are cancelled, running ones
  /// finish, and requests whose outcome waits in the inbox are not done again (the loop has
  /// not received them yet). Ignored after `beginShutdown()`. Returns how many waiting
  /// requests were cancelled. The first request starts the threads; if none can start, the
  /// queue throws nothing but delivers each request as failed.
  @discardableResult
  public func replaceWanted(
    _ wanted: some Sequence<(Request, RenderPriority)>, inLane lane: Int = 0
  ) -> Int {
    let (cancelled, waiting) = state.withLock {
      guard !state.isShuttingDown else { return (0, 0) }
      let unreceived = state.unreceived
      let cancelled = state.queue.replaceWanted(
        wanted.filter { unreceived[$0.0] == nil }, inLane: lane)
      state.condition.broadcast()
      return (cancelled, state.queue.waitingCount)
    }
    if waiting > 0 && threads.isEmpty { startThreads() }
    return cancelled
  }

  private func startThreads() {
    for number in 1...threadCount {
      do {
        threads.append(try startThread(number))
      } catch {
        guard threads.isEmpty else { return }
        // No thread at all: everything wanted fails at once, so nobody waits for it.
        state.failWaiting(with: error)
        return
      }
    }
  }

  /// Takes this queue's outcomes out of `letters` (letters for other queues are ignored), with
  /// the requests still waiting, running or unreceived at that moment, in one step: a pending
  /// count of 0 means every outcome there will be has been received.
  /// With a `lane`, only that lane's outcomes are taken and counted.
  public func receive(_ letters: [LoopInbox.Letter], inLane lane: Int? = nil) -> (
    outcomes: [RenderOutcome<Request, Output>], pendingCount: Int
  ) {
    let outcomes = letters.compactMap { letter -> RenderOutcome<Request, Output>? in
      guard letter.address == address,
        let outcome = letter.content as? RenderOutcome<Request, Output>,
        lane == nil || self.lane(outcome.request) == lane
      else { return nil }
      return outcome
    }
    return state.withLock {
      for outcome in outcomes { state.noteReceived(outcome.request) }
      guard let lane else {
        return (
          outcomes, state.queue.waitingCount + state.queue.runningCount + state.unreceivedCount
        )
      }
      return (
        outcomes,
        state.queue.waitingCount(inLane: lane) + state.queue.runningCount(inLane: lane)
          + state.unreceivedByLane[lane, default: 0]
      )
    }
  }

  /// Takes every outcome delivered since the last call from the inbox, oldest first. Never
  /// blocks on the work.
  public func drainOutcomes() -> [RenderOutcome<Request, Output>] {
    drain().outcomes
  }

  /// `drainOutcomes()` together with the requests still pending, in one step (see
  /// `receive(_:)`).
  public func drain() -> (outcomes: [RenderOutcome<Request, Output>], pendingCount: Int) {
    receive(inbox.take(for: address))
  }

  /// Requests waiting or running, for the status line ("rendering 7 pages…"). Requests given
  /// up with `abandonRequests(runningLongerThan:)` do not count.
  public var pendingCount: Int {
    state.withLock { state.queue.waitingCount + state.queue.runningCount }
  }

  /// Requests of `lane` waiting or running. O(pending).
  public func pendingCount(inLane lane: Int) -> Int {
    state.withLock {
      state.queue.waitingCount(inLane: lane) + state.queue.runningCount(inLane: lane)
    }
  }

  /// Cancels the waiting requests of `lane`; returns how many.
  @discardableResult
  public func cancelWaiting(inLane lane: Int) -> Int {
    replaceWanted(EmptyCollection<(Request, RenderPriority)>(), inLane: lane)
  }

  /// When the request running longest will have run for `limit`, or nil when nothing runs.
  public func nextDeadline(forRunningLongerThan limit: Duration) -> ContinuousClock.Instant? {
    state.withLock { state.runs.values.map(\.started).min().map { $0 + limit } }
  }

  /// Gives up on every request that has been running for longer than `limit` (a document
  /// whose decoder loops): each is posted as a failed outcome with `RenderTimeout` at once,
  /// stops counting as pending, and a new thread takes its thread's place, so the other
  /// requests keep being done. The stuck thread is left to finish on its own; whatever it
  /// delivers later is dropped. The timeout names `reportedLimit` if given, else `limit`.
  /// Returns the requests given up.
  @discardableResult
  public func abandonRequests(
    runningLongerThan limit: Duration, reportedAs reportedLimit: Duration? = nil
  ) -> [Request] {
    let now = ContinuousClock.now
    let abandoned: [(Request, thread: Int)] = state.withLock {
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
      return overdue.map { ($0.key, $0.value.thread) }
    }
    // The new thread takes the stuck one's number, and so its share of the work.
    for (_, number) in abandoned {
      if let thread = try? startThread(number) { threads.append(thread) }
    }
    return abandoned.map(\.0)
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
  /// the queue is idle. For benchmarks, tests and shutdown, never for the interface loop.
  @discardableResult
  public func waitUntilIdle(timeout: Duration? = nil) -> Bool {
    let deadline = timeout.map { Date(timeIntervalSinceNow: $0.inSeconds) }
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

  /// Cancels every waiting request and tells the threads to stop once their running work is
  /// done, without waiting for them; later `replaceWanted(_:)` calls are ignored.
  public func beginShutdown() {
    state.withLock {
      state.isShuttingDown = true
      state.queue.cancelWaiting()
      state.condition.broadcast()
    }
  }

  /// `beginShutdown()`, then waits for every thread to finish (running work completes and is
  /// delivered first). Safe to call more than once. Never call it with a request abandoned
  /// as overdue: its thread may never finish.
  public func shutdown() {
    beginShutdown()
    for thread in threads { thread.join() }
  }
}

/// The state a work queue shares with its threads, guarded by `condition`'s lock.
private final class WorkQueueState<Request: Hashable & Sendable, Output: Sendable>:
  @unchecked Sendable
{
  /// Guards every other property; broadcast on every change of the queue.
  let condition = NSCondition()
  let inbox: LoopInbox
  let address: LoopInbox.Address
  let lane: @Sendable (Request) -> Int
  var queue = RenderQueue<Request>()
  /// Outcomes posted and not yet received by the loop, by request, their number, and their
  /// number by lane.
  var unreceived: [Request: Int] = [:]
  var unreceivedCount = 0
  var unreceivedByLane: [Int: Int] = [:]
  var isShuttingDown = false
  /// Each running request's run (a number no other run has), when it started, and the number
  /// of the thread running it.
  var runs: [Request: (number: Int, started: ContinuousClock.Instant, thread: Int)] = [:]
  /// The number the next run gets.
  var nextRunNumber = 0
  /// Runs given up as overdue whose threads have not delivered them yet.
  var abandonedRuns: Set<Int> = []

  init(inbox: LoopInbox, address: LoopInbox.Address, lane: @escaping @Sendable (Request) -> Int) {
    self.inbox = inbox
    self.address = address
    self.lane = lane
  }

  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    condition.lock()
    defer { condition.unlock() }
    return try body()
  }

  /// One thread's loop: take a request, render it with this thread's worker, deliver.
  func runWorker<Worker>(
    number: Int, accepts: (Request) -> Bool,
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
      let next = nextRequest(
        thread: number, accepting: accepts, restingAfter: hasRested ? nil : restDelay)
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
  private func nextRequest(
    thread: Int, accepting accepts: (Request) -> Bool, restingAfter delay: Duration?
  ) -> (request: (Request, Int)?, isResting: Bool) {
    let restAt = delay.map { Date(timeIntervalSinceNow: $0.inSeconds) }
    return withLock {
      while !isShuttingDown {
        if let request = queue.next(accepting: accepts) {
          nextRunNumber += 1
          runs[request] = (nextRunNumber, ContinuousClock.now, thread)
          return ((request, nextRunNumber), false)
        }
        if let restAt {
          if !condition.wait(until: restAt) && !queue.hasWaiting(accepting: accepts) {
            return (nil, true)
          }
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

  /// Posts an outcome to the inbox, counted as unreceived until the loop receives it. Call
  /// with the lock (the inbox's own lock is taken inside it, never the other way round).
  func post(_ outcome: RenderOutcome<Request, Output>) {
    unreceived[outcome.request, default: 0] += 1
    unreceivedCount += 1
    unreceivedByLane[lane(outcome.request), default: 0] += 1
    inbox.post(outcome, to: address)
  }

  /// The loop received the outcome of `request`. Call with the lock.
  func noteReceived(_ request: Request) {
    guard let count = unreceived[request] else { return }
    unreceived[request] = count > 1 ? count - 1 : nil
    unreceivedCount -= 1
    unreceivedByLane[lane(request), default: 1] -= 1
  }

  /// Delivers every waiting request as failed with `error` (no thread could start).
  func failWaiting(with error: any Error) {
    withLock {
      while let request = queue.next() {
        queue.complete(request)
        post(RenderOutcome(request: request, result: .failure(error)))
      }
      condition.broadcast()
    }
  }
}
