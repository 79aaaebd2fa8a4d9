import FolioCore

/// What a render worker hands back: the picture and what it learned about the page on the way.
public struct RenderedPage: Sendable {
  /// The cells of the request.
  public var picture: ScreenBuffer
  /// The page's true size (the layout may have used an estimate).
  public var pageSize: PointSize
  /// The page's label, if it has one.
  public var label: String?
}

/// A batch of page sizes and labels read in the background.
public struct PageFacts: Sendable {
  /// Sizes and labels, in page order.
  public var pages: [(page: PageIndex, size: PointSize, label: String?)]
}
