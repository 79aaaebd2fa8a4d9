import CPoppler
import FolioCore
import Foundation

/// A picture in iTerm2's inline image protocol (OSC 1337, also WezTerm and mintty): a PNG made
/// by cairo, in base64, sized to a cell rectangle. The cursor moves past it as past text.
public struct ITermImage: Sendable {
  /// The OSC sequence.
  public let bytes: [UInt8]

  /// Encodes `picture` to fill `cells`; nil when cairo cannot make the PNG.
  public init?(_ picture: PixelPicture, over cells: CellSize) {
    guard let png = PNGEncoder.png(picture) else { return nil }
    let header =
      "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(cells.columns);"
      + "height=\(cells.rows);preserveAspectRatio=0:"
    bytes = Array(header.utf8) + Array(Data(png).base64EncodedData()) + [0x07]
  }
}

/// PNG files from pixels, by cairo.
public enum PNGEncoder {
  /// `picture` as a PNG; nil when cairo fails.
  public static func png(_ picture: PixelPicture) -> [UInt8]? {
    let (width, height) = (Int32(picture.size.width), Int32(picture.size.height))
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height) else {
      return nil
    }
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else { return nil }
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    picture.rgb.withUnsafeBufferPointer { rgb in
      for y in 0..<picture.size.height {
        let row = data.advanced(by: y * stride)
        // CAIRO_FORMAT_RGB24: a native-endian 32-bit xRGB word a pixel.
        row.withMemoryRebound(to: UInt32.self, capacity: picture.size.width) { words in
          var source = y * picture.size.width * 3
          for x in 0..<picture.size.width {
            words[x] =
              UInt32(rgb[source]) << 16 | UInt32(rgb[source + 1]) << 8 | UInt32(rgb[source + 2])
            source += 3
          }
        }
      }
    }
    cairo_surface_mark_dirty(surface)
    final class Sink {
      var bytes: [UInt8] = []
    }
    let sink = Sink()
    let status = cairo_surface_write_to_png_stream(
      surface,
      { context, data, length in
        guard let context, let data else { return CAIRO_STATUS_WRITE_ERROR }
        Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().bytes.append(
          contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
      }, Unmanaged.passUnretained(sink).toOpaque())
    return status == CAIRO_STATUS_SUCCESS ? sink.bytes : nil
  }
}
