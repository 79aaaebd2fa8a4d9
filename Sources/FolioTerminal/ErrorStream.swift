import Glibc

/// Standard error, split in two: folio's own lines go straight to the real standard error,
/// while what libraries write there (Poppler, cairo, libjpeg, the Swift runtime's fatal-error
/// message) goes to an unlinked temporary file. So no library line ever lands on the viewer's
/// screen, and after a crash folio's `internal error` line comes first, followed by the last
/// lines the libraries wrote (the runtime's reason among them).
///
/// `--print --verbose` copies what the libraries wrote to the real standard error when it ends
/// (without `--verbose`, one line says the document was damaged); the viewer drops it.
public enum ErrorStream {
  /// Where folio's own lines go: the real standard error (a copy of descriptor 2 as it was),
  /// or descriptor 2 itself while nothing is captured.
  nonisolated(unsafe) public private(set) static var real: Int32 = STDERR_FILENO
  /// The temporary file descriptor 2 points to while libraries are captured, else -1.
  nonisolated(unsafe) static var captured: Int32 = -1
  /// How much a crash report copies of what the libraries wrote last.
  static let crashTailBytes = 4096
  /// Captured output beyond this is dropped from the start (only its end matters).
  static let keptBytes = 256 * 1024
  /// Memory for the crash report's copy, made before any crash.
  nonisolated(unsafe) static var tailBuffer: UnsafeMutablePointer<UInt8>? = nil

  /// Whether libraries' output is being captured.
  public static var isCapturing: Bool { captured >= 0 }

  /// Points descriptor 2 at an unlinked file in `$TMPDIR` (else /tmp) and keeps the real
  /// standard error for folio's lines. Without a temporary file, nothing changes.
  public static func capture(temporaryDirectory: String?) {
    guard captured < 0 else { return }
    let directory = temporaryDirectory.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((directory + "/folio-stderr-XXXXXX").utf8CString)
    let file = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return mkstemp(base)
    }
    guard file >= 0 else { return }
    // With a standard descriptor closed, the file took its number: capture nothing, and leave
    // that descriptor closed as it was.
    guard file > STDERR_FILENO else {
      close(file)
      return
    }
    _ = fcntl(file, F_SETFD, FD_CLOEXEC)
    template.withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress { unlink(base) }
    }
    let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
    guard saved >= 0, dup2(file, STDERR_FILENO) >= 0 else {
      close(file)
      if saved >= 0 { close(saved) }
      return
    }
    tailBuffer = .allocate(capacity: crashTailBytes)
    real = saved
    captured = file
  }

  /// Copies what the libraries wrote since the last call to the real standard error, and
  /// empties the file.
  public static func forward() {
    guard captured >= 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 16_384)
    var offset: off_t = 0
    while true {
      let count = buffer.withUnsafeMutableBytes {
        pread(captured, $0.baseAddress, $0.count, offset)
      }
      guard count > 0 else { break }
      buffer.withUnsafeBytes { writeAll(real, $0.baseAddress, count) }
      offset += off_t(count)
    }
    discard()
  }

  /// Whether the libraries wrote anything since the last forward or discard.
  public static var hasCapturedText: Bool {
    guard captured >= 0 else { return false }
    var info = stat()
    return fstat(captured, &info) == 0 && info.st_size > 0
  }

  /// Drops what the libraries wrote so far.
  public static func discard() {
    guard captured >= 0 else { return }
    _ = ftruncate(captured, 0)
    _ = lseek(captured, 0, SEEK_SET)
  }

  /// Drops what the libraries wrote once it passes `keptBytes` (cheap enough for every frame).
  public static func trim() {
    guard captured >= 0 else { return }
    var status = stat()
    if fstat(captured, &status) == 0 && Int(status.st_size) > keptBytes { discard() }
  }

  /// For a crash: copies the last `crashTailBytes` the libraries wrote to the real standard
  /// error and points descriptor 2 back at it. Async-signal-safe.
  static func forwardTailAndRelease() {
    guard captured >= 0 else { return }
    var status = stat()
    if let buffer = tailBuffer, fstat(captured, &status) == 0 && status.st_size > 0 {
      let start = max(0, Int(status.st_size) - crashTailBytes)
      let count = pread(captured, buffer, crashTailBytes, off_t(start))
      if count > 0 { writeAll(real, buffer, count) }
    }
    dup2(real, STDERR_FILENO)
  }

  /// Writes `count` bytes at `bytes` to `descriptor`, retrying partial and interrupted writes.
  /// Async-signal-safe.
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) {
    guard let bytes else { return }
    var offset = 0
    while offset < count {
      let written = write(descriptor, bytes + offset, count - offset)
      if written <= 0 {
        if written < 0 && errno == EINTR { continue }
        return
      }
      offset += written
    }
  }
}
