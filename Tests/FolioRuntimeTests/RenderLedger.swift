import Foundation
import Glibc

/// The error fake workers and renders throw.
struct FakeRenderError: Error, Equatable {
  var reason: String
}

/// The per-thread state of a fake renderer, standing in for a thread's own Poppler document.
final class FakeWorker {
  let id: Int
  /// The thread that made it, the only one that may use it.
  let thread: pthread_t
  private let ledger: RenderLedger

  init(id: Int, ledger: RenderLedger) {
    self.id = id
    self.thread = pthread_self()
    self.ledger = ledger
  }

  deinit { ledger.recordWorkerFreed() }
}

/// A slow fake renderer and its record: every render start (request and worker), workers made
/// and freed, and renders run on a thread other than their worker's. While the gate is closed
/// each render waits at its start, so tests decide when work finishes without sleeping.
final class RenderLedger: @unchecked Sendable {
  private let condition = NSCondition()
  private var isOpen: Bool
  private var startedRequests: [Int] = []
  private var startingWorkers: [Int] = []
  private var made = 0
  private var freed = 0
  private var wrongThreadRenders = 0
  private var factoryFailuresLeft: Int
  /// Requests that wait, whatever the gate, until `unblock(_:)` (a render stuck in a library).
  private var blockedRequests: Set<Int>
  private var finishedRequests: Set<Int> = []

  /// A ledger whose gate starts `open` or closed, whose first `failingFactoryCalls` worker
  /// creations throw, and whose `blocked` requests wait until unblocked.
  init(open: Bool, failingFactoryCalls: Int = 0, blocked: Set<Int> = []) {
    isOpen = open
    factoryFailuresLeft = failingFactoryCalls
    blockedRequests = blocked
  }

  private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
    condition.lock()
    defer { condition.unlock() }
    return try body()
  }

  /// The worker factory handed to the service.
  func makeWorker() throws -> FakeWorker {
    try locked {
      if factoryFailuresLeft > 0 {
        factoryFailuresLeft -= 1
        throw FakeRenderError(reason: "cannot open")
      }
      made += 1
      return FakeWorker(id: made, ledger: self)
    }
  }

  /// The render function handed to the service: records the start, waits for the gate, and
  /// returns a string naming the request (negative requests throw).
  func render(_ worker: inout FakeWorker, _ request: Int) throws -> String {
    locked {
      startedRequests.append(request)
      startingWorkers.append(worker.id)
      if pthread_equal(worker.thread, pthread_self()) == 0 { wrongThreadRenders += 1 }
      condition.broadcast()
      let deadline = Date(timeIntervalSinceNow: 10)
      while !isOpen, condition.wait(until: deadline) {}
      let stuckUntil = Date(timeIntervalSinceNow: 30)
      while blockedRequests.contains(request), condition.wait(until: stuckUntil) {}
    }
    defer { locked { finishedRequests.insert(request) } }
    if request < 0 { throw FakeRenderError(reason: "page \(request) is damaged") }
    return "rendered \(request)"
  }

  func recordWorkerFreed() { locked { freed += 1 } }

  /// Lets a blocked request finish.
  func unblock(_ request: Int) {
    locked {
      blockedRequests.remove(request)
      condition.broadcast()
    }
  }

  /// Renders that have returned.
  var finished: Set<Int> { locked { finishedRequests } }

  /// Lets every waiting and future render finish.
  func open() {
    locked {
      isOpen = true
      condition.broadcast()
    }
  }

  /// Waits until `count` renders have started; false after 10 s (a failure, not a timing
  /// measure: a correct service gets there at once).
  func waitForStarts(_ count: Int) -> Bool {
    locked {
      let deadline = Date(timeIntervalSinceNow: 10)
      while startedRequests.count < count {
        if !condition.wait(until: deadline) { return startedRequests.count >= count }
      }
      return true
    }
  }

  var starts: [Int] { locked { startedRequests } }
  var workersOfStarts: [Int] { locked { startingWorkers } }
  var workersMade: Int { locked { made } }
  var workersFreed: Int { locked { freed } }
  var rendersOnAnotherThread: Int { locked { wrongThreadRenders } }
}
