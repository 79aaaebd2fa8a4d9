/// An annotation read from a page of a PDF: a highlight, an underline, a sticky note… made by
/// Folio or any other program. Links, form fields and pop-up windows are not annotations in
/// this sense and are never read as one.
public struct DocumentAnnotation: Hashable, Sendable {
  /// The page it is on.
  public var page: PageIndex
  /// What it is.
  public var kind: AnnotationKind
  /// Its rectangle (/Rect), in fractions of the page as displayed from its top-left corner.
  public var rectangle: PageRegion
  /// The areas a text markup annotation marks (/QuadPoints), one a line usually; empty for
  /// other kinds.
  public var quadrilaterals: [PageQuadrilateral]
  /// Its colour (/C), if it has one.
  public var color: RGBA?
  /// Who made it (/T), untrusted text.
  public var author: String?
  /// When it was last changed (/M), as the PDF writes it (usually `D:YYYYMMDDHHmmSS…`).
  public var modified: String?
  /// Its note (/Contents), untrusted text: control characters included.
  public var note: String?
  /// Its unique name on the page (/NM), if any.
  public var name: String?
  /// The page's text under its quadrilaterals (see `MarkedText`); empty for kinds without.
  public var markedText: String
  /// The size of its page as shown, in points (its rectangle's fractions are of it), when the
  /// reader gave it: an edit names the annotation by its rectangle in points.
  public var pageSize: PointSize?

  /// Creates an annotation.
  public init(
    page: PageIndex, kind: AnnotationKind, rectangle: PageRegion,
    quadrilaterals: [PageQuadrilateral] = [], color: RGBA? = nil, author: String? = nil,
    modified: String? = nil, note: String? = nil, name: String? = nil, markedText: String = "",
    pageSize: PointSize? = nil
  ) {
    self.page = page
    self.kind = kind
    self.rectangle = rectangle
    self.quadrilaterals = quadrilaterals
    self.color = color
    self.author = author
    self.modified = modified
    self.note = note
    self.name = name
    self.markedText = markedText
    self.pageSize = pageSize
  }
}

/// What an annotation is, by its PDF subtype.
public enum AnnotationKind: Hashable, Sendable {
  case highlight
  case underline
  case squiggly
  case strikeOut
  /// A sticky note (subtype /Text).
  case note
  case freeText
  case ink
  /// Any other subtype (square, stamp, caret, …), by the name Folio gives it.
  case other(String)

  /// Its name in Folio's output: "highlight", "underline", "squiggly", "strike-out", "note",
  /// "free-text", "ink", or the other kind's own name.
  public var name: String {
    switch self {
    case .highlight: "highlight"
    case .underline: "underline"
    case .squiggly: "squiggly"
    case .strikeOut: "strike-out"
    case .note: "note"
    case .freeText: "free-text"
    case .ink: "ink"
    case .other(let name): name
    }
  }

  /// Whether it marks text on the page (its quadrilaterals say where).
  public var marksText: Bool {
    switch self {
    case .highlight, .underline, .squiggly, .strikeOut: true
    default: false
    }
  }
}
