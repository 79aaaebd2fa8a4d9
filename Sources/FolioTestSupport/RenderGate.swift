import FolioCore
import Foundation

/// A gate the renders of a `SyntheticDocument` wait at until a test lets them through, so the
/// test decides when renders finish instead of guessing with sleeps. Closed, renders wait;
/// `allow(_:)` lets a number of them through; `open()` lets every one through from then on.
///
/// Open the gate before the test ends (`defer { gate.open() }`): a render thread left waiting
/// at a closed gate never ends.
public final class RenderGate: @unchecked Sendable {
  /// Guards the counts below; broadcast on every change.
  private let condition = NSCondition()
  private var isOpen: Bool
  /// Renders the gate lets through while closed.
  private var allowance = 0
  private var waiting = 0
  private var passed = 0

  /// Creates a gate, closed unless `isOpen`.
  public init(isOpen: Bool = false) {
    self.isOpen = isOpen
  }

  /// Lets every render through, those waiting and those to come.
  public func open() {
    condition.withLock {
      isOpen = true
      condition.broadcast()
    }
  }

  /// Makes renders wait again (renders already through go on).
  public func close() {
    condition.withLock { isOpen = false }
  }

  /// Lets `count` more renders through while the gate is closed.
  public func allow(_ count: Int = 1) {
    condition.withLock {
      allowance += max(0, count)
      condition.broadcast()
    }
  }

  /// Renders waiting at the gate now.
  public var waitingCount: Int { condition.withLock { waiting } }

  /// Renders let through so far.
  public var passedCount: Int { condition.withLock { passed } }

  /// Waits until at least `count` renders wait at the gate, or `timeout` passes; returns
  /// whether they do.
  @discardableResult
  public func waitUntilWaiting(_ count: Int, timeout: Duration = .seconds(30)) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout.inSeconds)
    return condition.withLock {
      while waiting < count {
        if !condition.wait(until: deadline) { return waiting >= count }
      }
      return true
    }
  }

  /// Waits until the gate lets the calling render through.
  func pass() {
    condition.withLock {
      waiting += 1
      condition.broadcast()
      while !isOpen && allowance == 0 { condition.wait() }
      if !isOpen { allowance -= 1 }
      waiting -= 1
      passed += 1
      condition.broadcast()
    }
  }
}
