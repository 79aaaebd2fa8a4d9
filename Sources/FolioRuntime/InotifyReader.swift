import Glibc

/// One inotify event: the watch it came from, what happened, and the name in the watched
/// folder (bytes up to the NUL; empty for an event of the folder itself). The name is valid
/// only during the call it is handed to.
struct InotifyEvent {
  /// The watch descriptor.
  var watch: Int32
  /// The event's mask (`IN_CREATE`, `IN_ISDIR`, …).
  var mask: UInt32
  /// The name, raw bytes.
  var name: Slice<UnsafeRawBufferPointer>

  /// Whether the mask has any of `bits`.
  func has(_ bits: Int32) -> Bool { mask & UInt32(bits) != 0 }
}

/// An inotify instance, non-blocking and close-on-exec, and the one reader and parser of its
/// events, for `FileWatcher` and `FolderWatcher`. One thread reads; watches may be added from
/// any thread (the kernel serializes them).
final class InotifyReader {
  /// The instance's descriptor: readable while events wait.
  let descriptor: Int32
  /// Room for many events at once; one event with the longest name takes 16 + 256 bytes.
  private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
  private static let headerSize = MemoryLayout<inotify_event>.size

  /// A new instance.
  init() throws(FileWatcherError) {
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else {
      throw FileWatcherError.systemCall("inotify_init1", subject: "", errno: errno)
    }
    self.descriptor = descriptor
  }

  deinit { DescriptorCloser.close(descriptor) }

  /// The most bytes of events one `readEvents` takes (four reads): a writer that makes events
  /// as fast as they are parsed must not hold the loop; what is left keeps the descriptor
  /// readable, for the next turn.
  static let bytesPerTake = 256 * 1024

  /// Reads the events waiting (at most `bytesPerTake` bytes of them), without blocking, and
  /// hands each to `body` in order.
  func readEvents(_ body: (InotifyEvent) -> Void) {
    var taken = 0
    while taken < Self.bytesPerTake {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }  // EAGAIN: all read.
      taken += count
      buffer.withUnsafeBytes { bytes in
        let bytes = UnsafeRawBufferPointer(rebasing: bytes[..<count])
        var offset = 0
        while offset + Self.headerSize <= count {
          let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
          let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
          let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          let nameStart = offset + Self.headerSize
          let nameEnd = min(nameStart + length, count)
          offset = nameStart + length
          var end = nameStart
          while end < nameEnd, bytes[end] != 0 { end += 1 }
          body(InotifyEvent(watch: watch, mask: mask, name: bytes[nameStart..<end]))
        }
      }
    }
  }
}

extension Slice<UnsafeRawBufferPointer> {
  /// Whether these bytes end in `.pdf` (any case) after at least one more byte.
  var endsInPDF: Bool {
    guard count > 4 else { return false }
    let tail = Array(suffix(4))
    // Letters lowered by their 0x20 bit: only 'P' and 'p' give 'p', and so on.
    return tail[0] == UInt8(ascii: ".") && tail[1...].map { $0 | 0x20 } == Array("pdf".utf8)
  }
}
