import FolioCore
import FolioRaster

/// A PDF whose pages' text is followed by their annotations' notes
/// (`PopplerDocument.textWithNotes(at:)`): what the shelf's search reads of a file too long to
/// read in one answer, a part at a time, in a worker of that file alone (opened from a
/// manifest made by `LibraryDocument.notedManifest(of:)`). Everything else is the PDF's.
public final class NotedDocument: DocumentSource {
  /// The PDF.
  public let document: PopplerDocument

  /// The PDF `document`, its text with its notes.
  public init(_ document: PopplerDocument) { self.document = document }

  public var pageCount: Int { document.pageCount }
  public var title: String? { document.title }
  public func pageLabel(at page: PageIndex) -> String? { document.pageLabel(at: page) }
  public func pageIndex(forLabel label: String) -> PageIndex? {
    document.pageIndex(forLabel: label)
  }
  public func pageSize(at page: PageIndex) -> PointSize { document.pageSize(at: page) }
  public func render(_ page: PageIndex, region: PageRegion, size: PixelSize) throws -> RGBAImage {
    try document.render(page, region: region, size: size)
  }
  public func text(at page: PageIndex) -> PageText { document.textWithNotes(at: page) }
  public func outline() -> [OutlineEntry] { document.outline() }
  public func taggedHeadings() -> [TaggedHeading] { document.taggedHeadings() }
  public func links(at page: PageIndex) -> [PageLink] { document.links(at: page) }
}
