import CPoppler
import Foundation

/// One page of a generated PDF: its size in points, what is drawn on it and its label.
public struct FixturePage: Sendable {
  /// Width in points (the MediaBox; may be zero or negative to make a degenerate page).
  public var width: Double
  /// Height in points.
  public var height: Double
  /// Large text drawn in the middle of the page (usually its number).
  public var headline: String
  /// Smaller text under the headline.
  public var caption: String
  /// Paper tint (RGB 0…1); white when nil.
  public var tint: (Double, Double, Double)?
  /// Whether to draw colored blocks (for color fidelity checks).
  public var hasColorBlocks: Bool
  /// Page label written into the PDF's /PageLabels, if any.
  public var label: String?
  /// Quarter turns clockwise written as /Rotate (0, 90, 180, 270), applied with qpdf.
  public var rotation: Int
  /// Lines of body text, drawn in 10 pt DejaVu Sans from the top-left margin down (searchable
  /// text for tests of the text layer).
  public var lines: [String]
  /// Named destinations on the page.
  public var anchors: [FixtureAnchor]
  /// Links on the page, drawn as blue boxes over everything else.
  public var links: [FixtureLink]
  /// Runs of text placed anywhere, each at its own size and weight.
  public var texts: [FixtureText]

  /// Creates a page description.
  public init(
    width: Double, height: Double, headline: String = "", caption: String = "",
    tint: (Double, Double, Double)? = nil, hasColorBlocks: Bool = false, label: String? = nil,
    rotation: Int = 0, lines: [String] = [], anchors: [FixtureAnchor] = [],
    links: [FixtureLink] = [], texts: [FixtureText] = []
  ) {
    self.width = width
    self.height = height
    self.headline = headline
    self.caption = caption
    self.tint = tint
    self.hasColorBlocks = hasColorBlocks
    self.label = label
    self.rotation = rotation
    self.lines = lines
    self.anchors = anchors
    self.links = links
    self.texts = texts
  }
}

extension FixturePage {
  /// Whether cairo can write this page's box itself: both sides from 1 to 14,400 points. Any
  /// other box (zero, negative, 1e17 wide, 1e-14 high) is written by qpdf afterwards.
  var isDrawableByCairo: Bool {
    (1...14_400).contains(width) && (1...14_400).contains(height)
  }
}

/// Why a fixture could not be written.
public struct FixtureError: Error, CustomStringConvertible {
  /// What went wrong.
  public var description: String
}

/// Writes PDF files with cairo's PDF surface, for tests and for the built-in sample document.
public enum FixturePDF {
  /// Writes `pages` to `path`, with `title` in the document metadata and `outline` as its
  /// outline. Rotated pages need qpdf.
  public static func write(
    _ pages: [FixturePage], title: String? = nil, outline: [FixtureOutlineItem] = [],
    to path: String
  ) throws {
    try checkNavigation(of: pages)
    let first = pages.first ?? FixturePage(width: 612, height: 792)
    // cairo writes boxes within 1...14,400 points; qpdf writes the others afterwards.
    func drawable(_ side: Double) -> Double { side.isFinite ? min(max(side, 1), 14_400) : 1 }
    let surface = cairo_pdf_surface_create(path, drawable(first.width), drawable(first.height))
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw FixtureError(description: "cairo cannot write \(path)")
    }
    if let title { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title) }
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Folio fixtures")
    // A fixed date, so the same pages always make the same bytes (the built-in sample is
    // checked against its generator).
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2026-01-01T00:00:00Z")
    for page in pages {
      let width = drawable(page.width)
      let height = drawable(page.height)
      cairo_pdf_surface_set_size(surface, width, height)
      if let label = page.label { cairo_pdf_surface_set_page_label(surface, label) }
      let context = cairo_create(surface)
      draw(page, width: width, height: height, on: context)
      drawNavigation(of: page, on: context)
      cairo_show_page(context)
      cairo_destroy(context)
    }
    addOutline(outline, to: surface)
    cairo_surface_finish(surface)
    let status = cairo_surface_status(surface)
    cairo_surface_destroy(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw FixtureError(description: "cairo failed writing \(path)")
    }
    try postEdit(pages, at: path)
  }

  /// Applies /Rotate and degenerate boxes, which cairo cannot write, with qpdf.
  private static func postEdit(_ pages: [FixturePage], at path: String) throws {
    var rotations: [String] = []
    for (index, page) in pages.enumerated() where page.rotation % 360 != 0 {
      rotations.append("--rotate=+\(page.rotation % 360):\(index + 1)")
    }
    if !rotations.isEmpty {
      try run("qpdf", ["--replace-input", path] + rotations)
    }
    let degenerate = pages.enumerated().filter { !$0.element.isDrawableByCairo }
    if !degenerate.isEmpty {
      try rewriteMediaBoxes(
        at: path,
        boxes: Dictionary(
          uniqueKeysWithValues: degenerate.map {
            ($0.offset, ($0.element.width, $0.element.height))
          }))
    }
  }

  /// Rewrites the MediaBox of some pages (0-based) in a qpdf-normalized copy of the file.
  private static func rewriteMediaBoxes(at path: String, boxes: [Int: (Double, Double)]) throws {
    let qdf = path + ".qdf"
    try run("qpdf", ["--qdf", "--object-streams=disable", path, qdf])
    var text = try String(contentsOfFile: qdf, encoding: .isoLatin1)
    var pageNumber = 0
    var output = ""
    var rest = Substring(text)
    // In QDF output, each page object is introduced by "%% Page N" comments in page order.
    while let marker = rest.range(of: "%% Page ") {
      output += rest[..<marker.lowerBound]
      rest = rest[marker.lowerBound...]
      if let box = boxes[pageNumber], let mediaRange = rest.range(of: "/MediaBox [") {
        let close = rest[mediaRange.upperBound...].firstIndex(of: "]") ?? rest.endIndex
        output += rest[..<mediaRange.upperBound]
        output += "0 0 \(pdfNumber(box.0)) \(pdfNumber(box.1))"
        rest = rest[close...]
      } else {
        output += rest.prefix(8)
        rest = rest.dropFirst(8)
      }
      pageNumber += 1
    }
    output += rest
    text = output
    try text.write(toFile: qdf, atomically: true, encoding: .isoLatin1)
    try run("fix-qdf", [qdf], output: path)
    try? FileManager.default.removeItem(atPath: qdf)
  }

  /// `value` as PDF writes numbers: plain decimals, never an exponent (1e17 is written out).
  static func pdfNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded() && abs(value) < 1e30 {
      return String(format: "%.0f", value)
    }
    var text = String(format: "%.40f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  private static func run(_ tool: String, _ arguments: [String], output: String? = nil) throws {
    let result = try ChildProcess.run(tool, arguments)
    if let output {
      try result.standardOutput.write(to: URL(fileURLWithPath: output))
    }
    // qpdf exits 3 for warnings, which still writes the file.
    guard result.status == 0 || result.status == 3 else {
      throw FixtureError(description: "\(tool) failed with status \(result.status)")
    }
  }

  private static func draw(
    _ page: FixturePage, width: Double, height: Double, on context: OpaquePointer?
  ) {
    let tint = page.tint ?? (1, 1, 1)
    cairo_set_source_rgb(context, tint.0, tint.1, tint.2)
    cairo_paint(context)
    let short = min(width, height)
    // A frame a little inside the page edge.
    cairo_set_source_rgb(context, 0.2, 0.2, 0.25)
    cairo_set_line_width(context, max(short / 120, 0.5))
    let inset = short / 20
    cairo_rectangle(context, inset, inset, width - 2 * inset, height - 2 * inset)
    cairo_stroke(context)
    if page.hasColorBlocks {
      let colors: [(Double, Double, Double)] = [
        (0.85, 0.15, 0.15), (0.95, 0.65, 0.1), (0.15, 0.6, 0.25), (0.15, 0.35, 0.85),
        (0.55, 0.2, 0.7),
      ]
      let band = (width - 2 * inset) / Double(colors.count)
      for (i, color) in colors.enumerated() {
        cairo_set_source_rgb(context, color.0, color.1, color.2)
        cairo_rectangle(
          context, inset + Double(i) * band, height - inset - height / 6, band, height / 6)
        cairo_fill(context)
      }
    }
    if !page.lines.isEmpty {
      cairo_select_font_face(
        context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
      cairo_set_source_rgb(context, 0, 0, 0)
      cairo_set_font_size(context, 10)
      for (index, line) in page.lines.enumerated() {
        cairo_move_to(context, 72, 72 + 12 * Double(index + 1))
        cairo_show_text(context, line)
      }
    }
    for run in page.texts {
      cairo_select_font_face(
        context, run.family, CAIRO_FONT_SLANT_NORMAL,
        run.isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
      cairo_set_source_rgb(context, 0, 0, 0)
      cairo_set_font_size(context, run.size)
      cairo_move_to(context, run.x, run.y)
      if let tag = run.tag { cairo_tag_begin(context, tag, "") }
      cairo_show_text(context, run.text)
      if let tag = run.tag { cairo_tag_end(context, tag) }
    }
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
    if !page.headline.isEmpty {
      cairo_set_source_rgb(context, 0.05, 0.05, 0.1)
      cairo_set_font_size(context, short * 0.45)
      centered(page.headline, x: width / 2, y: height / 2, on: context)
    }
    if !page.caption.isEmpty {
      cairo_set_source_rgb(context, 0.25, 0.25, 0.3)
      cairo_set_font_size(context, short * 0.06)
      centered(page.caption, x: width / 2, y: height / 2 + short * 0.32, on: context)
    }
  }

  private static func centered(_ text: String, x: Double, y: Double, on context: OpaquePointer?) {
    var extents = cairo_text_extents_t()
    cairo_text_extents(context, text, &extents)
    cairo_move_to(
      context, x - extents.width / 2 - extents.x_bearing, y - extents.height / 2 - extents.y_bearing
    )
    cairo_show_text(context, text)
  }
}
