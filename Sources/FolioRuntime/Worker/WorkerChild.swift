import FolioCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One running worker process and its ends: a socket for messages (its descriptor 0), an
/// unlinked file that receives its standard output and error (descriptors 1 and 2), and the
/// document (descriptor 3). Started with `posix_spawn` in a clean signal state; everything else
/// it inherits it closes itself before reading the document. Use from one thread.
final class WorkerChild {
  let pid: pid_t
  private let socket: Int32
  /// The worker's standard output and error, appended to (the file is shared with it).
  private let capture: Int32
  /// Where the messages of the request under way begin in `capture`.
  private var captureMark: off_t = 0
  /// Bytes received that do not yet make a whole frame.
  private var received: [UInt8] = []
  /// Where `recv` writes.
  private var buffer = [UInt8](repeating: 0, count: 256 * 1024)
  private(set) var isReaped = false

  /// Starts `launch` on `documentPath` (opened here and passed as descriptor 3).
  init(launch: WorkerLaunch, documentPath: String, limits: WorkerLimits) throws(WorkerFailure) {
    let document = open(documentPath, O_RDONLY | O_CLOEXEC)
    guard document >= 0 else {
      throw WorkerFailure(.couldNotStart("cannot open the document: \(Self.systemError())"))
    }
    defer { close(document) }
    var ends: [Int32] = [-1, -1]
    guard
      socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0
    else {
      throw WorkerFailure(.couldNotStart("no socket: \(Self.systemError())"))
    }
    defer { close(ends[1]) }
    guard let capture = Self.makeCaptureFile() else {
      close(ends[0])
      throw WorkerFailure(.couldNotStart("no temporary file: \(Self.systemError())"))
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
    posix_spawn_file_actions_adddup2(&actions, capture, 1)
    posix_spawn_file_actions_adddup2(&actions, capture, 2)
    posix_spawn_file_actions_adddup2(&actions, document, 3)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    var all = sigset_t()
    sigemptyset(&empty)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let arguments = [launch.executable] + launch.arguments(limits)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    // The worker's environment, without the runtime's crash backtracer (it would spend seconds
    // symbolicating into a file nobody reads).
    let environment =
      ProcessInfo.processInfo.environment.filter { $0.key != "SWIFT_BACKTRACE" }
      .map { "\($0.key)=\($0.value)" } + ["SWIFT_BACKTRACE=enable=no"]
    let envp = environment.map { strdup($0) } + [nil]
    defer { envp.forEach { free($0) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, launch.executable, &actions, &attributes, argv, envp)
    guard status == 0 else {
      close(ends[0])
      close(capture)
      throw WorkerFailure(.couldNotStart(String(cString: strerror(status))))
    }
    self.pid = pid
    self.socket = ends[0]
    self.capture = capture
  }

  deinit {
    terminate()
    close(socket)
    close(capture)
  }

  /// Sends a whole frame; false when the worker is gone.
  func send(_ frame: [UInt8]) -> Bool {
    captureMark = captureSize()
    var sent = 0
    while sent < frame.count {
      let count = frame.withUnsafeBytes {
        $0.baseAddress.map {
          Glibc.send(socket, $0 + sent, frame.count - sent, Int32(MSG_NOSIGNAL))
        } ?? -1
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }

  /// What waiting for a reply came to.
  enum Received {
    case body([UInt8])
    /// The deadline passed.
    case timedOut
    /// The worker closed its end: it ended.
    case ended
    case broken(WorkerProtocolError)
  }

  /// Waits until `deadline` for the body of the next frame.
  func receive(until deadline: ContinuousClock.Instant) -> Received {
    var expected: Int?
    while true {
      do {
        if expected == nil, received.count >= WorkerMessageFormat.prefixSize {
          expected = try WorkerMessageFormat.bodyLength(
            prefix: Array(received.prefix(WorkerMessageFormat.prefixSize)))
        }
      } catch {
        return .broken(error)
      }
      if let length = expected, received.count >= WorkerMessageFormat.prefixSize + length {
        let end = WorkerMessageFormat.prefixSize + length
        let body = Array(received[WorkerMessageFormat.prefixSize..<end])
        received.removeFirst(end)
        return .body(body)
      }
      let left = deadline - .now
      guard left > .zero else { return .timedOut }
      var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(clamping: left.wholeMilliseconds &+ 1)
      let ready = poll(&descriptor, 1, milliseconds)
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard count > 0 else { return .ended }
      received += buffer.prefix(count)
    }
  }

  /// The lines the worker wrote since the last `send` (the libraries' messages about that
  /// request), at most `limit` of them.
  func messagesSinceSend(limit: Int = 200) -> [String] {
    let end = captureSize()
    guard end > captureMark else { return [] }
    let length = min(Int(end - captureMark), 64 * 1024)
    var bytes = [UInt8](repeating: 0, count: length)
    let count = bytes.withUnsafeMutableBytes { pread(capture, $0.baseAddress, length, captureMark) }
    guard count > 0 else { return [] }
    let text = String(decoding: bytes.prefix(count), as: UTF8.self)
    let lines = text.split(whereSeparator: \.isNewline).map { String($0) }.filter {
      !$0.allSatisfy(\.isWhitespace)
    }
    // Between requests the worker writes nothing: an overgrown file can start again.
    if end > 1 << 20 { _ = ftruncate(capture, 0) }
    return Array(lines.prefix(limit))
  }

  /// Resident memory in bytes now, or nil once it has ended.
  var residentBytes: Int? {
    guard !isReaped, let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8)
    else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// How a worker ended, from its wait status.
  struct Ending {
    /// The signal that ended it, if one did.
    var signal: Int32?
  }

  /// Waits for the worker to end on its own for up to `grace`, then kills it and waits up to
  /// `grace` more; returns how it ended (nil if it was reaped before, or if even a kill does
  /// not end it in time: a process stuck in the kernel on a hung file system is left behind
  /// rather than the thread).
  @discardableResult
  func reap(grace: Duration = .seconds(1)) -> Ending? {
    guard !isReaped else { return nil }
    var deadline = ContinuousClock.now + grace
    var killed = false
    var status: Int32 = 0
    // Checked after 1, 2, 4 … ms, then every 32 ms: a busy machine may take a while to let a
    // killed worker go, and the viewer must not spin meanwhile.
    var pause: UInt32 = 1_000
    while true {
      let done = waitpid(pid, &status, WNOHANG)
      if done == pid { break }
      if done < 0 && errno != EINTR {
        isReaped = true
        return nil
      }
      if ContinuousClock.now >= deadline {
        if killed {
          isReaped = true
          return nil
        }
        kill(pid, SIGKILL)
        killed = true
        deadline = ContinuousClock.now + grace
      }
      usleep(pause)
      pause = min(pause * 2, 32_000)
    }
    isReaped = true
    let signaled = (status & 0x7f) != 0 && (status & 0x7f) != 0x7f
    return Ending(signal: signaled ? status & 0x7f : nil)
  }

  /// Whether the worker has ended (reaping it if so), without waiting.
  var hasEnded: Bool {
    guard !isReaped else { return true }
    var status: Int32 = 0
    if waitpid(pid, &status, WNOHANG) == pid {
      isReaped = true
      return true
    }
    return false
  }

  /// Kills the worker at once; it is reaped in the background (`ChildReaper`), so whoever
  /// lets a worker go never waits for it.
  func terminate() {
    guard !isReaped else { return }
    kill(pid, SIGKILL)
    isReaped = true
    ChildReaper.reap(pid)
  }

  private func captureSize() -> off_t {
    var info = stat()
    return fstat(capture, &info) == 0 ? info.st_size : 0
  }

  /// An unlinked file in `$TMPDIR` (else /tmp), opened for appending so the worker's writes
  /// always land at its end, even after it was emptied.
  private static func makeCaptureFile() -> Int32? {
    let directory =
      ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((directory + "/folio-worker-XXXXXX").utf8CString)
    let file = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
    guard file >= 0 else { return nil }
    _ = fcntl(file, F_SETFD, FD_CLOEXEC)
    _ = fcntl(file, F_SETFL, O_APPEND)
    template.withUnsafeBufferPointer { _ = $0.baseAddress.map { unlink($0) } }
    return file
  }

  private static func systemError() -> String { String(cString: strerror(errno)) }
}
