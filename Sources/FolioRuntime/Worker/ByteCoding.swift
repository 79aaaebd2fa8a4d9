/// Appends little-endian numbers and length-prefixed strings to a byte array: the writing half
/// of the worker message format.
struct ByteWriter {
  private(set) var bytes: [UInt8] = []

  mutating func append(_ value: UInt8) { bytes.append(value) }

  mutating func append(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  mutating func append(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  /// A count or index, as an unsigned 32-bit number (negative values become 0).
  mutating func append(count value: Int) { append(UInt32(clamping: max(0, value))) }

  mutating func append(_ value: Double) { append(value.bitPattern) }

  mutating func append(_ value: Bool) { append(UInt8(value ? 1 : 0)) }

  mutating func append(_ value: String) {
    let utf8 = Array(value.utf8)
    append(count: utf8.count)
    bytes += utf8
  }

  mutating func append(optional value: String?) {
    append(value != nil)
    if let value { append(value) }
  }

  mutating func append(contentsOf other: [UInt8]) { bytes += other }
}

/// Reads what `ByteWriter` wrote, checking every length against the bytes left, so a damaged
/// or hostile message throws `WorkerProtocolError` instead of reading past its end.
struct ByteReader {
  private let bytes: [UInt8]
  private(set) var offset: Int

  init(_ bytes: [UInt8], offset: Int = 0) {
    self.bytes = bytes
    self.offset = offset
  }

  var isAtEnd: Bool { offset == bytes.count }
  var remaining: Int { bytes.count - offset }

  mutating func byte() throws(WorkerProtocolError) -> UInt8 {
    guard offset < bytes.count else { throw .truncated }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func uint32() throws(WorkerProtocolError) -> UInt32 {
    guard remaining >= 4 else { throw .truncated }
    var value: UInt32 = 0
    for index in 0..<4 { value |= UInt32(bytes[offset + index]) << (8 * index) }
    offset += 4
    return value
  }

  mutating func uint64() throws(WorkerProtocolError) -> UInt64 {
    guard remaining >= 8 else { throw .truncated }
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * index) }
    offset += 8
    return value
  }

  mutating func count() throws(WorkerProtocolError) -> Int { Int(try uint32()) }

  mutating func double() throws(WorkerProtocolError) -> Double { Double(bitPattern: try uint64()) }

  mutating func bool() throws(WorkerProtocolError) -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    default: throw .malformed("a flag that is neither 0 nor 1")
    }
  }

  mutating func string() throws(WorkerProtocolError) -> String {
    let length = try count()
    guard length <= remaining else { throw .truncated }
    defer { offset += length }
    return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
  }

  mutating func bytes(count length: Int) throws(WorkerProtocolError) -> ArraySlice<UInt8> {
    guard length >= 0, length <= remaining else { throw .truncated }
    defer { offset += length }
    return bytes[offset..<offset + length]
  }

  mutating func optionalString() throws(WorkerProtocolError) -> String? {
    try bool() ? try string() : nil
  }
}

/// Why a worker message could not be read: the peer is not a worker of this version, or it
/// was cut short, or it broke the format. The worker that sent it is not trusted again.
public enum WorkerProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message ended before its fields did.
  case truncated
  /// A frame longer than any message can be.
  case tooLong(Int)
  /// A format version this build does not speak.
  case unknownVersion(UInt8)
  /// A field with a value it cannot have.
  case malformed(String)

  public var description: String {
    switch self {
    case .truncated: return "a worker message was cut short"
    case .tooLong(let length):
      return "a worker message of \(length) bytes is longer than any can be"
    case .unknownVersion(let version): return "a worker spoke message format \(version)"
    case .malformed(let what): return "a worker message had \(what)"
    }
  }
}
