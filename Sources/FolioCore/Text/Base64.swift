/// Standard base64 (RFC 4648, with `+`, `/` and `=` padding): the text terminal sequences
/// carry bytes in (OSC 52 clipboards, kitty and iTerm2 images).
public enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// `bytes` in base64, as ASCII bytes.
  public static func encoded(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let first = UInt32(bytes[index])
      let second = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0
      let third = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
      let value = first << 16 | second << 8 | third
      output.append(alphabet[Int(value >> 18 & 63)])
      output.append(alphabet[Int(value >> 12 & 63)])
      output.append(index + 1 < bytes.count ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
      output.append(index + 2 < bytes.count ? alphabet[Int(value & 63)] : UInt8(ascii: "="))
      index += 3
    }
    return output
  }

  /// `bytes` in base64, as text.
  public static func string(_ bytes: [UInt8]) -> String {
    String(decoding: encoded(bytes), as: UTF8.self)
  }
}
