import Glibc
import Testing

@testable import FolioRuntime

/// Descriptors handed to `DescriptorCloser` are closed (on its thread): the write end of a pipe
/// handed over, its read end sees the pipe's end.
@Suite struct DescriptorCloserTests {
  @Test func closesEveryDescriptorHandedOver() throws {
    var pipes: [(read: Int32, write: Int32)] = []
    for _ in 0..<3 {
      var ends: [Int32] = [0, 0]
      try #require(pipe(&ends) == 0)
      pipes.append((ends[0], ends[1]))
    }
    defer { for ends in pipes { close(ends.read) } }
    for ends in pipes { DescriptorCloser.close(ends.write) }
    for ends in pipes {
      // The end of the pipe: readable, and a read gives no bytes (within five seconds).
      var descriptor = pollfd(fd: ends.read, events: Int16(POLLIN), revents: 0)
      try #require(poll(&descriptor, 1, 5_000) == 1)
      var byte: UInt8 = 0
      #expect(read(ends.read, &byte, 1) == 0)
    }
  }
}
