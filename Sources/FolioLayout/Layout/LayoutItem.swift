import FolioCore

/// One page placed by a layout: which page, and the content cells it covers.
public struct PlacedPage: Hashable, Sendable {
  /// The page.
  public var page: PageIndex
  /// The cells the page's image covers, in content coordinates; at least 1 x 1.
  public var frame: CellRect

  /// Creates a placed page.
  public init(page: PageIndex, frame: CellRect) {
    self.page = page
    self.frame = frame
  }
}

/// The one or two pages of a layout item, in reading order (the first page of a right-to-left
/// spread is the one on the right). Stored inline: making one allocates nothing.
public struct PlacedPages: RandomAccessCollection, Hashable, Sendable {
  private let head: PlacedPage
  private let tail: PlacedPage?

  /// One page.
  public init(_ page: PlacedPage) {
    head = page
    tail = nil
  }

  /// Two pages, `first` in reading order first.
  public init(_ first: PlacedPage, _ second: PlacedPage) {
    head = first
    tail = second
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { tail == nil ? 1 : 2 }

  public subscript(position: Int) -> PlacedPage {
    if position == 0 { return head }
    guard position == 1, let tail else { preconditionFailure("PlacedPages index out of range") }
    return tail
  }
}

/// One item of a layout as the renderer needs it: where it goes, which pages it shows where, and
/// (in thumbnail layouts) where its label goes. Items are spreads of the layout's
/// `SpreadArrangement`: single pages in the grid and the shelf.
public struct LayoutItem: Hashable, Sendable {
  /// The item's index, which is its spread index in the layout's arrangement.
  public var index: Int
  /// The whole area of the item in content cells, label rows included.
  public var frame: CellRect
  /// The item's pages in reading order, each with its frame inside `frame`.
  public var pages: PlacedPages
  /// The rows under the thumbnail where the page label goes (one row in the grid, as many as the
  /// longest label needs in the shelf), inside `frame`; nil in stack layouts.
  public var labelFrame: CellRect?

  /// Creates an item.
  public init(index: Int, frame: CellRect, pages: PlacedPages, labelFrame: CellRect? = nil) {
    self.index = index
    self.frame = frame
    self.pages = pages
    self.labelFrame = labelFrame
  }
}
