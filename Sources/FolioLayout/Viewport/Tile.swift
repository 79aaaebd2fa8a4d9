import FolioCore

/// One recyclable view of a layout item: the reusable buffer that shows an item (its preview
/// cells) plus which item it shows, where, and which render it wants.
///
/// A tile is created by a `TilePool` when no recycled tile is free, and lives as long as the
/// pool. Reuse keeps the `preview` storage: reset it in place (`preview.reset(to:)`) so a tile
/// shown again at the same size allocates nothing.
public struct Tile<Request: Hashable> {
  /// The tile's identity in its pool, from 0; stable for the tile's life, across reuse.
  public let id: Int
  /// The index of the item shown. Meaningful only while the tile is visible.
  public internal(set) var itemIndex: Int
  /// The item's frame in content cells, set by every layout pass.
  public internal(set) var frame: CellRect
  /// The cells that draw the item's page image (or its stand-in).
  public var preview: ScreenBuffer
  /// The render the tile wants; cleared when the tile is recycled.
  public var request: Request?
  /// The render whose cells are in `preview` now, or nil for a placeholder; cleared when the
  /// tile is recycled. `shownRequest == request` means the preview is exact.
  public var shownRequest: Request?
  /// The number of the last layout pass that found the tile's item visible.
  var lastPass: UInt64

  init(id: Int) {
    self.id = id
    self.itemIndex = -1
    self.frame = CellRect(x: 0, y: 0, columns: 0, rows: 0)
    self.preview = ScreenBuffer(size: CellSize(columns: 0, rows: 0))
    self.request = nil
    self.shownRequest = nil
    self.lastPass = 0
  }

  /// Whether `preview` holds the render the tile wants.
  public var isShowingRequest: Bool { request != nil && shownRequest == request }
}

extension Tile: Sendable where Request: Sendable {}
