import FolioCore

/// One box of a forward search: where a source line was typeset, in PDF points from the top-left
/// corner of its page (the page's media box as TeX made it, before any rotation).
///
/// The rectangle is libsynctex's visible box: `y` is the top (the baseline minus the height)
/// and `height` spans the height and the depth, as `synctex view` gives them.
public struct SyncTeXBox: Hashable, Sendable {
  /// The page the box is on.
  public var page: PageIndex
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width.
  public var width: Double
  /// The height, the depth below the baseline included.
  public var height: Double

  /// Creates a box.
  public init(page: PageIndex, x: Double, y: Double, width: Double, height: Double) {
    self.page = page
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}
