import CPoppler
import FolioCore
import FolioRaster

/// A one-page document made of a PNG raster: for measuring the block rasterizer on exactly the
/// pixels another tool was given (`folio-bench --print-page --measure-raster`), so the comparison
/// is of the cell fitting alone, not of two PDF renderers.
public final class RasterDocument: DocumentSource {
  private let surface: OpaquePointer
  /// The raster's size in pixels, used as the page's size in points.
  private let pixelSize: PixelSize

  /// Loads the PNG at `path`.
  public init(pngAt path: String) throws(DocumentError) {
    guard let surface = cairo_image_surface_create_from_png(path),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else {
      throw DocumentError.renderFailed(reason: "cannot read the PNG image \(path)")
    }
    self.surface = surface
    pixelSize = PixelSize(
      width: Int(cairo_image_surface_get_width(surface)),
      height: Int(cairo_image_surface_get_height(surface)))
  }

  deinit { cairo_surface_destroy(surface) }

  public var pageCount: Int { 1 }
  public var title: String? { nil }
  public func pageLabel(at page: PageIndex) -> String? { nil }
  public func pageIndex(forLabel label: String) -> PageIndex? { nil }

  public func pageSize(at page: PageIndex) -> PointSize {
    PointSize(width: Double(pixelSize.width), height: Double(pixelSize.height)).sanitized
  }

  /// The raster scaled to `size` with cairo's best filter (box-averaging when shrinking), on
  /// white paper.
  public func render(_ page: PageIndex, region: PageRegion, size: PixelSize) throws -> RGBAImage {
    guard page.rawValue == 0 else { throw DocumentError.pageOutOfRange(page, pageCount: 1) }
    guard !size.isEmpty else { return RGBAImage(size: size) }
    let drawn = PageRasterizer.image(size: size) { target in
      let context = cairo_create(target)
      defer { cairo_destroy(context) }
      let width = region.width * Double(pixelSize.width)
      let height = region.height * Double(pixelSize.height)
      cairo_scale(context, Double(size.width) / width, Double(size.height) / height)
      cairo_translate(
        context, -region.x * Double(pixelSize.width), -region.y * Double(pixelSize.height))
      cairo_set_source_surface(context, surface, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_BEST)
      cairo_paint(context)
    }
    guard let drawn else {
      throw DocumentError.renderFailed(
        reason: "cairo could not make a \(size.width)x\(size.height) surface")
    }
    return drawn
  }
}
