import Foundation

/// What the control server has to send to each client, shared by the loop's thread (which
/// queues replies and events and never waits) and the server's thread (which writes them
/// when a socket can take them). A client whose queue would pass `limit` bytes is dropped: it
/// does not read, and the viewer does not keep its lines for it. A line queued when nothing
/// waits is always taken, however long.
final class ControlOutboxes: @unchecked Sendable {
  /// One client's queue.
  private struct Queue {
    var bytes: [UInt8] = []
    /// Where the bytes not yet sent start.
    var start = 0
    /// Requests posted to the loop and not yet answered.
    var unanswered = 0
    var isDropped = false

    var pending: Int { bytes.count - start }
  }

  /// What a client's queue says to the server's thread.
  struct Status {
    /// Bytes are waiting to be sent.
    var hasOutput: Bool
    /// Requests of its wait for a reply.
    var awaitsReplies: Bool
    /// It is to be closed (its queue passed the limit), or it is unknown.
    var isDropped: Bool
  }

  /// The largest number of bytes waiting for one client.
  let limit: Int
  /// Wakes the server's thread: output to write, a client to drop, or the end.
  let wake: WakePipe
  private let lock = NSLock()
  private var queues: [Int: Queue] = [:]
  private var stopping = false

  init(limit: Int) throws {
    self.limit = limit
    wake = try WakePipe()
  }

  /// Whether `stop()` was called.
  var isStopping: Bool { lock.withLock { stopping } }

  /// Tells the server's thread to end.
  func stop() {
    lock.withLock { stopping = true }
    wake.signal()
  }

  /// Opens an empty queue for a new client.
  func open(_ client: Int) { lock.withLock { queues[client] = Queue() } }

  /// Forgets a closed client: what is queued for it is dropped.
  func close(_ client: Int) { _ = lock.withLock { queues.removeValue(forKey: client) } }

  /// Whether `client` is connected and not dropped.
  func isOpen(_ client: Int) -> Bool {
    lock.withLock { queues[client].map { !$0.isDropped } ?? false }
  }

  /// Counts one request of `client` handed to the loop.
  func countRequest(of client: Int) {
    lock.withLock { _ = withQueue(client) { $0.unanswered += 1 } }
  }

  /// Queues `line` and a newline for `client`; `answers` when it is the reply to a request
  /// handed to the loop. False when the client is gone or was dropped, now or before.
  func enqueue(_ line: String, to client: Int, answers: Bool) -> Bool {
    let limit = limit
    let (accepted, wakes): (Bool, Bool) =
      lock.withLock {
        withQueue(client) { queue in
          guard !queue.isDropped else { return (false, false) }
          if answers, queue.unanswered > 0 { queue.unanswered -= 1 }
          let wasEmpty = queue.pending == 0
          // One line is taken whatever its size (a long outline for a client that reads);
          // lines piling up past the limit behind others are not.
          if queue.pending > 0, queue.pending + line.utf8.count + 1 > limit {
            queue = Queue(isDropped: true)
            return (false, true)
          }
          if queue.start > 0, queue.start >= queue.bytes.count / 2 {
            queue.bytes.removeFirst(queue.start)
            queue.start = 0
          }
          queue.bytes.append(contentsOf: line.utf8)
          queue.bytes.append(UInt8(ascii: "\n"))
          return (true, wasEmpty)
        }
      } ?? (false, false)
    if wakes { wake.signal() }
    return accepted
  }

  /// Where `client` stands.
  func status(of client: Int) -> Status {
    lock.withLock {
      guard let queue = queues[client] else {
        return Status(hasOutput: false, awaitsReplies: false, isDropped: true)
      }
      return Status(
        hasOutput: queue.pending > 0, awaitsReplies: queue.unanswered > 0,
        isDropped: queue.isDropped)
    }
  }

  /// Sends what `descriptor` takes of `client`'s queue without blocking; false when the
  /// connection is gone.
  func flush(_ client: Int, to descriptor: Int32) -> Bool {
    lock.withLock {
      withQueue(client) { queue in
        let end = min(queue.bytes.count, queue.start + 256 * 1024)
        let sent = queue.bytes[queue.start..<end].withUnsafeBytes {
          UnixSocket.send(descriptor, $0)
        }
        guard let sent else { return false }
        queue.start += sent
        if queue.start == queue.bytes.count {
          queue.bytes.removeAll(keepingCapacity: queue.bytes.count <= 64 * 1024)
          queue.start = 0
        }
        return true
      } ?? false
    }
  }

  /// Runs `body` on `client`'s queue in place (no copy of its bytes); nil when it has none.
  /// Call with the lock held.
  private func withQueue<Result>(_ client: Int, _ body: (inout Queue) -> Result) -> Result? {
    guard let index = queues.index(forKey: client) else { return nil }
    return body(&queues.values[index])
  }
}
