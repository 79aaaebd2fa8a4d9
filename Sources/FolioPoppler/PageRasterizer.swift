import CPoppler
import FolioCore
import FolioRaster

/// Renders one Poppler page, or a region of it, into an RGBA image of an exact pixel size
/// through a cairo image surface painted white first.
enum PageRasterizer {
  /// Returns nil for sizes cairo cannot draw (empty, or a side over 32,767 pixels) and when
  /// cairo cannot make the surface.
  static func render(
    _ page: OpaquePointer, pageSize: PointSize, region: PageRegion, size: PixelSize,
    keepsHairlinesThin: Bool = true
  ) -> RGBAImage? {
    image(size: size) { surface in
      draw(
        page, pageSize: pageSize, region: region, size: size, on: surface,
        keepsHairlinesThin: keepsHairlinesThin)
    }
  }

  /// An image of exactly `size` pixels: white paper, then whatever `draw` paints on the cairo
  /// surface it is given. cairo draws straight into the image's memory (ARGB32 rows of exactly
  /// width * 4 bytes), which is handed over as drawn: no second bitmap, no copy, and no pass
  /// that reorders the bytes (docs/decisions.md). ARGB32 is premultiplied, but over opaque
  /// paper every pixel stays opaque, where premultiplied and straight are the same bytes.
  /// Nil for sizes cairo cannot draw (empty, or a side over 32,767 pixels).
  static func image(size: PixelSize, draw: (OpaquePointer) -> Void) -> RGBAImage? {
    let largestSide = 32_767  // cairo's limit for image surfaces
    guard (1...largestSide).contains(size.width), (1...largestSide).contains(size.height),
      cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(size.width)) == Int32(size.width * 4)
    else { return nil }
    var drawn = false
    let image = RGBAImage(size: size, channelOrder: cairoOrder) { bytes in
      guard let base = bytes.baseAddress else { return }
      guard
        let surface = cairo_image_surface_create_for_data(
          base, CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height), Int32(size.width * 4)),
        cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
      else {
        bytes.update(repeating: 255)
        return
      }
      defer { cairo_surface_destroy(surface) }
      // The memory starts uninitialized: the white paper replaces it (source, not over).
      let paper = cairo_create(surface)
      cairo_set_operator(paper, CAIRO_OPERATOR_SOURCE)
      cairo_set_source_rgb(paper, 1, 1, 1)
      cairo_paint(paper)
      cairo_destroy(paper)
      draw(surface)
      cairo_surface_flush(surface)
      drawn = true
    }
    return drawn ? image : nil
  }

  /// Paints the page region onto `surface`, scaled to `size`.
  private static func draw(
    _ page: OpaquePointer, pageSize: PointSize, region: PageRegion, size: PixelSize,
    on surface: OpaquePointer, keepsHairlinesThin: Bool
  ) {
    // Poppler widens strokes thinner than one device unit to a whole unit (its stroke adjustment
    // for screens), which turns hairlines into solid pixel rows in small renders. By default a
    // device unit the size of a 150 dpi pixel (at most 4 per pixel, never more than one pixel)
    // keeps hairlines at the weight they have on a screen, scaled down with the page, while images
    // keep Poppler's box-filtered downscaling (docs/decisions.md).
    let regionWidth = region.width * pageSize.width
    let regionHeight = region.height * pageSize.height
    let pointsPerPixel = regionWidth / Double(max(size.width, 1))
    // With `keepsHairlinesThin` off, one unit per pixel: exactly Poppler's own raster.
    let unitsPerPixel = keepsHairlinesThin ? min(4, max(1, pointsPerPixel * 150 / 72)) : 1
    cairo_surface_set_device_scale(surface, 1 / unitsPerPixel, 1 / unitsPerPixel)
    let context = cairo_create(surface)
    defer { cairo_destroy(context) }
    cairo_scale(
      context, unitsPerPixel * Double(size.width) / regionWidth,
      unitsPerPixel * Double(size.height) / regionHeight)
    cairo_translate(context, -region.x * pageSize.width, -region.y * pageSize.height)
    poppler_page_render(page, context)
  }

  /// The byte order of cairo's ARGB32, a native-endian 32-bit word per pixel.
  #if _endian(little)
    static let cairoOrder = ChannelOrder.bgra
  #else
    #error("ARGB32 is A, R, G, B in memory on a big-endian machine: add that order to ChannelOrder")
  #endif
}
