import CPoppler
import FolioCore

/// Renders one Poppler page, or a region of it, into an RGBA image of an exact pixel size
/// through a cairo image surface painted white first.
enum PageRasterizer {
  /// Returns nil when cairo cannot make the surface (absurd sizes, out of memory).
  static func render(
    _ page: OpaquePointer, pageSize: PointSize, region: PageRegion, size: PixelSize,
    keepsHairlinesThin: Bool = true
  ) -> RGBAImage? {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
    // Poppler widens strokes thinner than one device unit to a whole unit (its stroke
    // adjustment for screens), which turns hairlines into solid pixel rows in small renders.
    // By default a device unit the size of a 150 dpi pixel (at most 4 per pixel, never more than one
    // pixel) keeps hairlines at the weight they have on a screen, scaled down with the page,
    // while images keep Poppler's box-filtered downscaling (docs/benchmarks.md).
    let regionWidth = region.width * pageSize.width
    let regionHeight = region.height * pageSize.height
    let pointsPerPixel = regionWidth / Double(max(size.width, 1))
    // With `keepsHairlinesThin` off, one unit per pixel: exactly Poppler's own raster.
    let unitsPerPixel = keepsHairlinesThin ? min(4, max(1, pointsPerPixel * 150 / 72)) : 1
    cairo_surface_set_device_scale(surface, 1 / unitsPerPixel, 1 / unitsPerPixel)
    let context = cairo_create(surface)
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_paint(context)
    cairo_scale(
      context, unitsPerPixel * Double(size.width) / regionWidth,
      unitsPerPixel * Double(size.height) / regionHeight)
    cairo_translate(context, -region.x * pageSize.width, -region.y * pageSize.height)
    poppler_page_render(page, context)
    cairo_destroy(context)
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return nil }
    let stride = Int(cairo_image_surface_get_stride(surface))
    var image = RGBAImage(size: size, fill: .white)
    image.withUnsafeMutableBytes { out in
      for y in 0..<size.height {
        let row = data + y * stride
        var o = y * size.width * 4
        for x in 0..<size.width {
          // ARGB32 is native-endian: B, G, R, A in memory on little-endian machines, and
          // premultiplied; painting white first leaves every pixel opaque.
          let p = row + x * 4
          out[o] = p[2]
          out[o + 1] = p[1]
          out[o + 2] = p[0]
          out[o + 3] = p[3]
          o += 4
        }
      }
    }
    return image
  }
}
