import FolioCore
import Foundation
import Glibc

@testable import FolioRuntime

/// A stand-in for the viewer's loop in tests: a thread that owns a `ControlServer`, waits on
/// its inbox's wake descriptor, takes the requests and answers them:
/// - `echo ARGS…`: its arguments as an array;
/// - `subscribe COUNT`: a reply, then COUNT `tick` events numbered from 0;
/// - `blob BYTES`: a string of BYTES letters;
/// - `silent`: no reply at all;
/// - anything else: refused with "unknown command NAME".
/// It records the name of every request it took.
final class ControlTestLoop: @unchecked Sendable {
  /// The server's socket.
  let path: String
  private let server: ControlServer
  private let inbox: LoopInbox
  private let lock = NSLock()
  private var names: [String] = []
  private var stopPipe: [Int32] = [-1, -1]
  private var thread: Thread?
  private let finished = NSCondition()
  private var isFinished = false

  /// Starts a server at `path` (lines and queues limited as given) and its loop.
  init(
    path: String, lineLimit: Int = ControlServer.defaultLineLimit,
    queueLimit: Int = ControlServer.defaultQueueLimit
  ) throws {
    self.path = path
    inbox = try LoopInbox()
    server = try ControlServer(
      path: path, inbox: inbox, lineLimit: lineLimit, queueLimit: queueLimit)
    guard pipe(&stopPipe) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    let thread = Thread { [self] in run() }
    self.thread = thread
    thread.start()
  }

  deinit {
    close(stopPipe[0])
    close(stopPipe[1])
  }

  /// The names of the requests taken so far, in order.
  var requestNames: [String] { lock.withLock { names } }

  /// Ends the loop (waiting for it) and stops the server.
  func stop() {
    var byte: UInt8 = 1
    _ = write(stopPipe[1], &byte, 1)
    finished.withLock {
      let deadline = Date(timeIntervalSinceNow: 30)
      while !isFinished, finished.wait(until: deadline) {}
    }
  }

  private func run() {
    defer {
      server.stop()
      finished.withLock {
        isFinished = true
        finished.broadcast()
      }
    }
    while true {
      var entries = [
        pollfd(fd: inbox.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stopPipe[0], events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&entries, 2, -1) >= 0 || errno == EINTR else { return }
      if entries[1].revents != 0 { return }
      for incoming in server.requests(in: inbox.takeAll()) { answer(incoming) }
    }
  }

  private func answer(_ incoming: ControlServer.Incoming) {
    let request = incoming.request
    lock.withLock { names.append(request.name) }
    let count = request.arguments.first.flatMap { Int($0.description) } ?? 0
    switch request.name {
    case "echo":
      server.reply(
        .success(.array(request.arguments.map(\.value)), id: request.id), to: incoming.client)
    case "subscribe":
      server.reply(.success(id: request.id), to: incoming.client)
      for number in 0..<count {
        server.send(
          event: ControlEvent(name: "tick", data: .number(Double(number))), to: incoming.client)
      }
    case "blob":
      server.reply(
        .success(.string(String(repeating: "x", count: count)), id: request.id),
        to: incoming.client)
    case "silent": break
    default:
      server.reply(.failure("unknown command \(request.name)", id: request.id), to: incoming.client)
    }
  }
}

/// Waits until `condition` holds, at most `timeout`; returns whether it held.
func waitUntil(timeout: Duration = .seconds(10), _ condition: () -> Bool) -> Bool {
  let deadline = ContinuousClock.now + timeout
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    usleep(500)
  }
  return true
}

/// A raw client socket connected to `path` (blocking), for tests that misbehave on purpose.
func rawConnection(to path: String) throws -> Int32 {
  try UnixSocket.connect(to: path, deadline: .now + .seconds(10))
}

/// Everything readable from `descriptor` until the peer closes it, at most `timeout`; nil if
/// it was not closed in time.
func readUntilClosed(_ descriptor: Int32, timeout: Duration = .seconds(10)) -> [UInt8]? {
  let deadline = ContinuousClock.now + timeout
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 64 * 1024)
  while true {
    let remaining = ContinuousClock.now.duration(to: deadline)
    guard remaining > .zero else { return nil }
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, Int32(clamping: remaining.wholeMilliseconds + 1)) > 0 else { continue }
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      bytes += chunk[0..<count]
    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
      return bytes
    }
  }
}
