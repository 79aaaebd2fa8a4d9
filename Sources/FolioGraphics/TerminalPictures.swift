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
    case .iterm2(let cells):
      guard let image = ITermImage(picture, over: cells) else { return nil }
      return EncodedPicture(size: picture.size, pieces: [EncodedPicture.Piece(bytes: image.bytes)])
    }
  }

  /// `picture` as sixel images no larger than `largest` each (one when it fits or no limit is
  /// known), cut along cells and sharing one palette; nil when it cannot be encoded.
  static func sixelTiles(of picture: PixelPicture, cellPixels: PixelSize, largest: PixelSize?)
    -> [EncodedPicture.Piece]?
  {
    let (width, height) = (picture.size.width, picture.size.height)
    let cells = CellRect(
      x: 0, y: 0, columns: width / max(1, cellPixels.width),
      rows: (height + cellPixels.height - 1) / max(1, cellPixels.height))
    let tiles = cells.tiles(cellPixels: cellPixels, largest: largest)
    guard tiles.count > 1 else {
      return SixelImage(picture).map { [EncodedPicture.Piece(bytes: $0.bytes)] }
    }
    // Each tile's pixels; the last row of tiles ends where the picture does (cut to whole bands).
    let parts = tiles.map { tile in
      let y = tile.minY * cellPixels.height
      return CellRect(
        x: tile.minX * cellPixels.width, y: y, columns: tile.size.columns * cellPixels.width,
        rows: min(tile.size.rows * cellPixels.height, height - y))
    }
    guard let encoded = SixelImage.tiles(of: picture, parts: parts) else { return nil }
    return zip(tiles, encoded).map { EncodedPicture.Piece(offset: $0.origin, bytes: $1) }
  }
}
