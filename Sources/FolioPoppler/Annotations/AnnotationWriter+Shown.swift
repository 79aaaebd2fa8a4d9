import CPoppler

/// Where the writer's annotations are on the page as shown: identities name an annotation by
/// its rectangle in points from the top-left of the page as shown (after /Rotate), as Folio's
/// reader gives it, whatever the page's turn.
extension AnnotationWriter {
  /// A page's frame (`AnnotationFrame`) and its shown size.
  struct ShownFrame {
    var frame: AnnotationFrame
    var width: Double
    var height: Double

    init?(of page: OpaquePointer, placing placements: [AnnotationPlacement]) {
      guard let frame = AnnotationFrame(of: page, placing: placements) else { return nil }
      self.frame = frame
      width = 0
      height = 0
      poppler_page_get_size(page, &width, &height)
    }

    /// A rectangle of Poppler's (user space less the crop box's origin) in shown points.
    func box(of rectangle: PopplerRectangle) -> AnnotationBox {
      let shown = frame.region(rectangle)
      return AnnotationBox(
        left: shown.x * width, top: shown.y * height, right: (shown.x + shown.width) * width,
        bottom: (shown.y + shown.height) * height)
    }
  }

  /// Each annotation of a page's annotation mapping with where Poppler places it.
  static func placements(in mappings: UnsafeMutablePointer<GList>?)
    -> [(annotation: OpaquePointer, placement: AnnotationPlacement)]
  {
    var found: [(annotation: OpaquePointer, placement: AnnotationPlacement)] = []
    var node = mappings
    while let current = node {
      if let mapping = current.pointee.data?.assumingMemoryBound(to: PopplerAnnotMapping.self),
        let annotation = mapping.pointee.annot
      {
        var rectangle = PopplerRectangle()
        poppler_annot_get_rectangle(annotation, &rectangle)
        found.append(
          (annotation, AnnotationPlacement(rectangle: rectangle, area: mapping.pointee.area)))
      }
      node = current.pointee.next
    }
    return found
  }

  /// The identity of `annotation`, on page `index` (`page`), with its box as shown.
  static func shownIdentity(
    of annotation: OpaquePointer, on page: OpaquePointer, index: Int, height: Double
  ) -> AnnotationIdentity? {
    guard var identity = AnnotationReading.identity(of: annotation, page: index, height: height)
    else { return nil }
    let mappings = poppler_page_get_annot_mapping(page)
    defer { poppler_page_free_annot_mapping(mappings) }
    var rectangle = PopplerRectangle()
    poppler_annot_get_rectangle(annotation, &rectangle)
    let shown = ShownFrame(of: page, placing: placements(in: mappings).map(\.placement))
    if let box = shown?.box(of: rectangle) { identity.box = box }
    return identity
  }
}
