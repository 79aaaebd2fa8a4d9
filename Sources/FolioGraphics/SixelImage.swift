import CSixel
import FolioCore

/// A picture as sixel, encoded by libsixel: a palette of up to 256 colors chosen for the
/// picture, dithered. The terminal draws it from the cursor down and right.
public struct SixelImage: Sendable {
  /// The DCS sequence.
  public let bytes: [UInt8]

  /// Encodes `picture`; nil when libsixel fails.
  public init?(_ picture: PixelPicture) {
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
    let (width, height) = (Int32(picture.size.width), Int32(picture.size.height))
    let encoded = pixels.withUnsafeMutableBufferPointer { buffer -> Bool in
      guard
        sixel_dither_initialize(
          dither, buffer.baseAddress, width, height, SIXEL_PIXELFORMAT_RGB888, SIXEL_LARGE_AUTO,
          SIXEL_REP_AUTO, SIXEL_QUALITY_AUTO) == SIXEL_OK
      else { return false }
      return sixel_encode(buffer.baseAddress, width, height, 3, dither, output) == SIXEL_OK
    }
    guard encoded, !sink.bytes.isEmpty else { return nil }
    bytes = sink.bytes
  }
}
