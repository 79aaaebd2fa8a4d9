import Glibc

/// A pipe whose read end a poll loop waits on: `signal()` makes it readable, `drain()` empties
/// it. Both ends are non-blocking and close-on-exec.
final class WakePipe {
  /// The end to poll for readability.
  let readDescriptor: Int32
  private let writeDescriptor: Int32

  init() throws {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { throw RenderServiceError.systemCall("pipe", errno) }
    for descriptor in descriptors {
      let flags = fcntl(descriptor, F_GETFL)
      guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0,
        fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0
      else {
        let error = errno
        close(descriptors[0])
        close(descriptors[1])
        throw RenderServiceError.systemCall("fcntl", error)
      }
    }
    readDescriptor = descriptors[0]
    writeDescriptor = descriptors[1]
  }

  deinit {
    close(readDescriptor)
    close(writeDescriptor)
  }

  /// Makes the read end readable. A full pipe is already readable, so a failed write is
  /// harmless.
  func signal() {
    var byte: UInt8 = 1
    while write(writeDescriptor, &byte, 1) < 0, errno == EINTR {}
  }

  /// Reads everything waiting, so the read end stops being readable.
  func drain() {
    var buffer = (
      UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0),
      UInt64(0)
    )
    let size = MemoryLayout.size(ofValue: buffer)
    while true {
      let count = withUnsafeMutableBytes(of: &buffer) { read(readDescriptor, $0.baseAddress, size) }
      if count > 0 { continue }
      if count < 0, errno == EINTR { continue }
      return  // 0: cannot happen while the write end is open; < 0: EAGAIN, empty.
    }
  }
}
