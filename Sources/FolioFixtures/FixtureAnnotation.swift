import CPoppler
import Foundation

/// An annotation for a test to add to a fixture PDF with poppler-glib: a text markup over
/// areas of a page, or a sticky note at one.
public struct FixtureAnnotation: Sendable {
  /// What it is.
  public enum Kind: Sendable {
    case highlight
    case underline
    case strikeOut
    /// A sticky note (/Text), at the first area.
    case note
  }

  /// Its page, counted from 0.
  public var page: Int
  public var kind: Kind
  /// The areas it marks, one quadrilateral each, in points from the page's top-left corner.
  public var areas: [FixtureArea]
  /// Its note (/Contents).
  public var note: String?
  /// Its author (/T).
  public var author: String?
  /// Its colour (RGB 0…1).
  public var color: (Double, Double, Double)?

  /// Creates an annotation.
  public init(
    page: Int, kind: Kind, areas: [FixtureArea], note: String? = nil, author: String? = nil,
    color: (Double, Double, Double)? = nil
  ) {
    self.page = page
    self.kind = kind
    self.areas = areas
    self.note = note
    self.author = author
    self.color = color
  }
}

/// A rectangle of a page in points from its top-left corner.
public struct FixtureArea: Sendable, Equatable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  /// Creates an area.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

extension FixturePDF {
  /// Where the characters `characters` of `line` sit when `FixturePage.lines` draws it as line
  /// `index` (0-based), measured with cairo in the same font: from a little above the
  /// letters' top to a little below the baseline.
  public static func area(of characters: Range<Int>, inLine line: String, at index: Int)
    -> FixtureArea
  {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
    let context = cairo_create(surface)
    defer {
      cairo_destroy(context)
      cairo_surface_destroy(surface)
    }
    cairo_select_font_face(
      context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(context, 10)
    // The PDF surface lays text out unhinted; an image surface rounds advances to pixels.
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_set_font_options(context, options)
    cairo_font_options_destroy(options)
    func advance(_ count: Int) -> Double {
      var extents = cairo_text_extents_t()
      cairo_text_extents(context, String(line.prefix(count)), &extents)
      return extents.x_advance
    }
    let start = advance(characters.lowerBound)
    let end = advance(characters.upperBound)
    let baseline = 72 + 12 * Double(index + 1)
    return FixtureArea(x: 72 + start, y: baseline - 9.5, width: end - start, height: 12)
  }

  /// Adds `annotations` to the PDF at `path` with poppler-glib and saves it in place (through
  /// a temporary file renamed over it).
  public static func annotate(_ path: String, with annotations: [FixtureAnnotation]) throws {
    let absolute = URL(fileURLWithPath: path).standardizedFileURL
    var error: UnsafeMutablePointer<GError>? = nil
    guard let document = poppler_document_new_from_file(absolute.absoluteString, nil, &error)
    else {
      g_clear_error(&error)
      throw FixtureError(description: "poppler cannot open \(path)")
    }
    defer { folio_object_unref(UnsafeMutableRawPointer(document)) }
    for annotation in annotations {
      guard let page = poppler_document_get_page(document, Int32(annotation.page)) else {
        throw FixtureError(description: "\(path) has no page \(annotation.page + 1)")
      }
      defer { folio_object_unref(UnsafeMutableRawPointer(page)) }
      var width = 0.0
      var height = 0.0
      poppler_page_get_size(page, &width, &height)
      guard let annot = make(annotation, pageHeight: height, in: document) else {
        throw FixtureError(description: "poppler cannot make the annotation")
      }
      defer { folio_object_unref(UnsafeMutableRawPointer(annot)) }
      if let note = annotation.note { poppler_annot_set_contents(annot, note) }
      if let author = annotation.author { poppler_annot_markup_set_label(annot, author) }
      if let (red, green, blue) = annotation.color {
        func channel(_ value: Double) -> guint16 { guint16(min(max(value, 0), 1) * 65535) }
        var color = PopplerColor(red: channel(red), green: channel(green), blue: channel(blue))
        poppler_annot_set_color(annot, &color)
      }
      poppler_page_add_annot(page, annot)
    }
    let partial = absolute.path + ".annotating"
    let partialURI = URL(fileURLWithPath: partial).absoluteString
    guard poppler_document_save(document, partialURI, &error) != 0 else {
      let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown"
      g_clear_error(&error)
      throw FixtureError(description: "poppler cannot save \(path): \(reason)")
    }
    guard rename(partial, absolute.path) == 0 else {
      throw FixtureError(description: "cannot move \(partial) into place")
    }
  }

  /// A Poppler annotation for `annotation`, its areas turned into user space.
  private static func make(
    _ annotation: FixtureAnnotation, pageHeight: Double, in document: OpaquePointer
  ) -> OpaquePointer? {
    func rectangle(_ area: FixtureArea) -> PopplerRectangle {
      PopplerRectangle(
        x1: area.x, y1: pageHeight - area.y - area.height, x2: area.x + area.width,
        y2: pageHeight - area.y)
    }
    guard let first = annotation.areas.first else { return nil }
    var bounds = rectangle(first)
    for area in annotation.areas.dropFirst() {
      let next = rectangle(area)
      bounds = PopplerRectangle(
        x1: min(bounds.x1, next.x1), y1: min(bounds.y1, next.y1), x2: max(bounds.x2, next.x2),
        y2: max(bounds.y2, next.y2))
    }
    if annotation.kind == .note { return poppler_annot_text_new(document, &bounds) }
    let quads = g_array_sized_new(
      0, 0, guint(MemoryLayout<PopplerQuadrilateral>.stride), guint(annotation.areas.count))
    defer { g_array_free(quads, 1) }
    for area in annotation.areas {
      let r = rectangle(area)
      // Top-left, top-right, bottom-left, bottom-right, as PDF writers order them.
      var quad = PopplerQuadrilateral(
        p1: PopplerPoint(x: r.x1, y: r.y2), p2: PopplerPoint(x: r.x2, y: r.y2),
        p3: PopplerPoint(x: r.x1, y: r.y1), p4: PopplerPoint(x: r.x2, y: r.y1))
      g_array_append_vals(quads, &quad, 1)
    }
    switch annotation.kind {
    case .highlight: return poppler_annot_text_markup_new_highlight(document, &bounds, quads)
    case .underline: return poppler_annot_text_markup_new_underline(document, &bounds, quads)
    case .strikeOut: return poppler_annot_text_markup_new_strikeout(document, &bounds, quads)
    case .note: return nil
    }
  }
}

extension FixturePDF {
  /// The lines of the two pages of `writeAnnotatedSample`.
  public static let annotatedSampleLines = [
    ["The quick brown fox", "jumps over a hyph-", "enated dog twice"],
    ["Second page words", "nothing marked here"],
  ]

  /// The annotations of `writeAnnotatedSample`, in the order they are on the pages: a yellow
  /// highlight by "Ada" over "quick brown" on page 1 (labelled "iv") with a note holding a
  /// tab, a line break and an escape sequence; an underline over "hyph-" and "enated" (the
  /// line's end and the next line's start); on page 2 (labelled "5") a strike-out over "words"
  /// and a sticky note "Check this" away from the text.
  public static var annotatedSampleAnnotations: [FixtureAnnotation] {
    let lines = annotatedSampleLines
    return [
      FixtureAnnotation(
        page: 0, kind: .highlight, areas: [area(of: 4..<15, inLine: lines[0][0], at: 0)],
        note: "Fast\tand\nbrown\u{1B}[31m", author: "Ada", color: (1, 1, 0)),
      FixtureAnnotation(
        page: 0, kind: .underline,
        areas: [
          area(of: 13..<18, inLine: lines[0][1], at: 1),
          area(of: 0..<6, inLine: lines[0][2], at: 2),
        ]),
      FixtureAnnotation(
        page: 1, kind: .strikeOut, areas: [area(of: 12..<17, inLine: lines[1][0], at: 0)]),
      FixtureAnnotation(
        page: 1, kind: .note, areas: [FixtureArea(x: 400, y: 300, width: 20, height: 20)],
        note: "Check this"),
    ]
  }

  /// Writes a two-page PDF titled "Annotated sample" with `annotatedSampleLines` and adds
  /// `annotatedSampleAnnotations` to it.
  public static func writeAnnotatedSample(to path: String) throws {
    try write(
      [
        FixturePage(width: 612, height: 792, label: "iv", lines: annotatedSampleLines[0]),
        FixturePage(width: 612, height: 792, label: "5", lines: annotatedSampleLines[1]),
      ], title: "Annotated sample", to: path)
    try annotate(path, with: annotatedSampleAnnotations)
  }
}
