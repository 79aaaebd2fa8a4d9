import FolioCore
import FolioUI
import Foundation
import Testing

@testable import FolioRuntime

/// A job that waits until the test lets it end, saying when it started.
private final class HeldJob: @unchecked Sendable {
  private let condition = NSCondition()
  private var started = false
  private var released = false

  func run() {
    condition.withLock {
      started = true
      condition.broadcast()
      while !released { condition.wait() }
    }
  }

  func release() {
    condition.withLock {
      released = true
      condition.broadcast()
    }
  }

  func waitUntilStarted(timeout: Duration = .seconds(30)) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout.inSeconds)
    return condition.withLock {
      while !started {
        if !condition.wait(until: deadline) { return started }
      }
      return true
    }
  }
}

/// The copier's problems, waited for until `deadline`.
private func problems(of copier: ClipboardCopier, deadline: ContinuousClock.Instant) -> [String] {
  while ContinuousClock.now < deadline {
    let lines = copier.takeProblems().compactMap { event -> String? in
      guard case .problem(let line) = event else { return nil }
      return line
    }
    if !lines.isEmpty { return lines }
    Thread.sleep(forTimeInterval: 0.01)
  }
  return []
}

@Suite("The clipboard copier")
struct ClipboardCopierTests {
  @Test func aCopyThatHangsDoesNotHoldTheCallerAndItsFailureComesBack() throws {
    let copier = try ClipboardCopier()
    let job = HeldJob()
    defer { job.release() }
    // Returns while the job is still held: the job runs on the copier's thread.
    copier.copy {
      job.run()
      return "Not copied through tmux: tmux set-buffer did not answer in time"
    }
    #expect(job.waitUntilStarted())
    #expect(copier.takeProblems().isEmpty)
    job.release()
    #expect(
      problems(of: copier, deadline: .now + .seconds(30))
        == ["Not copied through tmux: tmux set-buffer did not answer in time"])
  }

  @Test func aCopyThatWorkedSaysNothing() throws {
    let copier = try ClipboardCopier()
    let done = HeldJob()
    done.release()
    copier.copy {
      done.run()
      return nil
    }
    copier.copy { "second copy failed" }
    // Only the failure comes back, once the copies ran.
    #expect(problems(of: copier, deadline: .now + .seconds(30)) == ["second copy failed"])
  }
}
