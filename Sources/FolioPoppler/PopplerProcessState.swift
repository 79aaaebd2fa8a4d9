import CPoppler

/// State Poppler keeps for the whole process and makes, unguarded, on the first render:
/// made here once, by one thread, before any document exists to render on another.
///
/// Poppler 22.12 (like later versions) creates its color-management profiles the first time
/// it builds a graphics state (`GfxState`'s constructor assigns two static `shared_ptr`s after
/// an unlocked null test). Two render threads starting their first pages together can both
/// see null and assign at once, which corrupts the heap now and then. Rendering one empty
/// page of a built-in PDF first makes them, and every later render only reads them
/// (docs/decisions.md, "Poppler's process-wide state is made before any render").
enum PopplerProcessState {
  /// Makes the state unless it has been made; returns once it has. Safe from any thread:
  /// the first caller makes it and any other caller waits for it.
  static func prepare() {
    _ = prepared
  }

  /// Whether the empty page was rendered: false before `prepare()`, and after it only if
  /// Poppler could not open or render the built-in PDF (for tests). Written once, inside
  /// `prepared`'s initialization.
  nonisolated(unsafe) private(set) static var isPrepared = false

  /// Initialized once for the process, thread-safely, by Swift's lazy global initialization
  /// (other threads wait for the first).
  private static let prepared: Void = { isPrepared = renderEmptyPage() }()

  /// Opens the built-in one-page PDF and renders it into one pixel. False if Poppler or cairo
  /// refused.
  private static func renderEmptyPage() -> Bool {
    let pdf = emptyDocument()
    guard
      let bytes = pdf.withUnsafeBytes({ g_bytes_new($0.baseAddress, gsize($0.count)) })
    else { return false }
    defer { g_bytes_unref(bytes) }
    guard let document = poppler_document_new_from_bytes(bytes, nil, nil) else { return false }
    defer { folio_object_unref(UnsafeMutableRawPointer(document)) }
    guard let page = poppler_document_get_page(document, 0) else { return false }
    defer { folio_object_unref(UnsafeMutableRawPointer(page)) }
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { return false }
    defer { cairo_surface_destroy(surface) }
    let context = cairo_create(surface)
    defer { cairo_destroy(context) }
    poppler_page_render(page, context)
    return true
  }

  /// A well-formed PDF of one empty 1 x 1 point page (its cross-reference offsets computed,
  /// so Poppler reads it without repairing it or printing a warning).
  static func emptyDocument() -> [UInt8] {
    let objects = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 1 1] >>",
    ]
    var pdf = Array("%PDF-1.4\n".utf8)
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
      offsets.append(pdf.count)
      pdf += Array("\(index + 1) 0 obj\n\(object)\nendobj\n".utf8)
    }
    let crossReference = pdf.count
    var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets {
      let digits = String(offset)
      table += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
    }
    table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\n"
    table += "startxref\n\(crossReference)\n%%EOF\n"
    return pdf + Array(table.utf8)
  }
}
