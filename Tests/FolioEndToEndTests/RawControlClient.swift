import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A client of a viewer's control socket that misbehaves on purpose: bytes written as they
/// are (no newline added), the connection closed at any point. Never raises SIGPIPE.
final class RawControlClient {
  private var descriptor: Int32

  /// Connects to the socket at `path`.
  init(path: String) throws {
    descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      throw POSIXError(.ENAMETOOLONG)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in bytes.enumerated() { buffer[index] = byte }
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      Glibc.close(descriptor)
      throw POSIXError(.init(rawValue: code) ?? .EIO)
    }
  }

  deinit { close() }

  /// Writes `bytes` until all are sent, the viewer closes the connection or `timeout`
  /// seconds pass; returns how many were sent.
  @discardableResult
  func write(_ bytes: [UInt8], timeout: Double = 10) -> Int {
    let deadline = Date().addingTimeInterval(timeout)
    var sent = 0
    while sent < bytes.count, descriptor >= 0, Date() < deadline {
      var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      guard poll(&entry, 1, 50) > 0 else { continue }
      let count = bytes[sent...].withUnsafeBytes {
        send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
      }
      if count > 0 {
        sent += count
      } else if count < 0, errno != EAGAIN, errno != EINTR {
        break
      }
    }
    return sent
  }

  /// Everything read until the viewer closes the connection (`closed` true) or `timeout`
  /// seconds pass (`closed` false).
  func readUntilClosed(timeout: Double = 10) -> (text: String, closed: Bool) {
    let deadline = Date().addingTimeInterval(timeout)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while Date() < deadline {
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 50) > 0 else { continue }
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += chunk[0..<count]
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        return (String(decoding: bytes, as: UTF8.self), true)
      }
    }
    return (String(decoding: bytes, as: UTF8.self), false)
  }

  /// Closes the connection (again: nothing).
  func close() {
    if descriptor >= 0 { Glibc.close(descriptor) }
    descriptor = -1
  }
}
