import FolioCore

/// Every annotation of the version shown, as far as it has been read (from the first page on):
/// what the annotations panel lists. Untrusted text stays as read (an edit names an annotation
/// by its note); views sanitize what they draw.
public struct AnnotationListing: Sendable, Equatable {
  /// The annotations read so far, in page order.
  public private(set) var annotations: [DocumentAnnotation] = []
  /// How many pages, from the first, have been read.
  public private(set) var pagesRead = 0
  /// The document's page count.
  public let pageCount: Int
  /// How many pages read could not be (their annotations are not listed).
  public private(set) var missedPages = 0
  /// Whether annotations past `most` were left out.
  public private(set) var isCut = false
  /// The most annotations kept.
  public static let most = 100_000

  /// Nothing read yet of a document of `pageCount` pages.
  public init(pageCount: Int) { self.pageCount = pageCount }

  /// Whether every page has been read.
  public var isComplete: Bool { pagesRead >= pageCount }

  /// Whether every annotation of the document is listed: every page read, none missed,
  /// none left out.
  public var isWhole: Bool { isComplete && missedPages == 0 && !isCut }

  /// Takes the batch that follows what was read (any other is ignored: a batch read twice, or
  /// out of order). Annotations on pages outside the batch are dropped.
  mutating func take(_ batch: AnnotationBatch) {
    guard batch.pages.lowerBound == pagesRead, batch.pages.upperBound > pagesRead else { return }
    let pages = batch.pages.clamped(to: 0..<pageCount)
    if batch.isMissing { missedPages += pages.count }
    let taken = batch.annotations.filter { pages.contains($0.page.rawValue) }
    if annotations.count + taken.count > Self.most { isCut = true }
    annotations += taken.prefix(max(0, Self.most - annotations.count))
    pagesRead = min(pageCount, batch.pages.upperBound)
  }
}
