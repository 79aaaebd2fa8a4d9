/// What a link leads to.
public enum LinkTarget: Hashable, Sendable {
  /// A place in the same document (page destinations and named destinations, resolved).
  case destination(Destination)
  /// A URI outside the document. Untrusted text: never opened by Folio, only shown
  /// (sanitized) and copied when asked.
  case uri(String)
}

/// One link on a page: the area that is clicked and where it leads.
public struct PageLink: Hashable, Sendable {
  /// The link's area, as fractions of the page (top-left origin), as drawn.
  public var area: PageRegion
  /// Where it leads.
  public var target: LinkTarget

  /// Creates a link.
  public init(area: PageRegion, target: LinkTarget) {
    self.area = area
    self.target = target
  }
}

/// The links of one page of one version of the document, in the document's order.
public struct PageLinks: Hashable, Sendable {
  /// The version read.
  public var document: DocumentVersion
  /// The page.
  public var page: PageIndex
  /// Its links (empty for a page without links or one that could not be read).
  public var links: [PageLink]

  /// Creates a page's links.
  public init(document: DocumentVersion, page: PageIndex, links: [PageLink]) {
    self.document = document
    self.page = page
    self.links = links
  }
}
