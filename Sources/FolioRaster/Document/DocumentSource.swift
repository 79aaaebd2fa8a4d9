import FolioCore

/// A paginated document the core can lay out and draw: the one interface between Folio's core
/// and a PDF library. Implementations are not shared between threads: a renderer on another
/// thread opens the document again, as its own instance.
public protocol DocumentSource: AnyObject {
  /// The number of pages, at least 1 for an opened document.
  var pageCount: Int { get }

  /// The document's title from its metadata, if it has a non-empty one. Untrusted text.
  var title: String? { get }

  /// The label printed on a page ("iv", "A-3"), or nil when the document defines none or the
  /// label is just the page number.
  /// Untrusted text. May load the page.
  func pageLabel(at page: PageIndex) -> String?

  /// The page a label names ("iv", "A-3"), if any page carries it. May walk the labels.
  func pageIndex(forLabel label: String) -> PageIndex?

  /// The page's size in points with its /Rotate applied, sanitized (never zero or NaN).
  /// May load the page: O(1) once known, possibly a walk of the page tree the first time.
  func pageSize(at page: PageIndex) -> PointSize

  /// Renders `region` of the page into an image of exactly `size` pixels: white paper under the
  /// page's content, rendered at that size (never rendered larger and scaled down).
  func render(_ page: PageIndex, region: PageRegion, size: PixelSize) throws -> RGBAImage

  /// The page's text layer (characters and their boxes); empty for a page without text.
  /// Untrusted text. Loads the page.
  func text(at page: PageIndex) -> PageText

  /// The document's outline (bookmarks) in preorder; empty when it has none. Untrusted titles.
  func outline() -> [OutlineEntry]
  /// The headings its structure tree marks (empty for an untagged document).
  func taggedHeadings() -> [TaggedHeading]
  /// The runs of `page`'s text (as `text(at:)` gives it) set in a bold font.
  func boldRuns(at page: PageIndex) -> [Range<Int>]

  /// The page's links in the document's order: areas as fractions of the page as displayed,
  /// and where each leads; empty for a page without links. Untrusted URIs. Loads the page.
  func links(at page: PageIndex) -> [PageLink]

  /// The page's annotations (highlights, notes…; links, form fields and pop-ups left out) in
  /// the document's order; empty for a page without. Untrusted text. Loads the page.
  func annotations(at page: PageIndex) -> [DocumentAnnotation]
}

extension DocumentSource {
  /// Renders the whole page into an image of exactly `size` pixels.
  public func render(_ page: PageIndex, size: PixelSize) throws -> RGBAImage {
    try render(page, region: .whole, size: size)
  }

  /// The label to show for a page: its document label, else its number.
  public func displayLabel(at page: PageIndex) -> String {
    pageLabel(at: page) ?? String(page.number)
  }

  /// No text: for documents that have no text layer.
  public func text(at page: PageIndex) -> PageText { .empty }

  /// No outline: for documents that have none.
  public func outline() -> [OutlineEntry] { [] }

  /// No structure tree.
  public func taggedHeadings() -> [TaggedHeading] { [] }

  /// No fonts known.
  public func boldRuns(at page: PageIndex) -> [Range<Int>] { [] }

  /// No links: for documents that have none.
  public func links(at page: PageIndex) -> [PageLink] { [] }

  /// No annotations: for documents that have none.
  public func annotations(at page: PageIndex) -> [DocumentAnnotation] { [] }

  /// All valid page indices.
  public var pageIndices: Range<PageIndex> { PageIndex(0)..<PageIndex(pageCount) }
}
