import FolioCore

/// Whether an encoded picture from a page worker is what was asked for and nothing else: the
/// worker draws untrusted documents, and its bytes go to the terminal as they are. So a kitty
/// picture is base64 under one of the two format keys Folio sends; the sixel images are the
/// tiles Folio cuts the picture into, each `ESC P`, digits and semicolons, `q`, sixel data
/// that paints no wider nor taller than its tile, `ESC \`; an iTerm2 picture is base64 (the
/// viewer writes the sequence around it). Its size must be the one asked for.
public enum PictureCheck {
  /// Whether `picture` is a well-formed answer to `job`.
  public static func isWellFormed(_ picture: EncodedPicture, for job: PictureJob) -> Bool {
    let size = job.request.size
    guard picture.size == size, !picture.pieces.isEmpty else { return false }
    switch job.encoding {
    case .kitty:
      let formats = ["f=100", "f=24,o=z,s=\(size.width),v=\(size.height)"]
      guard picture.pieces.count == 1, let piece = picture.pieces.first,
        piece.offset == CellPoint(x: 0, y: 0), formats.contains(picture.format)
      else { return false }
      return isBase64(piece.bytes)
    case .iterm2:
      guard picture.pieces.count == 1, let piece = picture.pieces.first,
        piece.offset == CellPoint(x: 0, y: 0), picture.format.isEmpty
      else { return false }
      return isBase64(piece.bytes)
    case .sixel(let cellPixels, let largest):
      guard picture.format.isEmpty, cellPixels.width > 0, cellPixels.height > 0 else {
        return false
      }
      // The tiles the worker cuts the picture into (one when it fits): each piece at its own.
      let cells = CellRect(
        x: 0, y: 0, columns: (size.width + cellPixels.width - 1) / cellPixels.width,
        rows: (size.height + cellPixels.height - 1) / cellPixels.height)
      let tiles = cells.tiles(cellPixels: cellPixels, largest: largest)
      let expected = tiles.count > 1 ? tiles : [cells]
      guard picture.pieces.count == expected.count else { return false }
      return zip(picture.pieces, expected).allSatisfy { piece, tile in
        let (x, y) = (tile.minX * cellPixels.width, tile.minY * cellPixels.height)
        let extent = PixelSize(
          width: min(tile.size.columns * cellPixels.width, size.width - x),
          height: min(tile.size.rows * cellPixels.height, size.height - y))
        return piece.offset == tile.origin && isSixel(piece.bytes, within: extent)
      }
    }
  }

  /// Only base64's alphabet and padding, and something.
  static func isBase64(_ bytes: [UInt8]) -> Bool {
    !bytes.isEmpty
      && bytes.allSatisfy { byte in
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
          || (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2F || byte == 0x3D
      }
  }

  /// One sixel image no larger than `extent`: `ESC P`, parameters, `q`, then only sixel
  /// data (raster attributes no larger than it, colors, repeats, carriage returns, new bands)
  /// painting at most its width and its height in six-pixel bands, then `ESC \`.
  static func isSixel(_ bytes: [UInt8], within extent: PixelSize) -> Bool {
    guard bytes.count >= 5, bytes[0] == 0x1B, bytes[1] == 0x50,
      bytes[bytes.count - 2] == 0x1B, bytes[bytes.count - 1] == 0x5C
    else { return false }
    var index = 2
    while index < bytes.count - 2, (0x30...0x3B).contains(bytes[index]) { index += 1 }
    guard index < bytes.count - 2, bytes[index] == 0x71 else { return false }
    let end = bytes.count - 2
    index += 1
    /// The numbers of a command's parameters from `index` on.
    func numbers() -> [Int] {
      var values: [Int] = [0]
      while index < end, (0x30...0x3B).contains(bytes[index]) {
        if bytes[index] == 0x3B {
          values.append(0)
        } else {
          values[values.count - 1] = min(
            1 << 24, values[values.count - 1] * 10 + Int(bytes[index] - 0x30))
        }
        index += 1
      }
      return values
    }
    let bandsAllowed = (extent.height + 5) / 6
    var (column, widest, bands, bandHasData) = (0, 0, 0, false)
    func paint(_ count: Int) -> Bool {
      if !bandHasData {
        bandHasData = true
        bands += 1
      }
      column += count
      widest = max(widest, column)
      return widest <= extent.width && bands <= bandsAllowed
    }
    while index < end {
      let byte = bytes[index]
      index += 1
      switch byte {
      case 0x22:  // " raster attributes: aspect, aspect, width, height
        let values = numbers()
        if values.count >= 4, values[2] > extent.width || values[3] > extent.height {
          return false
        }
      case 0x23:  // # a color
        _ = numbers()
      case 0x21:  // ! a repeat of the next sixel
        let count = numbers().first ?? 0
        guard index < end, (0x3F...0x7E).contains(bytes[index]) else { return false }
        index += 1
        guard paint(count) else { return false }
      case 0x24:  // $ back to the band's start
        column = 0
      case 0x2D:  // - the next band
        column = 0
        bandHasData = false
      case 0x3F...0x7E:
        guard paint(1) else { return false }
      default:
        return false
      }
    }
    return true
  }
}

/// iTerm2's inline image sequence around a picture's base64 PNG, which the viewer writes (the
/// worker sends only the base64).
public enum ITermSequences {
  /// The OSC 1337 sequence that shows the base64 PNG `payload` over `cells`, scaled to them.
  public static func inlineImage(base64 payload: [UInt8], over cells: CellSize) -> [UInt8] {
    let padding = payload.suffix(2).filter { $0 == 0x3D }.count
    let size = payload.count / 4 * 3 - padding
    let header =
      "\u{1B}]1337;File=inline=1;size=\(size);width=\(cells.columns);"
      + "height=\(cells.rows);preserveAspectRatio=0:"
    return Array(header.utf8) + payload + [0x07]
  }
}
