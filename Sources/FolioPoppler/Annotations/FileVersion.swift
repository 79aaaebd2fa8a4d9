import Glibc

/// One version of a file on disk: its device, inode, size and modification time, as `stat`
/// gives them. Written `DEVICE:INODE:SIZE:SECONDS.NANOSECONDS`, what
/// `stat -c %d:%i:%s:%.9Y FILE` prints. The annotation writer refuses to replace a file whose
/// version is not the one the viewer read.
public struct FileVersion: Sendable, Equatable, CustomStringConvertible {
  /// The device.
  public var device: UInt64
  /// The inode.
  public var inode: UInt64
  /// The size in bytes.
  public var size: Int64
  /// The modification time: whole seconds.
  public var seconds: Int64
  /// The modification time: nanoseconds past `seconds`.
  public var nanoseconds: Int64

  /// The version of the file at `path` (following links) now; nil when it cannot be read.
  public init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.init(status)
  }

  /// The version in a `stat` result.
  public init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    seconds = Int64(status.st_mtim.tv_sec)
    nanoseconds = Int64(status.st_mtim.tv_nsec)
  }

  /// The version `description` writes; nil when `text` is not one.
  public init?(_ text: String) {
    let fields = text.split(separator: ":", omittingEmptySubsequences: false)
    guard fields.count == 4, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
      let size = Int64(fields[2])
    else { return nil }
    let time = fields[3].split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(time.count), let seconds = Int64(time[0]) else { return nil }
    var nanoseconds: Int64 = 0
    if time.count == 2 {
      guard (1...9).contains(time[1].count), let fraction = Int64(time[1]), fraction >= 0 else {
        return nil
      }
      nanoseconds = fraction * Int64(Self.pow10(9 - time[1].count))
    }
    self.device = device
    self.inode = inode
    self.size = size
    self.seconds = seconds
    self.nanoseconds = nanoseconds
  }

  public var description: String {
    let fraction = String(nanoseconds)
    return "\(device):\(inode):\(size):\(seconds)."
      + String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction
  }

  private static func pow10(_ exponent: Int) -> Int {
    (0..<exponent).reduce(1) { value, _ in value * 10 }
  }
}
