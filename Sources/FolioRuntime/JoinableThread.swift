import Foundation
import Glibc

/// A POSIX thread running one closure, which `join()` waits for. Foundation's `Thread` cannot be
/// joined, and Dispatch hides its threads; a render worker must be a thread of its own so its
/// Poppler document is only ever used on that thread.
final class JoinableThread {
  /// The closure handed to the new thread, retained until it runs.
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  private let handle: pthread_t
  private var isJoined = false

  /// Starts a thread running `body`. `name` shows in debuggers and `top -H`
  /// (its first 15 bytes).
  init(name: String, body: @escaping @Sendable () -> Void) throws {
    let context = Unmanaged.passRetained(
      Body {
        Self.blockTerminalSignals()
        Thread.current.name = name
        body()
      }
    ).toOpaque()
    var handle = pthread_t()
    let result = pthread_create(
      &handle, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
        return nil
      }, context)
    guard result == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      throw RenderServiceError.systemCall("pthread_create", result)
    }
    self.handle = handle
  }

  /// The signals only the main thread takes. A process-directed signal goes to any thread
  /// that does not block it; on a worker, a terminal signal would run its handler (which
  /// calls curses) beside the drawing thread, a SIGWINCH would not wake the main thread's
  /// poll, and a SIGTSTP arriving while curses draws (when curses ignores it for the
  /// moment) would be lost instead of waiting, blocked, for the main thread.
  static let terminalSignals = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH,
  ]

  /// Blocks `terminalSignals` in the calling thread.
  static func blockTerminalSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in terminalSignals { sigaddset(&set, signal) }
    pthread_sigmask(SIG_BLOCK, &set, nil)
  }

  /// Lets the thread go: it ends on its own, and nobody waits for it. No `join()` after.
  func detach() {
    guard !isJoined else { return }
    isJoined = true
    pthread_detach(handle)
  }

  /// Waits for the thread to finish. Later calls return at once.
  func join() {
    guard !isJoined else { return }
    isJoined = true
    pthread_join(handle, nil)
  }
}
