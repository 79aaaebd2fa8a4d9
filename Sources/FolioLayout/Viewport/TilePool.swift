import FolioCore

/// The tiles of a scrolling view, recycled as a collection view recycles its cells: the
/// visible tiles, one per item whose frame meets the visible rect, and a pool of recycled
/// tiles waiting to be reused. Only what is visible exists, so scrolling through 15,000 items
/// creates no more tiles than the largest visible set.
///
/// A struct of arrays rather than a graph of objects: every tile lives in one array and is named
/// by its `id` (its slot), the visible set maps item indices to slots and the pool is a stack of
/// slots. Recycling moves an `Int`, never an object; tiles are mutated in place, so their
/// buffers are never copied; and the whole pool is a plain value that tests can inspect.
public struct TilePool<Request: Hashable> {
  /// What the pool has done since it was made.
  public struct Counters: Hashable, Sendable {
    /// Tiles made because the pool was empty.
    public var created = 0
    /// Recycled tiles taken from the pool for a newly visible item.
    public var reused = 0
    /// Visible tiles moved to the pool because their item left the visible rect.
    public var recycled = 0
    /// Tiles visible after the last pass.
    public var visible = 0
    /// The most tiles ever visible at once.
    public var peakVisible = 0
  }

  /// Every tile ever created, indexed by `id`.
  private(set) var tiles: [Tile<Request>] = []
  /// Visible tiles: the slot of each shown item index.
  private var slotByItem: [Int: Int] = [:]
  /// Recycled tiles, most recently recycled last.
  private(set) var pooledSlots: [Int] = []
  /// Scratch list of slots leaving the visible set, kept to avoid allocating every pass.
  private var departingSlots: [Int] = []
  /// The number of the current layout pass.
  private var pass: UInt64 = 0

  /// The content size given to the last pass.
  public private(set) var contentSize = CellSize(columns: 0, rows: 0)
  /// The visible rect (viewport plus prefetch margin) given to the last pass.
  public private(set) var visibleRect = CellRect(x: 0, y: 0, columns: 0, rows: 0)
  /// Created, reused, recycled and visible counts.
  public private(set) var counters = Counters()

  /// Creates an empty pool.
  public init() {}

  /// The number of visible tiles.
  public var visibleCount: Int { slotByItem.count }

  /// The number of recycled tiles waiting in the pool.
  public var pooledCount: Int { pooledSlots.count }

  /// The item indices that have a visible tile, in no particular order.
  public var visibleItemIndices: some Collection<Int> { slotByItem.keys }

  /// Lays the tiles out for a new content size and visible rect.
  ///
  /// 1. Records `contentSize` (a resize may change it and every frame).
  /// 2. Recycles every visible tile whose item is no longer among `items(visibleRect)`.
  /// 3. Gives each newly visible item a tile, taken from the pool or created when the pool is
  ///    empty, and calls `configure` on it (with `itemIndex`, `frame` set and `request`,
  ///    `shownRequest` cleared; `preview` and `label` still hold the previous item's content).
  /// 4. Sets the frame of every visible tile, since a resize moves tiles that stayed visible.
  ///
  /// `items` returns the items whose frames intersect a rect, and is called once; items it
  /// returns that do not intersect the rect are ignored, and a repeated index keeps its first
  /// frame. O(k) for k items returned plus the tiles visible before the pass.
  public mutating func layOut<Items: Collection>(
    contentSize: CellSize, visibleRect: CellRect, items: (CellRect) -> Items,
    configure: (inout Tile<Request>, Items.Element) -> Void
  ) where Items.Element: TiledItem {
    self.contentSize = contentSize
    self.visibleRect = visibleRect
    pass &+= 1
    let wanted = items(visibleRect)

    // Mark the tiles that stay visible (and move them to their new frames).
    for item in wanted where item.frame.intersects(visibleRect) {
      if let slot = slotByItem[item.index], tiles[slot].lastPass != pass {
        tiles[slot].frame = item.frame
        tiles[slot].lastPass = pass
      }
    }

    // Recycle the rest.
    departingSlots.removeAll(keepingCapacity: true)
    for slot in slotByItem.values where tiles[slot].lastPass != pass {
      departingSlots.append(slot)
    }
    for slot in departingSlots {
      slotByItem[tiles[slot].itemIndex] = nil
      tiles[slot].request = nil
      tiles[slot].shownRequest = nil
      pooledSlots.append(slot)
    }
    counters.recycled += departingSlots.count

    // Show the newly visible items.
    for item in wanted where item.frame.intersects(visibleRect) {
      guard slotByItem[item.index] == nil else { continue }
      let slot: Int
      if let pooled = pooledSlots.popLast() {
        slot = pooled
        counters.reused += 1
      } else {
        slot = tiles.count
        tiles.append(Tile(id: slot))
        counters.created += 1
      }
      slotByItem[item.index] = slot
      tiles[slot].itemIndex = item.index
      tiles[slot].frame = item.frame
      tiles[slot].lastPass = pass
      configure(&tiles[slot], item)
    }

    counters.visible = slotByItem.count
    counters.peakVisible = max(counters.peakVisible, counters.visible)
  }

  /// Recycles every visible tile, as when the document or the layout style changes.
  /// O(visible tiles).
  public mutating func recycleAll() {
    for slot in slotByItem.values {
      tiles[slot].request = nil
      tiles[slot].shownRequest = nil
      pooledSlots.append(slot)
    }
    counters.recycled += slotByItem.count
    slotByItem.removeAll(keepingCapacity: true)
    counters.visible = 0
  }

  /// The visible tile showing item `index`, if any. The copy shares the tile's buffers: drop it
  /// before changing the tile, or the change copies them.
  public func tile(forItem index: Int) -> Tile<Request>? {
    slotByItem[index].map { tiles[$0] }
  }

  /// Changes in place every visible tile that wants `request`, as when its render arrives; a
  /// render for a tile that moved on to another item reaches no tile. Returns how many tiles
  /// changed. O(visible tiles).
  @discardableResult
  public mutating func updateTiles(
    requesting request: Request, _ body: (inout Tile<Request>) -> Void
  ) -> Int {
    var changed = 0
    for slot in slotByItem.values where tiles[slot].request == request {
      body(&tiles[slot])
      changed += 1
    }
    return changed
  }

  /// Calls `body` with every visible tile, in no particular order. O(visible tiles).
  public func forEachVisibleTile(_ body: (Tile<Request>) throws -> Void) rethrows {
    for slot in slotByItem.values { try body(tiles[slot]) }
  }

  /// Changes every visible tile in place, in no particular order. O(visible tiles).
  public mutating func updateVisibleTiles(_ body: (inout Tile<Request>) throws -> Void) rethrows {
    for slot in slotByItem.values { try body(&tiles[slot]) }
  }
}

extension TilePool: Sendable where Request: Sendable {}
