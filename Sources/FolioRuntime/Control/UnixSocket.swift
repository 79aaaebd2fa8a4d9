import Glibc

/// The system calls on `AF_UNIX` stream sockets that the control server and client share:
/// addresses, connecting with a deadline, asking whether anybody answers at a path, the
/// peer's uid, and sending without SIGPIPE.
enum UnixSocket {
  /// Whether a socket path answers.
  enum Liveness: Equatable {
    /// Somebody accepts connections there (or its queue of them is full).
    case answers
    /// The file is there but nobody listens.
    case refused
    /// Nothing is there.
    case missing
    /// Connecting failed otherwise (`errno`).
    case failed(Int32)
  }

  /// The `AF_UNIX` address of `path`.
  static func address(_ path: String) throws(ControlError) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else {
      throw .pathTooLong(path)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    return address
  }

  /// A new stream socket, close-on-exec, non-blocking when asked.
  static func make(nonBlocking: Bool, path: String) throws(ControlError) -> Int32 {
    let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    let descriptor = socket(AF_UNIX, flags | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0), 0)
    guard descriptor >= 0 else { throw .systemCall("socket", errno, path) }
    return descriptor
  }

  /// Runs `body` with `address` as a `sockaddr` pointer and its length.
  static func withSockaddr<Result>(
    _ address: sockaddr_un, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
  ) -> Result {
    var address = address
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
  }

  /// A non-blocking socket connected to `path`, waiting until `deadline` while the server's
  /// queue of connections is full.
  static func connect(to path: String, deadline: ContinuousClock.Instant) throws(ControlError)
    -> Int32
  {
    let address = try address(path)
    let descriptor = try make(nonBlocking: false, path: path)
    while true {
      let remaining = ContinuousClock.now.duration(to: deadline)
      guard remaining > .zero else {
        close(descriptor)
        throw .timedOut(path)
      }
      // A blocking connect waits for room in a full queue up to the send timeout.
      var timeout = timeval(remaining)
      setsockopt(
        descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      let result = withSockaddr(address) { Glibc.connect(descriptor, $0, $1) }
      if result == 0 { break }
      let code = errno
      if code == EINTR || code == EAGAIN { continue }
      close(descriptor)
      switch code {
      case ENOENT, ENOTDIR: throw .noSuchSocket(path)
      case ECONNREFUSED: throw .refused(path)
      case EACCES, EPERM: throw .permissionDenied(path)
      default: throw .systemCall("connect", code, path)
      }
    }
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
      let code = errno
      close(descriptor)
      throw .systemCall("fcntl", code, path)
    }
    return descriptor
  }

  /// Whether anybody answers at `path` (a connection is made and closed at once).
  static func liveness(of path: String) -> Liveness {
    guard let address = try? address(path),
      let descriptor = try? make(nonBlocking: true, path: path)
    else { return .failed(ENAMETOOLONG) }
    defer { close(descriptor) }
    var result: Int32
    repeat {
      result = withSockaddr(address) { Glibc.connect(descriptor, $0, $1) }
    } while result != 0 && errno == EINTR
    if result == 0 { return .answers }
    switch errno {
    case EAGAIN, EINPROGRESS: return .answers
    case ECONNREFUSED: return .refused
    case ENOENT: return .missing
    case let code: return .failed(code)
    }
  }

  /// A client accepted on `listener`, non-blocking and close-on-exec from the start (a
  /// worker spawned meanwhile never inherits it), or -1 with `errno` set.
  static func accept(_ listener: Int32) -> Int32 {
    let flags = Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
    if let accept4 { return accept4(listener, nil, nil, flags) }
    let descriptor = Glibc.accept(listener, nil, nil)
    guard descriptor >= 0 else { return descriptor }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    return descriptor
  }

  /// glibc's `accept4`, which Swift does not import (it needs `_GNU_SOURCE`), looked up at
  /// run time.
  private static let accept4:
    (
      @convention(c) (
        Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32
      ) -> Int32
    )? =
      dlsym(nil, "accept4").map {
        unsafeBitCast(
          $0,
          to: (@convention(c) (
            Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32
          ) -> Int32).self)
      }

  /// Whether `path` is a socket file (not followed if it is a symlink).
  static func isSocket(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
  }

  /// The uid of the process at the other end of `descriptor`, or nil if the system does not
  /// say.
  static func peerUID(_ descriptor: Int32) -> uid_t? {
    // `struct ucred` (pid, uid, gid), which Swift does not import without `_GNU_SOURCE`.
    var credentials: (pid_t, uid_t, gid_t) = (0, 0, 0)
    var length = socklen_t(MemoryLayout.size(ofValue: credentials))
    guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
      length == MemoryLayout.size(ofValue: credentials)
    else { return nil }
    return credentials.1
  }

  /// Sends what it can of `bytes` without blocking or raising SIGPIPE: the count sent (0
  /// when the socket is full), or nil when the connection is gone.
  static func send(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int? {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
    while true {
      let sent = Glibc.send(descriptor, base, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
      if sent >= 0 { return sent }
      switch errno {
      case EINTR: continue
      case EAGAIN: return 0
      default: return nil
      }
    }
  }
}

extension timeval {
  /// A positive duration as a `timeval` (at least one microsecond: zero means no timeout).
  init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    let microseconds = max(attoseconds / 1_000_000_000_000, seconds > 0 ? 0 : 1)
    self.init(tv_sec: Int(seconds), tv_usec: Int(microseconds))
  }
}
