import FolioCore

/// The direction in which a layout's items follow each other, which is also its scrolling axis.
public enum LayoutProgression: Hashable, Sendable, CaseIterable {
  /// Items follow downwards (grid rows, vertical stacks).
  case topToBottom
  /// Items follow rightwards (horizontal stacks and shelves bound on the left).
  case leftToRight
  /// Items follow leftwards (horizontal stacks and shelves bound on the right).
  case rightToLeft

  /// Whether the scrolling axis is vertical.
  public var isVertical: Bool { self == .topToBottom }
}

/// Where a document's items go in a layout's content, for one viewport size and cell aspect: the
/// one interface the viewport, the renderer and the views use over every layout (smart grid,
/// continuous and per-spread stacks, shelf). A layout is an immutable value: a change of
/// viewport, zoom, options or page sizes makes a new layout (O(n) at most), and
/// `viewport(keepingPlaceOf:in:)` carries the reader's place over.
///
/// Items are the spreads of `spreads` (single pages in the grid and the shelf), numbered from 0.
/// Frames are in content cells: (0, 0) is the content's top-left, and every frame lies inside
/// `contentSize`. Index arguments outside `0..<itemCount` are a programming error.
public protocol DocumentLayout: Sendable {
  /// The size of the screen area the layout was made for.
  var viewportSize: CellSize { get }
  /// The size of the whole content; every item lies inside it.
  var contentSize: CellSize { get }
  /// The direction items follow each other in, and so the scrolling axis.
  var progression: LayoutProgression { get }
  /// How items group the document's pages.
  var spreads: SpreadArrangement { get }
  /// Where the content goes along the scrolling axis when it is shorter than the viewport; the
  /// default is the middle.
  var shortContentAlignment: ShortContentAlignment { get }

  /// The frame of item `index`, label rows included. O(1).
  func frame(ofItem index: Int) -> CellRect

  /// Item `index` with its pages' frames and label frame. O(1).
  func item(_ index: Int) -> LayoutItem

  /// The items whose frames intersect `rect`, in increasing index order. O(log n + k) for k
  /// items returned (O(k) in uniform layouts).
  func items(intersecting rect: CellRect) -> [LayoutItem]

  /// The continuous spread index at content coordinate `coordinate` along the scrolling axis
  /// (a row for vertical layouts, a column otherwise), clamped to `[0, itemCount)`. O(log n).
  func continuousIndex(atAxisCoordinate coordinate: Double) -> ContinuousSpreadIndex

  /// The content coordinate along the scrolling axis where `index` lies; the inverse of
  /// `continuousIndex(atAxisCoordinate:)` inside items. O(1) or O(log n).
  func axisCoordinate(for index: ContinuousSpreadIndex) -> Double

  /// Items side by side across the scrolling axis: a step up or down in the grid skips this
  /// many (its columns); 1 where items follow one another. O(1).
  var itemsAcross: Int { get }

  /// Rows of items a span of `length` cells along the scrolling axis holds, at least 1: how far
  /// a screen of the grid moves its selection. O(1).
  func itemRows(inLength length: Int) -> Int
}

extension DocumentLayout {
  public var shortContentAlignment: ShortContentAlignment { .center }

  /// One item across, by default.
  public var itemsAcross: Int { 1 }

  /// One row of items, by default.
  public func itemRows(inLength length: Int) -> Int { 1 }

  /// The number of items.
  public var itemCount: Int { spreads.spreadCount }

  /// The index of the item that shows `page` (clamped into the document). O(1).
  public func itemIndex(containing page: PageIndex) -> Int {
    spreads.spreadIndex(containing: page)
  }

  /// The pages item `index` shows, in reading order. O(1).
  public func pages(inItem index: Int) -> Range<PageIndex> {
    spreads.pages(inSpread: index)
  }

  /// The whole content as a rectangle.
  public var contentRect: CellRect { CellRect(origin: CellPoint(x: 0, y: 0), size: contentSize) }

  /// The item under content cell `point`, if any. O(log n).
  public func item(at point: CellPoint) -> LayoutItem? {
    items(intersecting: CellRect(origin: point, size: CellSize(columns: 1, rows: 1))).first
  }
}
