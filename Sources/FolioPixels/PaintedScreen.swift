import FolioCore

/// What a terminal whose pictures are part of the cells they cover (sixel, iTerm2's inline
/// images) has painted, and the bytes that bring it to a frame's pictures. Written once, a
/// picture stays until text is written over its cells; text written over some of its cells
/// replaces the picture there only. So each picture is painted whole over the cells of its
/// placement on screen, and the cells drawn over the page there (the holes: a panel, the help,
/// a hit's tint) are written again after it. A picture is painted again when it changes, when
/// curses wrote over its cells (a cell that is not a hole changed since the last frame), or
/// when a hole closes; a hole that opens is only written. A pure value: frames in, bytes out.
public struct PaintedScreen: Sendable {
  /// A picture the screen wants: what is drawn, and the cells of it that show the frame's
  /// cells instead.
  public struct Wanted: Equatable, Sendable {
    public var request: PixelRequest
    public var holes: Set<CellPoint>
    /// Pictures of a greater depth are painted after (over) those of a smaller one.
    public var depth: Int

    /// Creates a want.
    public init(request: PixelRequest, holes: Set<CellPoint>, depth: Int = 0) {
      self.request = request
      self.holes = holes
      self.depth = depth
    }
  }

  /// A picture painted: which, and the holes written over it.
  public struct Painted: Equatable, Sendable {
    public var request: PixelRequest
    public var holes: Set<CellPoint>
  }

  /// What is painted, by the cells it covers.
  public private(set) var painted: [CellRect: Painted] = [:]
  /// Nothing painted yet.
  public init() {}

  /// The frame the last bytes were for.
  private var previous: ScreenBuffer?

  /// Forgets everything painted (the screen was cleared, or the pictures go).
  public mutating func forget() {
    painted = [:]
    previous = nil
  }

  /// The rows curses must draw again: those of pictures no longer wanted where they are,
  /// whose pixels would stay in cells curses does not change. Pictures on those rows are
  /// painted again. A cleared screen lost every picture.
  public mutating func staleRows(for wanted: [CellRect: Wanted], screenCleared: Bool) -> [Range<
    Int
  >] {
    if screenCleared {
      forget()
      return []
    }
    let gone = painted.filter { wanted[$0.key]?.request != $0.value.request }.map(\.key)
    guard !gone.isEmpty else { return [] }
    let rows = gone.map { $0.minY..<$0.maxY }
    for rect in painted.keys where rows.contains(where: { $0.overlaps(rect.minY..<rect.maxY) }) {
      painted[rect] = nil
    }
    return rows
  }

  /// The bytes that paint the pictures `wanted` whose encoded pieces `pieces` gives, over
  /// `frame` just presented, and write their holes again with `colorMode`'s colors.
  public mutating func paint(
    _ wanted: [CellRect: Wanted], over frame: ScreenBuffer, colorMode: ColorMode,
    pieces: (PixelRequest) -> [EncodedPicture.Piece]?
  ) -> [UInt8] {
    defer { previous = frame }
    var bytes: [UInt8] = []
    let printer = AnsiPrinter(colorMode: colorMode)
    // Deeper pictures last; one painted or written into this frame under a deeper one's
    // cells paints that one again.
    let order = wanted.keys.sorted {
      (wanted[$0]?.depth ?? 0, $0.minY, $0.minX) < (wanted[$1]?.depth ?? 0, $1.minY, $1.minX)
    }
    var touched: [CellRect] = []
    for rect in order {
      guard let want = wanted[rect], let encoded = pieces(want.request) else { continue }
      if let old = painted[rect], old.request == want.request,
        !touched.contains(where: { $0.intersects(rect) }),
        !isOverwritten(rect, keeping: old.holes.union(want.holes), in: frame),
        old.holes.isSubset(of: want.holes)
      {
        // Holes opened, none closed: only the new ones are written.
        let opened = want.holes.subtracting(old.holes)
        if !opened.isEmpty { touched.append(rect) }
        bytes += Self.cells(opened, of: frame, printer: printer)
        painted[rect] = Painted(request: want.request, holes: want.holes)
        continue
      }
      touched.append(rect)
      for piece in encoded {
        let (row, column) = (rect.minY + piece.offset.y + 1, rect.minX + piece.offset.x + 1)
        bytes += Array("\u{1B}7\u{1B}[\(row);\(column)H".utf8)
        bytes += piece.bytes
        bytes += Array("\u{1B}8".utf8)
      }
      bytes += Self.cells(want.holes, of: frame, printer: printer)
      painted[rect] = Painted(request: want.request, holes: want.holes)
    }
    return bytes
  }

  /// Whether curses wrote over the picture in `rect` since the last frame: a cell not in
  /// `holes` changed.
  private func isOverwritten(
    _ rect: CellRect, keeping holes: Set<CellPoint>, in frame: ScreenBuffer
  )
    -> Bool
  {
    guard let previous, previous.size == frame.size else { return true }
    for y in rect.minY..<rect.maxY {
      for x in rect.minX..<rect.maxX
      where frame[x, y] != previous[x, y] && !holes.contains(CellPoint(x: x, y: y)) {
        return true
      }
    }
    return false
  }

  /// The bytes that write `points` of `frame` again: each run along a row at its place, the
  /// cursor and colors saved and restored around it.
  public static func cells(_ points: Set<CellPoint>, of frame: ScreenBuffer, printer: AnsiPrinter)
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    let sorted = points.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    var index = 0
    while index < sorted.count {
      let start = sorted[index]
      var end = index + 1
      while end < sorted.count, sorted[end].y == start.y,
        sorted[end].x == sorted[end - 1].x + 1
      {
        end += 1
      }
      let run = (start.x..<start.x + (end - index)).map { frame[$0, start.y] }
      if let line = ScreenBuffer(size: CellSize(columns: run.count, rows: 1), cells: run) {
        var text = printer.text(for: line)
        if text.hasSuffix("\n") { text.removeLast() }
        bytes += Array("\u{1B}7\u{1B}[\(start.y + 1);\(start.x + 1)H".utf8)
        bytes += Array(text.utf8)
        bytes += Array("\u{1B}8".utf8)
      }
      index = end
    }
    return bytes
  }
}
