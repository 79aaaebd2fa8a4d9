import CPoppler

/// Where a fixture's link or outline item leads. Positions are in points from the top-left
/// corner of the target page, as cairo draws.
public enum FixtureTarget: Sendable, Hashable {
  /// A named destination (one of the pages' `anchors`).
  case named(String)
  /// A page, counted from 1 as cairo does, and optionally a point on it (cairo writes
  /// `/XYZ x y`, else `/XYZ null null`). cairo 1.16 writes no destination at all for a link to a
  /// page after the link's own: `FixturePDF.write` refuses one (use a named destination).
  case page(Int, x: Double? = nil, y: Double? = nil)
  /// A URI.
  case uri(String)

  /// cairo's link attributes for it ("dest='name'", "page=2 pos=[72 144]", "uri='…'").
  var attributes: String {
    switch self {
    case .named(let name):
      return "dest='\(Self.quoted(name))'"
    case .page(let number, let x, let y):
      guard let x, let y else { return "page=\(number)" }
      return "page=\(number) pos=[\(FixturePDF.pdfNumber(x)) \(FixturePDF.pdfNumber(y))]"
    case .uri(let uri):
      return "uri='\(Self.quoted(uri))'"
    }
  }

  /// A string for inside cairo's single quotes: quotes and backslashes escaped.
  static func quoted(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
  }
}

/// A named destination on a page: a name and the point it names, in points from the page's
/// top-left corner.
public struct FixtureAnchor: Sendable, Hashable {
  /// The name links and outline items use.
  public var name: String
  /// Points from the left edge.
  public var x: Double
  /// Points from the top edge.
  public var y: Double

  /// Creates an anchor.
  public init(name: String, x: Double = 0, y: Double = 0) {
    self.name = name
    self.x = x
    self.y = y
  }
}

/// A link on a page: a rectangle in points from the page's top-left corner, drawn as a blue
/// box, and where it leads.
public struct FixtureLink: Sendable, Hashable {
  /// Left edge, in points.
  public var x: Double
  /// Top edge, in points.
  public var y: Double
  /// Width, in points.
  public var width: Double
  /// Height, in points.
  public var height: Double
  /// Where it leads.
  public var target: FixtureTarget

  /// Creates a link.
  public init(x: Double, y: Double, width: Double, height: Double, target: FixtureTarget) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.target = target
  }
}

/// An item of a fixture's outline, with its children.
public struct FixtureOutlineItem: Sendable, Hashable {
  /// The title.
  public var title: String
  /// Where it leads (a URI leads out of the document).
  public var target: FixtureTarget
  /// Whether its children show at first.
  public var isOpen: Bool
  /// Its children, in order.
  public var children: [FixtureOutlineItem]

  /// Creates an item.
  public init(
    _ title: String, target: FixtureTarget, isOpen: Bool = false,
    children: [FixtureOutlineItem] = []
  ) {
    self.title = title
    self.target = target
    self.isOpen = isOpen
    self.children = children
  }
}

extension FixturePDF {
  /// Refuses what cairo 1.16 would silently write wrong: a link to a page after its own, which
  /// it writes without a destination.
  static func checkNavigation(of pages: [FixturePage]) throws {
    for (index, page) in pages.enumerated() {
      for link in page.links {
        if case .page(let number, _, _) = link.target, number > index + 1 {
          throw FixtureError(
            description: "cairo 1.16 writes no destination for a link from page \(index + 1) "
              + "to page \(number): lead there by a named destination")
        }
      }
    }
  }

  /// Tags the page's named destinations and links (drawing each link's box in blue), within
  /// the page being drawn.
  static func drawNavigation(of page: FixturePage, on context: OpaquePointer?) {
    for anchor in page.anchors {
      cairo_tag_begin(
        context, CAIRO_TAG_DEST,
        "name='\(FixtureTarget.quoted(anchor.name))' x=\(pdfNumber(anchor.x)) "
          + "y=\(pdfNumber(anchor.y))")
      cairo_tag_end(context, CAIRO_TAG_DEST)
    }
    guard !page.links.isEmpty else { return }
    cairo_save(context)
    cairo_set_source_rgb(context, 0.1, 0.3, 0.9)
    cairo_set_line_width(context, 1)
    for link in page.links {
      let rect = [link.x, link.y, link.width, link.height].map(pdfNumber).joined(separator: " ")
      cairo_tag_begin(context, CAIRO_TAG_LINK, "rect=[\(rect)] \(link.target.attributes)")
      cairo_rectangle(context, link.x, link.y, link.width, link.height)
      cairo_stroke(context)
      cairo_tag_end(context, CAIRO_TAG_LINK)
    }
    cairo_restore(context)
  }

  /// Adds `items` (and their children) to the document's outline under `parent`.
  static func addOutline(
    _ items: [FixtureOutlineItem], under parent: Int32 = Int32(CAIRO_PDF_OUTLINE_ROOT),
    to surface: OpaquePointer?
  ) {
    for item in items {
      let flags = item.isOpen ? CAIRO_PDF_OUTLINE_FLAG_OPEN : cairo_pdf_outline_flags_t(0)
      let id = cairo_pdf_surface_add_outline(
        surface, parent, item.title, item.target.attributes, flags)
      addOutline(item.children, under: id, to: surface)
    }
  }
}
