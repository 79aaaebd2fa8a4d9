import FolioCore

/// Whether an encoded picture from a page worker is what was asked for and nothing else: the
/// worker draws untrusted documents, and its bytes go to the terminal as they are. So a kitty
/// picture is base64 under one of the two format keys Folio sends; each sixel image is
/// `ESC P`, digits and semicolons, `q`, printable sixel data, `ESC \`, at a cell inside the
/// picture; an iTerm2 picture is base64 (the viewer writes the sequence around it). Its size
/// must be the one asked for.
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
    case .sixel(let cellPixels, _):
      guard picture.format.isEmpty else { return false }
      let columns = (size.width + cellPixels.width - 1) / max(1, cellPixels.width)
      let rows = (size.height + cellPixels.height - 1) / max(1, cellPixels.height)
      return picture.pieces.allSatisfy { piece in
        (0..<columns).contains(piece.offset.x) && (0..<rows).contains(piece.offset.y)
          && isSixel(piece.bytes)
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

  /// One sixel image: `ESC P`, parameters, `q`, printable data, `ESC \`.
  static func isSixel(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 5, bytes[0] == 0x1B, bytes[1] == 0x50,
      bytes[bytes.count - 2] == 0x1B, bytes[bytes.count - 1] == 0x5C
    else { return false }
    var index = 2
    while index < bytes.count - 2, (0x30...0x3B).contains(bytes[index]) { index += 1 }
    guard index < bytes.count - 2, bytes[index] == 0x71 else { return false }
    return bytes[(index + 1)..<(bytes.count - 2)].allSatisfy { (0x20...0x7E).contains($0) }
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
