import FolioCore

/// The bytes that show a kitty image over the parts of its grid that show it (placement
/// style): each part a placement of its own, numbered from 1, its crop of the image scaled to
/// its cells. Placing a number again moves it without flicker; numbers past the new parts are
/// taken off. The cursor is saved and restored around each.
public enum KittyPlacements {
  /// Shows image `id`, whose whole picture spans `grid`, over `parts` (cells of `grid`), where
  /// it showed over `replacing` parts before; a cell is `cellPixels` large.
  public static func bytes(
    placing id: UInt32, grid: CellRect, parts: [CellRect], replacing: Int, cellPixels: PixelSize
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    for (index, part) in parts.enumerated() {
      bytes += Array("\u{1B}7\u{1B}[\(part.minY + 1);\(part.minX + 1)H".utf8)
      bytes += KittySequences.placement(
        of: id, number: index + 1,
        crop: (
          (part.minX - grid.minX) * cellPixels.width, (part.minY - grid.minY) * cellPixels.height,
          part.size.columns * cellPixels.width, part.size.rows * cellPixels.height
        ),
        over: part.size)
      bytes += Array("\u{1B}8".utf8)
    }
    for number in stride(from: parts.count + 1, through: replacing, by: 1) {
      bytes += KittySequences.removal(of: id, number: number)
    }
    return bytes
  }
}
