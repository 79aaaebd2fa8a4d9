import Foundation
import Glibc

/// Closes descriptors on a thread of its own, for those whose `close` waits in the kernel:
/// closing the last descriptor of an inotify instance waits for the kernel to release its
/// notification marks (a grace period: 4 to 20 ms measured), which must not hold the loop
/// when a document of a library goes. The thread starts with the first descriptor handed over
/// and stays for the session; each descriptor stays open (its number taken) until it is
/// closed there.
enum DescriptorCloser {
  private final class Shared: @unchecked Sendable {
    let condition = NSCondition()
    var waiting: [Int32] = []
    var thread: JoinableThread?
  }

  private static let shared = Shared()

  /// Closes `descriptor`, which nothing uses any more, in the background (at once, here,
  /// when no thread can start).
  static func close(_ descriptor: Int32) {
    let shared = self.shared
    shared.condition.lock()
    shared.waiting.append(descriptor)
    shared.condition.signal()
    if shared.thread == nil {
      shared.thread = try? JoinableThread(name: "folio-closer") {
        while true {
          shared.condition.lock()
          while shared.waiting.isEmpty { shared.condition.wait() }
          let descriptor = shared.waiting.removeFirst()
          shared.condition.unlock()
          _ = Glibc.close(descriptor)
        }
      }
    }
    var here: [Int32] = []
    if shared.thread == nil { swap(&here, &shared.waiting) }
    shared.condition.unlock()
    for descriptor in here { _ = Glibc.close(descriptor) }
  }
}
