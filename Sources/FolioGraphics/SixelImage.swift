import CSixel
import FolioCore

/// A picture as sixel, encoded by libsixel: a palette of up to 256 colors chosen for the
/// picture, dithered. The terminal draws it from the cursor down and right.
public struct SixelImage: Sendable {
  /// The DCS sequence.
  public let bytes: [UInt8]

  /// Encodes `picture`; nil when libsixel fails.
  public init?(_ picture: PixelPicture) {
    guard
      let whole = Self.encode(
        picture,
        parts: [CellRect(x: 0, y: 0, columns: picture.size.width, rows: picture.size.height)]
      )?.first
    else { return nil }
    bytes = whole
  }

  /// Encodes the parts of `picture` in `parts` (rectangles of its pixels, each inside it) as
  /// one sixel image each, all with the palette chosen for the whole picture, so that tiles
  /// side by side show no seam; nil when libsixel fails.
  public static func tiles(of picture: PixelPicture, parts: [CellRect]) -> [[UInt8]]? {
    encode(picture, parts: parts)
  }

  private static func encode(_ picture: PixelPicture, parts: [CellRect]) -> [[UInt8]]? {
    final class Sink {
      var bytes: [UInt8] = []
    }
    let sink = Sink()
    var pixels = picture.rgb
    var output: OpaquePointer?
    var dither: OpaquePointer?
    let write: sixel_write_function = { data, size, context in
      guard let data, let context, size > 0 else { return 0 }
      let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
      data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) {
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(size)))
      }
      return size
    }
    let context = Unmanaged.passUnretained(sink).toOpaque()
    guard sixel_output_new(&output, write, context, nil) == SIXEL_OK, let output else {
      return nil
    }
    defer { sixel_output_unref(output) }
    guard sixel_dither_new(&dither, 256, nil) == SIXEL_OK, let dither else { return nil }
    defer { sixel_dither_unref(dither) }
    let (width, height) = (picture.size.width, picture.size.height)
    let initialized = pixels.withUnsafeMutableBufferPointer { buffer -> Bool in
      sixel_dither_initialize(
        dither, buffer.baseAddress, Int32(width), Int32(height), SIXEL_PIXELFORMAT_RGB888,
        SIXEL_LARGE_AUTO, SIXEL_REP_AUTO, SIXEL_QUALITY_AUTO) == SIXEL_OK
    }
    guard initialized else { return nil }
    var encoded: [[UInt8]] = []
    for part in parts {
      guard part.minX >= 0, part.minY >= 0, part.maxX <= width, part.maxY <= height,
        !part.isEmpty
      else { return nil }
      var tile: [UInt8] = []
      tile.reserveCapacity(part.size.columns * part.size.rows * 3)
      for y in part.minY..<part.maxY {
        let start = (y * width + part.minX) * 3
        tile += pixels[start..<start + part.size.columns * 3]
      }
      sink.bytes = []
      let done = tile.withUnsafeMutableBufferPointer { buffer in
        sixel_encode(
          buffer.baseAddress, Int32(part.size.columns), Int32(part.size.rows), 3, dither, output)
          == SIXEL_OK
      }
      guard done, !sink.bytes.isEmpty else { return nil }
      encoded.append(sink.bytes)
    }
    return encoded
  }
}
