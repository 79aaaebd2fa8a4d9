extension CellRect {
  /// The rectangle cut into tiles, left to right then top to bottom, each no more than
  /// `largest` pixels at `cellPixels` a cell: how a picture wider or taller than a terminal
  /// shows (xterm's `maxGraphicSize`) goes out as several. A tile's height is a multiple of
  /// six pixels where one fits (sixel paints bands of six rows: a band cut short would spill
  /// into the tile below). Empty when not even one cell fits in `largest`; the rectangle
  /// itself when `largest` is nil.
  public func tiles(cellPixels: PixelSize, largest: PixelSize?) -> [CellRect] {
    guard !isEmpty else { return [] }
    guard let largest else { return [self] }
    guard cellPixels.width > 0, cellPixels.height > 0 else { return [] }
    let columns = largest.width / cellPixels.width
    var rows = largest.height / cellPixels.height
    guard columns > 0, rows > 0 else { return [] }
    if let whole = (1...rows).reversed().first(where: { $0 * cellPixels.height % 6 == 0 }) {
      rows = whole
    }
    var tiles: [CellRect] = []
    for y in stride(from: minY, to: maxY, by: rows) {
      for x in stride(from: minX, to: maxX, by: columns) {
        tiles.append(
          CellRect(x: x, y: y, columns: min(columns, maxX - x), rows: min(rows, maxY - y)))
      }
    }
    return tiles
  }
}
