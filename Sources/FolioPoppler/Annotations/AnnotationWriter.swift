import CPoppler
import Foundation

/// Makes one `AnnotationEdit` in a PDF with poppler-glib and saves the result to another file.
/// `poppler_document_save` writes an incremental update: the source's bytes unchanged, then
/// the changed objects and a new cross-reference section (measured; the writer's tests check
/// the prefix). Run only in the writer process (`folio --internal-annotate`), never in the
/// viewer or its sandboxed page workers.
///
/// Boxes arrive in points from the top-left corner of the page as shown; poppler-glib takes
/// annotation coordinates from the bottom-left corner of the page as shown (it undoes /Rotate
/// and adds the crop box's origin itself), so a box's vertical edges are flipped with the
/// shown page's height and nothing else.
public enum AnnotationWriter {
  /// Why the edit was not made: one line.
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line.
    public var description: String
  }

  /// Whom the annotations made are by (their /T).
  public static let author = "Folio"

  /// Opens `source`, makes `edit` and saves the whole document to `destination` (which it
  /// replaces). Returns the identity of the annotation made or edited, nil after a removal.
  public static func write(_ edit: AnnotationEdit, from source: String, to destination: String)
    throws(Failure) -> AnnotationIdentity?
  {
    if isEncrypted(source) { throw Failure(description: "\(source) is encrypted") }
    let document = try open(source)
    defer { folio_object_unref(UnsafeMutableRawPointer(document)) }
    let pageCount = Int(poppler_document_get_n_pages(document))
    guard (0..<pageCount).contains(edit.page) else {
      throw Failure(description: "page \(edit.page + 1) is not in \(source) (\(pageCount) pages)")
    }
    guard let page = poppler_document_get_page(document, Int32(edit.page)) else {
      throw Failure(description: "Poppler cannot read page \(edit.page + 1) of \(source)")
    }
    defer { folio_object_unref(UnsafeMutableRawPointer(page)) }
    let expectation = expectation(of: edit, in: document)
    let identity = try apply(edit, on: page, of: document)
    var error: UnsafeMutablePointer<GError>? = nil
    guard let uri = uri(for: destination),
      poppler_document_save(document, uri, &error) != 0
    else {
      let reason = error.map { String(cString: $0.pointee.message) } ?? "bad path"
      g_clear_error(&error)
      throw Failure(description: "cannot save \(destination): \(reason)")
    }
    try check(destination, expecting: expectation, made: identity, edit: edit)
    return identity
  }

  private static func apply(
    _ edit: AnnotationEdit, on page: OpaquePointer, of document: OpaquePointer
  )
    throws(Failure) -> AnnotationIdentity?
  {
    var width = 0.0
    var height = 0.0
    poppler_page_get_size(page, &width, &height)
    switch edit {
    case .markUp(let kind, _, let lines, let color, let note):
      guard kind.marksText, let bounds = AnnotationBox.union(lines) else {
        throw Failure(description: "\(kind.rawValue) does not mark up text")
      }
      let annotation = markUp(kind, lines: lines, bounds: bounds, height: height, in: document)
      return add(annotation, color: color, contents: note, to: page, edit: edit, height: height)
    case .addNote(_, let x, let y, let color, let text):
      guard x.isFinite, y.isFinite else { throw Failure(description: "a note needs a point") }
      var rect = PopplerRectangle(
        x1: x, y1: height - y - noteSide, x2: x + noteSide, y2: height - y)
      guard let annotation = poppler_annot_text_new(document, &rect) else {
        throw Failure(description: "Poppler cannot make a note")
      }
      return add(annotation, color: color, contents: text, to: page, edit: edit, height: height)
    case .remove(let identity):
      try withAnnotation(identity, on: page, height: height) { poppler_page_remove_annot(page, $0) }
      return nil
    case .editNote(let identity, let text):
      var found: AnnotationIdentity?
      try withAnnotation(identity, on: page, height: height) { annotation in
        poppler_annot_set_contents(annotation, text)
        found = shownIdentity(of: annotation, on: page, index: identity.page, height: height)
      }
      return found
    }
  }

  /// The side of a sticky note's icon, in points.
  static let noteSide = 20.0

  private static func markUp(
    _ kind: AnnotationEdit.Kind, lines: [AnnotationBox], bounds: AnnotationBox, height: Double,
    in document: OpaquePointer
  ) -> OpaquePointer? {
    let quadrilaterals = g_array_new(0, 0, guint(MemoryLayout<PopplerQuadrilateral>.stride))
    defer { g_array_unref(quadrilaterals) }
    for line in lines {
      // Top-left, top-right, bottom-left, bottom-right: the order viewers read.
      var quadrilateral = PopplerQuadrilateral(
        p1: PopplerPoint(x: line.left, y: height - line.top),
        p2: PopplerPoint(x: line.right, y: height - line.top),
        p3: PopplerPoint(x: line.left, y: height - line.bottom),
        p4: PopplerPoint(x: line.right, y: height - line.bottom))
      g_array_append_vals(quadrilaterals, &quadrilateral, 1)
    }
    var rect = PopplerRectangle(
      x1: bounds.left, y1: height - bounds.bottom, x2: bounds.right, y2: height - bounds.top)
    switch kind {
    case .underline: return poppler_annot_text_markup_new_underline(document, &rect, quadrilaterals)
    case .strikeOut: return poppler_annot_text_markup_new_strikeout(document, &rect, quadrilaterals)
    default: return poppler_annot_text_markup_new_highlight(document, &rect, quadrilaterals)
    }
  }

  private static func add(
    _ annotation: OpaquePointer?, color: AnnotationColor, contents: String?,
    to page: OpaquePointer, edit: AnnotationEdit, height: Double
  ) -> AnnotationIdentity? {
    guard let annotation else { return nil }
    defer { folio_object_unref(UnsafeMutableRawPointer(annotation)) }
    var popplerColor = PopplerColor(
      red: UInt16((color.red * 65535).rounded()), green: UInt16((color.green * 65535).rounded()),
      blue: UInt16((color.blue * 65535).rounded()))
    poppler_annot_set_color(annotation, &popplerColor)
    if let contents { poppler_annot_set_contents(annotation, contents) }
    poppler_annot_markup_set_label(annotation, author)
    poppler_page_add_annot(page, annotation)
    return shownIdentity(of: annotation, on: page, index: edit.page, height: height)
  }

  /// Runs `body` with the first annotation on `page` that `identity` names.
  private static func withAnnotation(
    _ identity: AnnotationIdentity, on page: OpaquePointer, height: Double,
    _ body: (OpaquePointer) -> Void
  ) throws(Failure) {
    var isFound = false
    forEach(matching: identity, on: page, height: height) { annotation in
      body(annotation)
      isFound = true
      return false
    }
    guard isFound else {
      throw Failure(description: "no such \(identity.kind.rawValue) on page \(identity.page + 1)")
    }
  }

  /// Calls `body` with each annotation on `page` that `identity` names, while it returns true.
  /// Rectangles are compared on the page as shown, so an annotation on a turned page (/Rotate)
  /// is found by the rectangle Folio's reader gave it.
  static func forEach(
    matching identity: AnnotationIdentity, on page: OpaquePointer, height: Double,
    _ body: (OpaquePointer) -> Bool
  ) {
    let mappings = poppler_page_get_annot_mapping(page)
    defer { poppler_page_free_annot_mapping(mappings) }
    let candidates = placements(in: mappings)
    let shown = ShownFrame(of: page, placing: candidates.map(\.placement))
    for candidate in candidates {
      guard
        var found = AnnotationReading.identity(
          of: candidate.annotation, page: identity.page, height: height)
      else { continue }
      if let box = shown?.box(of: candidate.placement.rectangle) { found.box = box }
      if identity.matches(
        kind: found.kind, box: found.box, contents: found.contents, name: found.name),
        !body(candidate.annotation)
      {
        return
      }
    }
  }

  static func open(_ path: String) throws(Failure) -> OpaquePointer {
    guard let uri = uri(for: path) else { throw Failure(description: "bad path \(path)") }
    var error: UnsafeMutablePointer<GError>? = nil
    guard let document = poppler_document_new_from_file(uri, nil, &error) else {
      let encrypted =
        error?.pointee.domain == folio_poppler_error_quark()
        && error?.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue)
      let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
      g_clear_error(&error)
      throw Failure(
        description: encrypted ? "\(path) is encrypted" : "Poppler cannot open \(path): \(reason)")
    }
    return document
  }

  /// Whether the file has an /Encrypt entry (a password, even an empty one, or only an owner
  /// password): Poppler would save its changes unencrypted into an encrypted file, so the
  /// writer leaves such files alone. A file merely mentioning `/Encrypt` in an uncompressed
  /// stream is refused too (erring on the side of writing nothing).
  static func isEncrypted(_ path: String) -> Bool {
    guard let bytes = FileManager.default.contents(atPath: path) else { return false }
    return bytes.range(of: Data("/Encrypt".utf8)) != nil
  }

  private static func uri(for path: String) -> String? {
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return PopplerDocument.takeString(g_filename_to_uri(absolute, nil, nil))
  }
}
