import CZlib
import FolioCore

/// A PNG of a picture of at most 256 colors (every gray page; most text pages, their links
/// and rules colored): 8-bit gray when every color is gray, else a palette, one byte a pixel
/// where RGB takes three; each row with filter "none" (text gains little from the others),
/// deflated at level 6.
public enum IndexedPNG {
  /// The most colors a picture may have to be sent this way: past 256, the rare ones (edges
  /// of anti-aliased letters and rules) take the nearest of the 256 most used.
  public static let mostColors = 4096

  /// The PNG; nil for a picture of more than `mostColors` colors (a photograph: sent as RGB),
  /// or when zlib fails.
  public static func png(_ picture: PixelPicture) -> [UInt8]? {
    let (width, height) = (picture.size.width, picture.size.height)
    guard let counts = colorCounts(picture) else { return nil }
    let palette = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(256).map(\.key)
    var indexes: [UInt32: UInt8] = [:]
    for (index, color) in palette.enumerated() { indexes[color] = UInt8(index) }
    for color in counts.keys where indexes[color] == nil {
      indexes[color] = nearest(color, in: palette)
    }
    var rows = [UInt8](repeating: 0, count: (width + 1) * height)
    picture.rgb.withUnsafeBufferPointer { rgb in
      var source = 0
      var target = 0
      var last: (color: UInt32, index: UInt8) = (UInt32.max, 0)
      for _ in 0..<height {
        rows[target] = 0
        target += 1
        for _ in 0..<width {
          let color =
            UInt32(rgb[source]) << 16 | UInt32(rgb[source + 1]) << 8 | UInt32(rgb[source + 2])
          if color != last.color { last = (color, indexes[color] ?? 0) }
          rows[target] = last.index
          source += 3
          target += 1
        }
      }
    }
    let isGray = palette.allSatisfy { $0 >> 16 == $0 >> 8 & 0xFF && $0 >> 8 & 0xFF == $0 & 0xFF }
    if isGray {
      // The gray level itself, not its index.
      for index in rows.indices where index % (width + 1) != 0 {
        rows[index] = UInt8(palette[Int(rows[index])] & 0xFF)
      }
    }
    let colors = palette.flatMap { [UInt8($0 >> 16), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
    return file(picture.size, rows: rows, type: isGray ? 0 : 3, palette: isGray ? nil : colors)
  }

  /// `picture` as a PNG of any number of colors: as `png` makes it, else 8-bit RGB (each row
  /// with filter "none", deflated at level 6) for a photograph; nil when zlib fails.
  public static func anyPNG(_ picture: PixelPicture) -> [UInt8]? {
    if let png = png(picture) { return png }
    let width = picture.size.width * 3
    var rows = [UInt8](repeating: 0, count: (width + 1) * picture.size.height)
    for y in 0..<picture.size.height {
      rows.replaceSubrange(
        (width + 1) * y + 1..<(width + 1) * (y + 1), with: picture.rgb[width * y..<width * (y + 1)])
    }
    return file(picture.size, rows: rows, type: 2, palette: nil)
  }

  /// The PNG file of filtered `rows` of 8-bit samples of color `type` (0 gray, 2 RGB,
  /// 3 palette), with `palette` for type 3; nil when zlib fails.
  private static func file(_ size: PixelSize, rows: [UInt8], type: UInt8, palette: [UInt8]?)
    -> [UInt8]?
  {
    guard let data = KittyImage.deflated(rows, level: 6) else { return nil }
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    // 8 bits, the color type, deflate, adaptive filters, no interlace.
    let header =
      bigEndian(UInt32(size.width)) + bigEndian(UInt32(size.height)) + [8, type, 0, 0, 0]
    png += chunk("IHDR", header)
    if let palette { png += chunk("PLTE", palette) }
    png += chunk("IDAT", data)
    png += chunk("IEND", [])
    return png
  }

  /// How often each color is used; nil past `mostColors` colors.
  private static func colorCounts(_ picture: PixelPicture) -> [UInt32: Int]? {
    var counts: [UInt32: Int] = [:]
    counts.reserveCapacity(512)
    let complete = picture.rgb.withUnsafeBufferPointer { rgb -> Bool in
      var source = 0
      var last = UInt32.max
      var run = 0
      while source < rgb.count {
        let color =
          UInt32(rgb[source]) << 16 | UInt32(rgb[source + 1]) << 8 | UInt32(rgb[source + 2])
        source += 3
        if color == last {
          run += 1
          continue
        }
        if run > 0 { counts[last, default: 0] += run }
        guard counts.count <= mostColors else { return false }
        (last, run) = (color, 1)
      }
      if run > 0 { counts[last, default: 0] += run }
      return counts.count <= mostColors
    }
    return complete ? counts : nil
  }

  /// The index of the color of `palette` nearest `color`.
  private static func nearest(_ color: UInt32, in palette: [UInt32]) -> UInt8 {
    func distance(_ a: UInt32, _ b: UInt32) -> Int {
      var total = 0
      for shift in [16, 8, 0] as [UInt32] {
        let difference = Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF)
        total += difference * difference
      }
      return total
    }
    let best = palette.indices.min { distance(palette[$0], color) < distance(palette[$1], color) }
    return UInt8(best ?? 0)
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
