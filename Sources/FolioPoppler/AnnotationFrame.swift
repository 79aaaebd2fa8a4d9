import CPoppler
import FolioCore

/// Where Poppler places an annotation: its rectangle in the page's user space less the crop
/// box's origin (y upwards, rotation not applied), and the area `poppler_page_get_annot_mapping`
/// gives it (the same rectangle with the page's rotation applied, y upwards).
struct AnnotationPlacement {
  var rectangle: PopplerRectangle
  var area: PopplerRectangle
}

/// What turns a point of an annotation (user space less the crop box's origin, as Poppler's
/// rectangles and quadrilaterals give it) into fractions of the page as displayed, from its
/// top-left corner, as Folio's text boxes are. poppler-glib does not say a page's /Rotate: it is
/// the quarter turn that carries the annotations' rectangles onto the areas Poppler's mapping
/// gives them (the one that fits the page's shown size, 0 when nothing tells).
struct AnnotationFrame {
  var width: Double
  var height: Double
  /// Quarter turns clockwise, 0…3.
  var quarterTurns: Int

  init?(of page: OpaquePointer, placing placements: [AnnotationPlacement]) {
    var crop = PopplerRectangle()
    poppler_page_get_crop_box(page, &crop)
    var shownWidth = 0.0
    var shownHeight = 0.0
    poppler_page_get_size(page, &shownWidth, &shownHeight)
    width = abs(crop.x2 - crop.x1)
    height = abs(crop.y2 - crop.y1)
    guard width > 0, height > 0, width.isFinite, height.isFinite,
      shownWidth > 0, shownHeight > 0
    else { return nil }
    func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(abs(a), abs(b), 1) }
    let isQuarterTurned =
      !same(width, height) && same(shownWidth, height) && same(shownHeight, width)
    quarterTurns = 0
    var best = (turns: isQuarterTurned ? 1 : 0, error: Double.infinity)
    for turns in isQuarterTurned ? [1, 3] : same(width, height) ? [0, 1, 2, 3] : [0, 2] {
      quarterTurns = turns
      var error = 0.0
      for placement in placements {
        let region = self.region(placement.rectangle)
        let area = placement.area
        error += abs(region.x - min(area.x1, area.x2) / shownWidth)
        error += abs(region.y - (1 - max(area.y1, area.y2) / shownHeight))
        error += abs(region.width - abs(area.x2 - area.x1) / shownWidth)
        error += abs(region.height - abs(area.y2 - area.y1) / shownHeight)
      }
      if error < best.error - 1e-9 { best = (turns, error) }
    }
    quarterTurns = best.turns
  }

  /// A point of user space (less the crop box's origin) in page fractions.
  func point(x: Double, y: Double) -> UnitPoint {
    let u = x / width
    let v = 1 - y / height
    switch quarterTurns {
    case 1: return UnitPoint(x: 1 - v, y: u)
    case 2: return UnitPoint(x: 1 - u, y: 1 - v)
    case 3: return UnitPoint(x: v, y: 1 - u)
    default: return UnitPoint(x: u, y: v)
    }
  }

  /// A rectangle of user space in page fractions.
  func region(_ rectangle: PopplerRectangle) -> PageRegion {
    let corners = [
      point(x: rectangle.x1, y: rectangle.y1), point(x: rectangle.x2, y: rectangle.y2),
    ]
    let left = corners.map(\.x).min() ?? 0
    let top = corners.map(\.y).min() ?? 0
    return PageRegion(
      x: left, y: top, width: (corners.map(\.x).max() ?? 0) - left,
      height: (corners.map(\.y).max() ?? 0) - top)
  }

  /// A quadrilateral of user space in page fractions, its corners in the same order.
  func quadrilateral(_ quad: PopplerQuadrilateral) -> PageQuadrilateral {
    PageQuadrilateral(
      point(x: quad.p1.x, y: quad.p1.y), point(x: quad.p2.x, y: quad.p2.y),
      point(x: quad.p3.x, y: quad.p3.y), point(x: quad.p4.x, y: quad.p4.y))
  }
}
