import FolioCore

/// The bytes that show a kitty image over the parts of its grid that show it (placement
/// style): each part a placement of its own, numbered from 1, its crop of the image (cut to
/// the image, which may end inside the last row or column of its grid to keep its page's
/// shape) shown at the image's own pixels, or scaled to the part's cells when the cell's size
/// in pixels is a guess. Placing a number again moves it without flicker; numbers past the new
/// parts are taken off. The cursor is saved and restored around each.
public enum KittyPlacements {
  /// Shows image `id`, of `picture` pixels, whose whole picture starts at `grid`'s top-left,
  /// over `parts` (cells of `grid`), where it showed over `replacing` parts before; a cell is
  /// `cellPixels` large, scaled to when `scalesToCells`.
  public static func bytes(
    placing id: UInt32, grid: CellRect, picture: PixelSize, parts: [CellRect], replacing: Int,
    cellPixels: PixelSize, scalesToCells: Bool = false
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    var number = 0
    for part in parts {
      guard let crop = crop(of: part, grid: grid, picture: picture, cellPixels: cellPixels)
      else { continue }
      number += 1
      bytes += Array("\u{1B}7\u{1B}[\(part.minY + 1);\(part.minX + 1)H".utf8)
      bytes += KittySequences.placement(
        of: id, number: number,
        crop: (crop.minX, crop.minY, crop.size.columns, crop.size.rows),
        over: scalesToCells ? part.size : nil)
      bytes += Array("\u{1B}8".utf8)
    }
    for number in stride(from: number + 1, through: replacing, by: 1) {
      bytes += KittySequences.removal(of: id, number: number)
    }
    return bytes
  }

  /// How many placements `bytes(placing:…)` makes of `parts`: those that cover some of the
  /// picture.
  public static func count(
    of parts: [CellRect], grid: CellRect, picture: PixelSize, cellPixels: PixelSize
  ) -> Int {
    parts.filter { crop(of: $0, grid: grid, picture: picture, cellPixels: cellPixels) != nil }
      .count
  }

  /// The pixels of the picture `part` (cells of `grid`) shows, cut to the picture; nil for
  /// none.
  static func crop(of part: CellRect, grid: CellRect, picture: PixelSize, cellPixels: PixelSize)
    -> CellRect?
  {
    let crop = CellRect(
      x: (part.minX - grid.minX) * cellPixels.width,
      y: (part.minY - grid.minY) * cellPixels.height,
      columns: part.size.columns * cellPixels.width, rows: part.size.rows * cellPixels.height
    ).intersection(CellRect(x: 0, y: 0, columns: picture.width, rows: picture.height))
    return crop.isEmpty ? nil : crop
  }
}
