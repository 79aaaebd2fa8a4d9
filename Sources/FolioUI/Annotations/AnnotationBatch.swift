import FolioCore

/// The annotations of a run of pages of one version, as the runtime reads them for the
/// annotations panel: from the first page on, a run after another, until the last page.
public struct AnnotationBatch: Sendable, Equatable {
  /// The version they were read from.
  public var document: DocumentVersion
  /// The pages read.
  public var pages: Range<Int>
  /// Their annotations, page by page, each page's in the order the PDF lists them.
  public var annotations: [DocumentAnnotation]
  /// Whether the pages could not be read (the worker crashed or ran out of time on them).
  public var isMissing: Bool

  /// A batch of `pages` of `document`.
  public init(
    document: DocumentVersion, pages: Range<Int>, annotations: [DocumentAnnotation],
    isMissing: Bool = false
  ) {
    self.document = document
    self.pages = pages
    self.annotations = annotations
    self.isMissing = isMissing
  }
}
