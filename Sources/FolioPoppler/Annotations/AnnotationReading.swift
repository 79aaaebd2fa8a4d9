import CPoppler

/// Reads an annotation's identity (kind, rectangle, note, /NM name) through poppler-glib.
enum AnnotationReading {
  /// The identity of `annotation` on page `page` whose shown height is `height` points.
  static func identity(of annotation: OpaquePointer, page: Int, height: Double)
    -> AnnotationIdentity?
  {
    var rect = PopplerRectangle()
    poppler_annot_get_rectangle(annotation, &rect)
    let box = AnnotationBox(
      left: min(rect.x1, rect.x2), top: height - max(rect.y1, rect.y2),
      right: max(rect.x1, rect.x2), bottom: height - min(rect.y1, rect.y2))
    let contents = PopplerDocument.takeString(poppler_annot_get_contents(annotation)) ?? ""
    let name = PopplerDocument.takeString(poppler_annot_get_name(annotation))
    return AnnotationIdentity(
      page: page, kind: kind(of: annotation), box: box, contents: contents,
      name: name?.isEmpty == true ? nil : name)
  }

  /// The kind of `annotation`.
  static func kind(of annotation: OpaquePointer) -> AnnotationEdit.Kind {
    switch poppler_annot_get_annot_type(annotation) {
    case POPPLER_ANNOT_HIGHLIGHT: .highlight
    case POPPLER_ANNOT_UNDERLINE: .underline
    case POPPLER_ANNOT_STRIKE_OUT: .strikeOut
    case POPPLER_ANNOT_SQUIGGLY: .squiggly
    case POPPLER_ANNOT_TEXT: .note
    default: .other
    }
  }
}
