import Glibc

/// Identifies a document by its content rather than its path, so a renamed or copied file
/// keeps its place: the file size, a 128-bit hash of its first and last 64 KiB, and its page
/// count. A change in the middle of a large file that keeps the size and page count is not
/// seen; an edited PDF almost always changes its tail (cross-reference table and trailer).
public struct DocumentFingerprint: Hashable, Sendable, CustomStringConvertible {
  /// How many bytes are read from each end of the file.
  public static let windowSize = 64 * 1024

  /// The file size in bytes.
  public let size: Int
  /// The hash of the first and the last `windowSize` bytes.
  public let hash: ContentHash
  /// The document's page count.
  public let pageCount: Int

  /// Creates the fingerprint of a file of `size` bytes whose first bytes are `head` and last
  /// bytes are `tail` (each at most `windowSize`; for a small file both are the whole file).
  public init(size: Int, head: [UInt8], tail: [UInt8], pageCount: Int) {
    var hasher = ContentHasher()
    hasher.combine(UInt64(head.count))
    hasher.combine(head)
    hasher.combine(UInt64(tail.count))
    hasher.combine(tail)
    self.size = size
    self.hash = hasher.finalize()
    self.pageCount = pageCount
  }

  /// A fingerprint of a file whose size and hash are known already.
  public init(size: Int, hash: ContentHash, pageCount: Int) {
    self.size = size
    self.hash = hash
    self.pageCount = pageCount
  }

  /// The stable text form, the key under which the place is stored:
  /// `v1-<size>-<32 hex digits>-<page count>`.
  public var text: String { "v1-\(size)-\(hash.hex)-\(pageCount)" }

  public var description: String { text }

  /// Reads the ends of the file at `path` and makes its fingerprint.
  public static func make(
    fileAt path: String, pageCount: Int
  ) throws(FingerprintError) -> DocumentFingerprint {
    // Non-blocking, so a FIFO is refused below rather than waited on.
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw FingerprintError(path: path, code: errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw FingerprintError(path: path, code: errno) }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw FingerprintError(path: path, code: ESPIPE)
    }
    let size = Int(status.st_size)
    let window = min(size, windowSize)
    let head = try read(descriptor, path: path, count: window, at: 0)
    let tail =
      size <= windowSize ? head : try read(descriptor, path: path, count: window, at: size - window)
    return DocumentFingerprint(size: size, head: head, tail: tail, pageCount: pageCount)
  }

  /// Reads up to `count` bytes at `offset` with `pread`, fewer only at the end of the file.
  private static func read(
    _ descriptor: Int32, path: String, count: Int, at offset: Int
  ) throws(FingerprintError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    var failure: Int32 = 0
    bytes.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      while filled < count {
        let got = pread(descriptor, base + filled, count - filled, off_t(offset + filled))
        if got > 0 {
          filled += got
        } else if got == 0 {
          return
        } else if errno != EINTR {
          failure = errno
          return
        }
      }
    }
    guard failure == 0 else { throw FingerprintError(path: path, code: failure) }
    return Array(bytes.prefix(filled))
  }
}

/// Why a file's fingerprint could not be made.
public struct FingerprintError: Error, Hashable, Sendable {
  /// The file.
  public let path: String
  /// The `errno` value.
  public let code: Int32

  /// A one-line description, e.g. "cannot read /a.pdf: Permission denied".
  public var message: String {
    let reason = code == ESPIPE ? "not a regular file" : String(cString: strerror(code))
    return "cannot read \(path): \(reason)"
  }
}
