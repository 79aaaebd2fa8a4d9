import CPoppler
import FolioCore

extension PopplerDocument {
  /// The annotations of every page, page by page, each page's in the order the PDF lists them.
  public func annotations() -> [DocumentAnnotation] {
    (0..<pageCount).flatMap { annotations(at: PageIndex($0)) }
  }

  /// The annotations of `page` in the order the PDF lists them (links, form fields and pop-up
  /// windows left out), with the text each text markup marks; none for a page Poppler cannot
  /// load.
  public func annotations(at page: PageIndex) -> [DocumentAnnotation] {
    let read = withPage(page) { poppler in Self.readAnnotations(of: poppler) } ?? []
    guard !read.isEmpty else { return [] }
    let frame = withPage(page) { AnnotationFrame(of: $0, placing: read.map(\.placement)) } ?? nil
    // The page's text only for a page with marked text: reading it runs through the page.
    let text = read.contains { $0.kind.marksText } ? text(at: page) : .empty
    let size = pageSize(at: page)
    return read.compactMap { annotation in
      guard let frame else { return nil }
      let quadrilaterals = annotation.quadrilaterals.map { frame.quadrilateral($0) }
      return DocumentAnnotation(
        page: page, kind: annotation.kind, rectangle: frame.region(annotation.placement.rectangle),
        quadrilaterals: quadrilaterals, color: annotation.color, author: annotation.author,
        modified: annotation.modified, note: annotation.note, name: annotation.name,
        markedText: annotation.kind.marksText
          ? MarkedText.text(in: text, under: quadrilaterals) : "",
        pageSize: size)
    }
  }

  /// What Poppler says of one annotation, in its coordinates.
  struct RawAnnotation {
    var kind: AnnotationKind
    var placement: AnnotationPlacement
    var quadrilaterals: [PopplerQuadrilateral]
    var color: RGBA?
    var author: String?
    var modified: String?
    var note: String?
    var name: String?
  }

  /// Calls `body` with each annotation of `page` that `annotations(at:)` reads (links, form
  /// fields and pop-ups left out), the area Poppler maps it to and its kind; returns how many
  /// there were. The one walk over a page's annotation mapping.
  @discardableResult
  static func eachAnnotation(
    of page: OpaquePointer, _ body: (OpaquePointer, PopplerRectangle, AnnotationKind) -> Void
  ) -> Int {
    guard let mapping = poppler_page_get_annot_mapping(page) else { return 0 }
    defer { poppler_page_free_annot_mapping(mapping) }
    var count = 0
    var node: UnsafeMutablePointer<GList>? = mapping
    while let current = node {
      node = current.pointee.next
      guard let data = current.pointee.data else { continue }
      let entry = data.assumingMemoryBound(to: PopplerAnnotMapping.self).pointee
      guard let annot = entry.annot, let kind = kind(of: poppler_annot_get_annot_type(annot))
      else { continue }
      count += 1
      body(annot, entry.area, kind)
    }
    return count
  }

  private static func readAnnotations(of page: OpaquePointer) -> [RawAnnotation] {
    var annotations: [RawAnnotation] = []
    eachAnnotation(of: page) { annot, area, kind in
      var rectangle = PopplerRectangle()
      poppler_annot_get_rectangle(annot, &rectangle)
      annotations.append(
        RawAnnotation(
          kind: kind, placement: AnnotationPlacement(rectangle: rectangle, area: area),
          quadrilaterals: kind.marksText ? quadrilaterals(of: annot) : [],
          color: color(of: annot),
          author: isMarkup(kind) ? takeString(poppler_annot_markup_get_label(annot)) : nil,
          modified: takeString(poppler_annot_get_modified(annot)).flatMap(nonEmpty),
          note: takeString(poppler_annot_get_contents(annot)).flatMap(nonEmpty),
          name: takeString(poppler_annot_get_name(annot)).flatMap(nonEmpty)))
    }
    return annotations
  }

  private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

  /// The kind of a Poppler annotation type; nil for the ones that are not annotations here.
  static func kind(of type: PopplerAnnotType) -> AnnotationKind? {
    switch type {
    case POPPLER_ANNOT_LINK, POPPLER_ANNOT_WIDGET, POPPLER_ANNOT_POPUP: nil
    case POPPLER_ANNOT_HIGHLIGHT: .highlight
    case POPPLER_ANNOT_UNDERLINE: .underline
    case POPPLER_ANNOT_SQUIGGLY: .squiggly
    case POPPLER_ANNOT_STRIKE_OUT: .strikeOut
    case POPPLER_ANNOT_TEXT: .note
    case POPPLER_ANNOT_FREE_TEXT: .freeText
    case POPPLER_ANNOT_INK: .ink
    case POPPLER_ANNOT_LINE: .other("line")
    case POPPLER_ANNOT_SQUARE: .other("square")
    case POPPLER_ANNOT_CIRCLE: .other("circle")
    case POPPLER_ANNOT_POLYGON: .other("polygon")
    case POPPLER_ANNOT_POLY_LINE: .other("polyline")
    case POPPLER_ANNOT_STAMP: .other("stamp")
    case POPPLER_ANNOT_CARET: .other("caret")
    case POPPLER_ANNOT_FILE_ATTACHMENT: .other("file-attachment")
    case POPPLER_ANNOT_SOUND: .other("sound")
    case POPPLER_ANNOT_MOVIE: .other("movie")
    case POPPLER_ANNOT_SCREEN: .other("screen")
    case POPPLER_ANNOT_PRINTER_MARK: .other("printer-mark")
    case POPPLER_ANNOT_TRAP_NET: .other("trap-net")
    case POPPLER_ANNOT_WATERMARK: .other("watermark")
    case POPPLER_ANNOT_3D: .other("3d")
    default: .other("unknown")
    }
  }

  /// Whether poppler-glib 22.12 reads the kind as a markup annotation, the only ones it
  /// gives the author of (ink, polygons, stamps and carets are plain annotations to it).
  private static func isMarkup(_ kind: AnnotationKind) -> Bool {
    switch kind {
    case .highlight, .underline, .squiggly, .strikeOut, .note, .freeText, .other("line"),
      .other("square"), .other("circle"), .other("file-attachment"):
      true
    default: false
    }
  }

  private static func quadrilaterals(of annot: OpaquePointer) -> [PopplerQuadrilateral] {
    guard let array = poppler_annot_text_markup_get_quadrilaterals(annot) else { return [] }
    defer { g_array_free(array, 1) }
    let count = Int(array.pointee.len)
    guard count > 0, let data = array.pointee.data else { return [] }
    return data.withMemoryRebound(to: PopplerQuadrilateral.self, capacity: count) {
      Array(UnsafeBufferPointer(start: $0, count: count))
    }
  }

  private static func color(of annot: OpaquePointer) -> RGBA? {
    guard let color = poppler_annot_get_color(annot) else { return nil }
    defer { g_free(color) }
    func byte(_ value: guint16) -> UInt8 { UInt8(value >> 8) }
    return RGBA(
      red: byte(color.pointee.red), green: byte(color.pointee.green),
      blue: byte(color.pointee.blue))
  }
}
