import FolioCore

/// What a render worker hands back: the picture and what it learned about the page on the way.
public struct RenderedPage: Sendable {
  /// The cells of the request.
  public var picture: ScreenBuffer
  /// The page's true size (the layout may have used an estimate).
  public var pageSize: PointSize
  /// The page's label, if it has one.
  public var label: String?
  /// What the libraries said while drawing it ("Corrupt JPEG data…"): the page's content is
  /// damaged and was drawn as far as possible. Untrusted text.
  public var messages: [String]

  /// Creates a rendered page.
  public init(picture: ScreenBuffer, pageSize: PointSize, label: String?, messages: [String] = []) {
    self.picture = picture
    self.pageSize = pageSize
    self.label = label
    self.messages = messages
  }
}
