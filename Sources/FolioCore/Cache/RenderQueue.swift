/// The render scheduling policy as plain data: the renders wanted now, each with a priority,
/// and the ones already running. Each layout pass replaces the wanted set, which cancels
/// every waiting render no longer wanted before it starts; workers take the most urgent waiting
/// render with `next()` and report it with `complete(_:)`. A running render is never cancelled:
/// its result is still worth caching.
///
/// Not thread-safe by itself: a render service keeps it behind a lock.
public struct RenderQueue<Request: Hashable> {
  /// The place of a waiting request in the order: priority, then position in the wanted list.
  private struct Rank: Comparable {
    var priority: RenderPriority
    var sequence: Int

    static func < (lhs: Rank, rhs: Rank) -> Bool {
      (lhs.priority, lhs.sequence) < (rhs.priority, rhs.sequence)
    }
  }

  /// Waiting requests and their ranks.
  private var waiting: [Request: Rank] = [:]
  /// Waiting requests, least urgent first, valid when `isOrderCurrent`; may also hold requests
  /// that have left `waiting` since it was sorted, which `next()` skips.
  private var order: [Request] = []
  private var isOrderCurrent = true
  /// Requests handed out by `next()` and not yet completed.
  public private(set) var running: Set<Request> = []
  /// Requests that left the wanted set before they started.
  public private(set) var cancelledCount = 0
  /// Requests handed out by `next()`.
  public private(set) var startedCount = 0

  /// Creates an empty queue.
  public init() {}

  /// The number of requests waiting to start.
  public var waitingCount: Int { waiting.count }

  /// The number of requests running.
  public var runningCount: Int { running.count }

  /// Whether nothing waits and nothing runs.
  public var isIdle: Bool { waiting.isEmpty && running.isEmpty }

  /// Whether `request` waits to start.
  public func isWaiting(_ request: Request) -> Bool { waiting[request] != nil }

  /// Whether `request` has started and not completed.
  public func isRunning(_ request: Request) -> Bool { running.contains(request) }

  /// The priority `request` waits with, if it waits.
  public func priority(of request: Request) -> RenderPriority? { waiting[request]?.priority }

  /// Makes `wanted` the set of requests to render: waiting requests not in it are cancelled,
  /// requests in it wait with their new priority (equal priorities keep the list's order; a
  /// request listed twice keeps its most urgent priority), and requests already running stay
  /// running and are not queued again. Returns how many waiting requests were cancelled.
  /// O(n + m) for n listed and m waiting before.
  @discardableResult
  public mutating func replaceWanted(
    _ wanted: some Sequence<(Request, RenderPriority)>
  ) -> Int {
    let previous = waiting
    waiting.removeAll(keepingCapacity: true)
    var sequence = 0
    for (request, priority) in wanted where !running.contains(request) {
      let rank = Rank(priority: priority, sequence: sequence)
      sequence += 1
      if let existing = waiting[request], existing <= rank { continue }
      waiting[request] = rank
    }
    var cancelled = 0
    for request in previous.keys where waiting[request] == nil { cancelled += 1 }
    cancelledCount += cancelled
    isOrderCurrent = false
    return cancelled
  }

  /// Takes the most urgent waiting request and marks it running; nil when nothing waits.
  /// O(n log n) after the wanted set changed (a sort), else amortized O(1).
  public mutating func next() -> Request? {
    if !isOrderCurrent {
      order.removeAll(keepingCapacity: true)
      order.append(contentsOf: waiting.keys)
      order.sort { lhs, rhs in
        // Least urgent first, so the most urgent pops off the end.
        guard let left = waiting[lhs], let right = waiting[rhs] else { return false }
        return right < left
      }
      isOrderCurrent = true
    }
    while let request = order.popLast() {
      guard waiting.removeValue(forKey: request) != nil else { continue }
      running.insert(request)
      startedCount += 1
      return request
    }
    return nil
  }

  /// Marks a running request finished (whether it succeeded or not). Returns whether it was
  /// running.
  @discardableResult
  public mutating func complete(_ request: Request) -> Bool {
    running.remove(request) != nil
  }

  /// Cancels every waiting request; running ones stay running. Returns how many were
  /// cancelled.
  @discardableResult
  public mutating func cancelWaiting() -> Int {
    replaceWanted(EmptyCollection<(Request, RenderPriority)>())
  }
}

extension RenderQueue: Sendable where Request: Sendable {}
