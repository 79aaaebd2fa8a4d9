import FolioCore

/// Page pixels encoded for a terminal's image protocol, in the worker process that rendered
/// them (zlib and libsixel run there, inside its sandbox, not in the viewer).
public enum TerminalPictures {
  /// `picture` encoded as `encoding` asks; nil when it cannot be.
  @Sendable public static func encoded(_ picture: PixelPicture, as encoding: PictureEncoding)
    -> EncodedPicture?
  {
    switch encoding {
    case .kitty:
      guard let encoded = KittyImage.Encoded(picture) else { return nil }
      return EncodedPicture(
        size: picture.size, pieces: [EncodedPicture.Piece(bytes: encoded.payload)],
        format: encoded.format)
    case .sixel(let cellPixels, let largest):
      guard let tiles = sixelTiles(of: picture, cellPixels: cellPixels, largest: largest) else {
        return nil
      }
      return EncodedPicture(size: picture.size, pieces: tiles)
    case .iterm2:
      // The PNG (a palette or gray for most pages, RGB for photographs) in base64: the viewer
      // writes iTerm2's sequence around it (`ITermSequences`).
      guard let png = IndexedPNG.anyPNG(picture) else { return nil }
      return EncodedPicture(
        size: picture.size, pieces: [EncodedPicture.Piece(bytes: Base64.encoded(png))])
    }
  }

  /// `picture` as sixel images no larger than `largest` each (one when it fits or no limit is
  /// known), cut along cells and sharing one palette; nil when it cannot be encoded.
  static func sixelTiles(of picture: PixelPicture, cellPixels: PixelSize, largest: PixelSize?)
    -> [EncodedPicture.Piece]?
  {
    let (width, height) = (picture.size.width, picture.size.height)
    // Whole cells, the last row and column ending where the picture does (it keeps its
    // page's shape, so it may end inside a cell).
    let cells = CellRect(
      x: 0, y: 0, columns: (width + cellPixels.width - 1) / max(1, cellPixels.width),
      rows: (height + cellPixels.height - 1) / max(1, cellPixels.height))
    let tiles = cells.tiles(cellPixels: cellPixels, largest: largest)
    guard tiles.count > 1 else {
      return SixelImage(picture).map { [EncodedPicture.Piece(bytes: $0.bytes)] }
    }
    // Each tile's pixels; the last row of tiles ends where the picture does (cut to whole bands).
    let parts = tiles.map { tile in
      let (x, y) = (tile.minX * cellPixels.width, tile.minY * cellPixels.height)
      return CellRect(
        x: x, y: y, columns: min(tile.size.columns * cellPixels.width, width - x),
        rows: min(tile.size.rows * cellPixels.height, height - y))
    }
    guard let encoded = SixelImage.tiles(of: picture, parts: parts) else { return nil }
    return zip(tiles, encoded).map { EncodedPicture.Piece(offset: $0.origin, bytes: $1) }
  }
}
