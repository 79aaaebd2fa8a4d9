import FolioTestSupport
import Testing

@testable import FolioCore
@testable import FolioLayout

/// Drives a `TilePool` over a `FakeGrid` as a view would, checking the pool after every pass.
private struct ScrollSession {
  var pool = TilePool<Int>()
  var grid: FakeGrid
  var viewport: CellRect
  var margin: Int
  /// The largest number of items that ever intersected the visible rect.
  var largestVisibleSet = 0
  /// Per tile id: the preview size and cell storage address after its last configuration.
  var previewStorage: [Int: (size: CellSize, address: UnsafeRawPointer?)] = [:]
  var configureCount = 0
  var reallocatedOnReuse = 0
  var staleReuses = 0
  /// The first broken invariant, if any.
  var violation: String?

  init(grid: FakeGrid, viewport: CellRect, margin: Int) {
    self.grid = grid
    self.viewport = viewport
    self.margin = margin
  }

  var visibleRect: CellRect {
    CellRect(
      x: viewport.minX - margin, y: viewport.minY - margin,
      columns: viewport.size.columns + 2 * margin, rows: viewport.size.rows + 2 * margin)
  }

  /// Runs one layout pass. `scan` also compares against every item of the grid (O(n)).
  mutating func layOut(scan: Bool = false) {
    let grid = self.grid
    var configured: [(id: Int, size: CellSize, address: UnsafeRawPointer?)] = []
    var stale = 0
    pool.layOut(contentSize: grid.contentSize, visibleRect: visibleRect, items: grid.items(near:)) {
      tile, item in
      if tile.request != nil || tile.shownRequest != nil { stale += 1 }
      tile.preview.reset(to: item.frame.size)
      tile.request = item.index
      let address = tile.preview.cells.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
      configured.append((tile.id, item.frame.size, address))
    }
    for entry in configured {
      if let previous = previewStorage[entry.id], previous.size == entry.size,
        previous.address != entry.address
      {
        reallocatedOnReuse += 1
      }
      previewStorage[entry.id] = (entry.size, entry.address)
    }
    configureCount += configured.count
    staleReuses += stale
    checkInvariants(scan: scan)
  }

  /// Checks the pool against the grid; keeps the first broken invariant.
  mutating func checkInvariants(scan: Bool) {
    let found = findViolation(scan: scan)
    if violation == nil { violation = found }
  }

  /// The first invariant the pool breaks after the last pass, if any. Plain checks, not
  /// `#expect`s, so thousands of passes stay fast; the test expects `violation == nil`.
  mutating func findViolation(scan: Bool) -> String? {
    let expected =
      scan
      ? grid.itemsIntersectingByScan(visibleRect)
      : Dictionary(
        grid.items(near: visibleRect).filter { $0.frame.intersects(visibleRect) }
          .map { ($0.index, $0.frame) }, uniquingKeysWith: { first, _ in first })
    largestVisibleSet = max(largestVisibleSet, expected.count)

    // Every visible index has exactly one tile, at the item's frame, wanting the item.
    guard pool.visibleCount == expected.count, Set(pool.visibleItemIndices) == Set(expected.keys)
    else { return "visible items \(pool.visibleItemIndices.sorted()) != \(expected.keys.sorted())" }
    var visibleIDs: [Int] = []
    var tileProblem: String?
    pool.forEachVisibleTile { tile in
      visibleIDs.append(tile.id)
      if tile.frame != expected[tile.itemIndex] || tile.request != tile.itemIndex {
        tileProblem = "tile \(tile.id) for item \(tile.itemIndex) is stale"
      }
    }
    if let tileProblem { return tileProblem }

    // No tile is both visible and pooled, none is lost, none is listed twice.
    let pooledIDs = pool.pooledSlots
    let visibleSet = Set(visibleIDs)
    guard visibleSet.count == visibleIDs.count, Set(pooledIDs).count == pooledIDs.count,
      visibleSet.isDisjoint(with: pooledIDs),
      visibleSet.union(pooledIDs) == Set(0..<pool.counters.created)
    else { return "visible tiles \(visibleIDs.sorted()), pooled \(pooledIDs.sorted())" }
    if pooledIDs.contains(where: { pool.tiles[$0].request != nil }) {
      return "a pooled tile keeps a request"
    }

    // Counters agree with what happened; tiles are made only when the pool is empty.
    let counters = pool.counters
    guard counters.visible == expected.count,
      counters.created + counters.reused == configureCount,
      counters.created + counters.reused - counters.recycled == counters.visible
    else { return "counters \(counters) disagree (\(configureCount) configured)" }
    guard counters.created <= largestVisibleSet else {
      return "created \(counters.created) tiles, largest visible set \(largestVisibleSet)"
    }
    guard reallocatedOnReuse == 0, staleReuses == 0 else {
      return "\(reallocatedOnReuse) same-size reuses reallocated, \(staleReuses) kept a request"
    }
    return nil
  }
}

@Suite("Tile pool")
struct TilePoolTests {
  private static let thumbnails = FakeGrid(
    count: 15_000, columns: 5, itemSize: CellSize(columns: 14, rows: 9), gap: 2)

  @Test func firstPassCreatesOneTilePerVisibleItem() {
    var session = ScrollSession(
      grid: Self.thumbnails, viewport: CellRect(x: 0, y: 0, columns: 80, rows: 24), margin: 0)
    session.layOut(scan: true)
    // 24 rows at a pitch of 11 touch rows 0, 1 and 2: 15 items.
    #expect(session.pool.counters.created == 15)
    #expect(session.pool.counters.reused == 0)
    #expect(session.pool.pooledCount == 0)
    #expect(session.violation == nil)
  }

  @Test func scrollingOneRowRecyclesARowAndReusesIt() {
    var session = ScrollSession(
      grid: Self.thumbnails, viewport: CellRect(x: 0, y: 0, columns: 80, rows: 22), margin: 0)
    session.layOut()
    #expect(Set(session.pool.visibleItemIndices) == Set(0..<10))
    session.viewport.origin.y = 11
    session.layOut()
    #expect(Set(session.pool.visibleItemIndices) == Set(5..<15))
    #expect(session.pool.counters.recycled == 5)
    #expect(session.pool.counters.reused == 5)
    #expect(session.pool.counters.created == 10)
    #expect(session.violation == nil)
  }

  @Test func scrollingThroughEveryItemCreatesNoMoreThanTheLargestVisibleSet() {
    var session = ScrollSession(
      grid: Self.thumbnails, viewport: CellRect(x: 0, y: 0, columns: 80, rows: 24), margin: 6)
    let lastRow = session.grid.contentSize.rows - session.viewport.size.rows
    var y = 0
    while y <= lastRow {
      session.viewport.origin.y = y
      session.layOut()
      y += 5  // coprime with the row pitch of 11: every offset within a row occurs
    }
    #expect(session.pool.visibleItemIndices.contains(14_999))
    #expect(session.pool.counters.created == session.largestVisibleSet)
    #expect(session.pool.counters.reused > 14_000)
    #expect(session.violation == nil)
  }

  @Test(arguments: [1 as UInt64, 2, 3])
  func randomScrollsJumpsAndResizesKeepTheInvariants(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var session = ScrollSession(
      grid: Self.thumbnails, viewport: CellRect(x: 0, y: 0, columns: 80, rows: 24), margin: 4)
    for step in 0..<1_000 {
      switch Int.random(in: 0..<20, using: &random) {
      case 0:
        // Resize: a new terminal size relays out the grid; kept tiles move.
        let columns = Int.random(in: 20...200, using: &random)
        session.viewport.size = CellSize(
          columns: columns, rows: Int.random(in: 8...60, using: &random))
        session.grid.columns = max(1, columns / session.grid.pitch.columns)
      case 1:
        // Zoom: items change size (so previews are reallocated once).
        let width = Int.random(in: 6...30, using: &random)
        session.grid.itemSize = CellSize(columns: width, rows: width * 2 / 3)
        session.grid.columns = max(1, session.viewport.size.columns / session.grid.pitch.columns)
      case 2:
        // Jump anywhere (go to page), even past the ends.
        session.viewport.origin.y = Int.random(
          in: -50...(session.grid.contentSize.rows + 50), using: &random)
      default:
        session.viewport.origin.y += Int.random(in: -15...15, using: &random)
        session.viewport.origin.x = Int.random(in: -3...3, using: &random)
      }
      session.layOut(scan: step % 100 == 0)
    }
    #expect(session.pool.counters.created == session.largestVisibleSet)
    #expect(session.pool.counters.recycled > 0)
    #expect(session.violation == nil)
  }

  @Test func resizeMovesTilesThatStayVisible() {
    var session = ScrollSession(
      grid: Self.thumbnails, viewport: CellRect(x: 0, y: 0, columns: 80, rows: 30), margin: 0)
    session.layOut()
    let before = session.pool.tile(forItem: 5)?.frame
    session.grid.columns = 4
    session.layOut(scan: true)
    let after = session.pool.tile(forItem: 5)?.frame
    #expect(before == CellRect(x: 0, y: 11, columns: 14, rows: 9))
    #expect(after == CellRect(x: 16, y: 11, columns: 14, rows: 9))
    #expect(session.violation == nil)
  }

  @Test func renderForARecycledTileReachesNoTile() {
    var session = ScrollSession(
      grid: Self.thumbnails, viewport: CellRect(x: 0, y: 0, columns: 80, rows: 22), margin: 0)
    session.layOut()
    let id = session.pool.tile(forItem: 3)?.id
    session.viewport.origin.y = 11 * 100
    session.layOut()
    // Item 3's tile now shows another item; its render must not land there.
    #expect(session.pool.tile(forItem: 3) == nil)
    #expect(session.pool.updateTiles(requesting: 3) { $0.shownRequest = 3 } == 0)
    var reusedTileShowsItsOwnItem = false
    session.pool.forEachVisibleTile { tile in
      if tile.id == id { reusedTileShowsItsOwnItem = tile.request == tile.itemIndex }
    }
    #expect(reusedTileShowsItsOwnItem)
    let target = session.pool.tile(forItem: 502)?.request
    #expect(target == 502)
    #expect(session.pool.updateTiles(requesting: 502) { $0.shownRequest = 502 } == 1)
    #expect(session.pool.tile(forItem: 502)?.isShowingRequest == true)
    #expect(session.violation == nil)
  }

  @Test func recycleAllEmptiesTheVisibleSet() {
    var session = ScrollSession(
      grid: Self.thumbnails, viewport: CellRect(x: 0, y: 0, columns: 80, rows: 24), margin: 0)
    session.layOut()
    session.pool.recycleAll()
    #expect(session.pool.visibleCount == 0)
    #expect(session.pool.pooledCount == session.pool.counters.created)
    // Every tile is reused by the next pass; none is created.
    session.layOut()
    #expect(session.pool.counters.reused == 15)
    #expect(session.pool.counters.created == 15)
    #expect(session.violation == nil)
  }

  @Test func repeatedAndOutsideItemsAreIgnored() {
    var pool = TilePool<Int>()
    let rect = CellRect(x: 0, y: 0, columns: 10, rows: 10)
    let items = [
      FakeItem(index: 0, frame: CellRect(x: 0, y: 0, columns: 4, rows: 4)),
      FakeItem(index: 0, frame: CellRect(x: 5, y: 5, columns: 4, rows: 4)),
      FakeItem(index: 1, frame: CellRect(x: 20, y: 0, columns: 4, rows: 4)),
    ]
    pool.layOut(
      contentSize: CellSize(columns: 30, rows: 10), visibleRect: rect, items: { _ in items },
      configure: { tile, item in tile.request = item.index })
    #expect(pool.visibleCount == 1)
    #expect(pool.tile(forItem: 0)?.frame == items[0].frame)
    #expect(pool.tile(forItem: 0)?.request == 0)
    #expect(pool.counters.created == 1)
  }
}
