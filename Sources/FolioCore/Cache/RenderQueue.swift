/// The render scheduling policy as plain data: the renders wanted now, each with a priority,
/// and the ones already running. Each layout pass replaces the wanted set, which cancels
/// every waiting render no longer wanted before it starts; workers take the most urgent waiting
/// render with `next()` and report it with `complete(_:)`. A running render is never cancelled:
/// its result is still worth caching.
///
/// Several clients can share one queue, each in a lane of its own (renders, reads of the
/// outline and links, page facts): a client replaces only its lane's wanted set, at a cost
/// that does not depend on the other lanes' (a request belongs to one lane). Across lanes
/// the order is the priority's tier, then the lane (lower first), then the distance and the
/// position in the wanted list.
///
/// Not thread-safe by itself: a work queue keeps it behind a lock.
public struct RenderQueue<Request: Hashable> {
  /// The place of a waiting request in the order: tier, lane, distance, then position in the
  /// wanted list.
  fileprivate struct Rank: Comparable {
    var priority: RenderPriority
    var lane: Int
    var sequence: Int

    static func < (lhs: Rank, rhs: Rank) -> Bool {
      (lhs.priority.tier, lhs.lane, lhs.priority.distance, lhs.sequence)
        < (rhs.priority.tier, rhs.lane, rhs.priority.distance, rhs.sequence)
    }
  }

  /// One lane's waiting requests: replacing a lane's wanted set touches only that lane, so a
  /// lane holding thousands (every page's facts) costs nothing to the others.
  fileprivate struct Lane {
    /// Waiting requests and their ranks.
    var waiting: [Request: Rank] = [:]
    /// Waiting requests, least urgent first, valid when `isOrderCurrent`; may also hold
    /// requests that have left `waiting` since it was sorted, which `next()` skips.
    var order: [Request] = []
    var isOrderCurrent = true

    mutating func sortIfNeeded() {
      guard !isOrderCurrent else { return }
      // Least urgent first, so the most urgent pops off the end.
      order = waiting.sorted { $1.value < $0.value }.map(\.key)
      isOrderCurrent = true
    }

    /// The place in `order` of the most urgent waiting request `accepts` lets through, and its
    /// rank (requests no longer waiting are dropped on the way).
    mutating func mostUrgent(accepting accepts: (Request) -> Bool) -> (index: Int, rank: Rank)? {
      sortIfNeeded()
      var index = order.count - 1
      while index >= 0 {
        let request = order[index]
        if let rank = waiting[request] {
          if accepts(request) { return (index, rank) }
        } else {
          order.remove(at: index)
        }
        index -= 1
      }
      return nil
    }
  }

  /// The lanes, by number.
  private var lanes: [Int: Lane] = [:]
  /// Requests handed out by `next()` and not yet completed, with their lanes.
  private var runningLanes: [Request: Int] = [:]
  /// Requests handed out by `next()` and not yet completed.
  public var running: Dictionary<Request, Int>.Keys { runningLanes.keys }
  /// Requests that left the wanted set before they started.
  public private(set) var cancelledCount = 0
  /// Requests handed out by `next()`.
  public private(set) var startedCount = 0

  /// Creates an empty queue.
  public init() {}

  /// The number of requests waiting to start. O(lanes).
  public var waitingCount: Int { lanes.values.reduce(0) { $0 + $1.waiting.count } }

  /// The number of requests of `lane` waiting to start. O(1).
  public func waitingCount(inLane lane: Int) -> Int { lanes[lane]?.waiting.count ?? 0 }

  /// The number of requests running.
  public var runningCount: Int { runningLanes.count }

  /// The number of requests of `lane` running. O(running).
  public func runningCount(inLane lane: Int) -> Int {
    runningLanes.values.lazy.filter { $0 == lane }.count
  }

  /// Whether nothing waits and nothing runs.
  public var isIdle: Bool { waitingCount == 0 && runningLanes.isEmpty }

  /// Whether `request` waits to start.
  public func isWaiting(_ request: Request) -> Bool {
    lanes.values.contains { $0.waiting[request] != nil }
  }

  /// Whether `request` has started and not completed.
  public func isRunning(_ request: Request) -> Bool { runningLanes[request] != nil }

  /// The priority `request` waits with, if it waits.
  public func priority(of request: Request) -> RenderPriority? {
    lanes.values.lazy.compactMap { $0.waiting[request]?.priority }.first
  }

  /// Makes `wanted` the set of requests to render: waiting requests not in it are cancelled,
  /// requests in it wait with their new priority (equal priorities keep the list's order; a
  /// request listed twice keeps its most urgent priority), and requests already running stay
  /// running and are not queued again. Returns how many waiting requests were cancelled.
  /// O(n + m) for n listed and m waiting before.
  @discardableResult
  public mutating func replaceWanted(
    _ wanted: some Sequence<(Request, RenderPriority)>, inLane lane: Int = 0
  ) -> Int {
    let previous = lanes[lane]?.waiting ?? [:]
    var waiting: [Request: Rank] = [:]
    var sequence = 0
    for (request, priority) in wanted where runningLanes[request] == nil {
      let rank = Rank(priority: priority, lane: lane, sequence: sequence)
      sequence += 1
      if let existing = waiting[request], existing <= rank { continue }
      waiting[request] = rank
    }
    var cancelled = 0
    for request in previous.keys where waiting[request] == nil { cancelled += 1 }
    cancelledCount += cancelled
    lanes[lane] = waiting.isEmpty ? nil : Lane(waiting: waiting, isOrderCurrent: false)
    return cancelled
  }

  /// Takes the most urgent waiting request `accepts` lets through and marks it running; nil
  /// when none waits. O(n log n) for a lane whose wanted set changed (a sort), else amortized
  /// O(1) per lane plus the requests passed over.
  public mutating func next(accepting accepts: (Request) -> Bool) -> Request? {
    var best: (lane: Int, index: Int, rank: Rank)?
    // The numbers copied first: each lane is changed in place (sorted) on the way.
    for number in Array(lanes.keys) {
      guard let found = lanes[number]?.mostUrgent(accepting: accepts) else { continue }
      if best.map({ found.rank < $0.rank }) ?? true { best = (number, found.index, found.rank) }
    }
    // Taken out of the dictionary while it changes, so its storage is not copied.
    guard let best, var lane = lanes.removeValue(forKey: best.lane) else { return nil }
    let request = lane.order.remove(at: best.index)
    lane.waiting[request] = nil
    if !lane.waiting.isEmpty { lanes[best.lane] = lane }
    runningLanes[request] = best.lane
    startedCount += 1
    return request
  }

  /// Whether a waiting request passes `accepts`. O(waiting).
  public func hasWaiting(accepting accepts: (Request) -> Bool) -> Bool {
    lanes.values.contains { $0.waiting.keys.contains(where: accepts) }
  }

  /// Takes the most urgent waiting request and marks it running; nil when nothing waits.
  /// O(n log n) for a lane whose wanted set changed (a sort), else amortized O(1) per lane.
  public mutating func next() -> Request? {
    next(accepting: { _ in true })
  }

  /// Marks a running request finished (whether it succeeded or not). Returns whether it was
  /// running.
  @discardableResult
  public mutating func complete(_ request: Request) -> Bool {
    runningLanes.removeValue(forKey: request) != nil
  }

  /// Cancels every waiting request; running ones stay running. Returns how many were
  /// cancelled.
  @discardableResult
  public mutating func cancelWaiting() -> Int {
    let cancelled = waitingCount
    lanes.removeAll()
    cancelledCount += cancelled
    return cancelled
  }
}

extension RenderQueue: Sendable where Request: Sendable {}
extension RenderQueue.Lane: Sendable where Request: Sendable {}
