import CZlib
import FolioCore

/// An 8-bit grayscale PNG of a picture whose pixels are all gray (red, green and blue equal):
/// each row with filter "none" (text pages gain nothing from the others), deflated at level 6.
public enum GrayPNG {
  /// The PNG; nil when a pixel is not gray (or zlib fails).
  public static func png(_ picture: PixelPicture) -> [UInt8]? {
    let (width, height) = (picture.size.width, picture.size.height)
    var rows = [UInt8](repeating: 0, count: (width + 1) * height)
    let isGray = picture.rgb.withUnsafeBufferPointer { rgb -> Bool in
      var source = 0
      var target = 0
      for _ in 0..<height {
        rows[target] = 0
        target += 1
        for _ in 0..<width {
          let value = rgb[source]
          guard rgb[source + 1] == value, rgb[source + 2] == value else { return false }
          rows[target] = value
          source += 3
          target += 1
        }
      }
      return true
    }
    guard isGray, let data = KittyImage.deflated(rows, level: 6) else { return nil }
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    header += [8, 0, 0, 0, 0]  // 8 bits, gray, deflate, adaptive filters, no interlace
    png += chunk("IHDR", header)
    png += chunk("IDAT", data)
    png += chunk("IEND", [])
    return png
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// A PNG chunk: length, type, data, and the CRC of type and data.
  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
    return bigEndian(UInt32(data.count)) + typed + bigEndian(UInt32(crc))
  }
}
