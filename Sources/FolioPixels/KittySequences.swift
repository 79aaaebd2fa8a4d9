import FolioCore

/// kitty's graphics protocol as bytes: an encoded picture transmitted in chunks, placements,
/// virtual placements for Unicode placeholders, removals and deletions, and the wrapping that
/// passes them through tmux. Every sequence is quiet (`q=2`): a terminal that answered would
/// type its answer into whatever reads the terminal next.
public enum KittySequences {
  /// The largest base64 payload of one chunk, as the protocol asks.
  public static let chunkSize = 4096

  /// `picture` (kitty-encoded: its one piece the base64 payload, its format keys) under the
  /// control keys `keys` (`a=t,i=…` to transmit, `a=T,c=…,r=…,C=1` to show at the cursor),
  /// in chunks of at most `chunkSize` payload bytes, each its own APC sequence.
  public static func transmission(of picture: EncodedPicture, keys: String) -> [UInt8] {
    let payload = picture.pieces.first?.bytes ?? []
    let control = keys + "," + picture.format + ",q=2"
    var bytes: [UInt8] = []
    bytes.reserveCapacity(payload.count + payload.count / chunkSize * 24 + 64)
    var start = 0
    repeat {
      let end = min(payload.count, start + chunkSize)
      let more = end < payload.count ? 1 : 0
      // Every chunk quiet: a terminal that answers a later chunk would type its answer into
      // the shell after `--print`.
      let chunkKeys = start == 0 ? control + ",m=\(more)" : "m=\(more),q=2"
      bytes += Array("\u{1B}_G\(chunkKeys);".utf8) + payload[start..<end] + Array("\u{1B}\\".utf8)
      start = end
    } while start < payload.count
    return bytes
  }

  /// Transmits `picture` as image `id` without showing it (`a=t`): placements show it.
  public static func transmitting(_ picture: EncodedPicture, id: UInt32) -> [UInt8] {
    transmission(of: picture, keys: "a=t,i=\(id)")
  }

  /// Transmits and shows `picture` (`a=T`) over `cells` at the cursor, the cursor left where
  /// it is (`C=1`); with `id`, the image replaces any other of that id.
  public static func showing(_ picture: EncodedPicture, over cells: CellSize, id: UInt32? = nil)
    -> [UInt8]
  {
    var keys = "a=T,c=\(cells.columns),r=\(cells.rows),C=1"
    if let id { keys += ",i=\(id)" }
    return transmission(of: picture, keys: keys)
  }

  /// Shows image `id` at the cursor, its `crop` (pixels of the image: x, y, width, height)
  /// scaled to `cells`, or at its own pixels without them, as placement `number` of the image:
  /// placing it again moves it, with no flicker. The cursor stays.
  public static func placement(
    of id: UInt32, number: Int = 1, crop: (x: Int, y: Int, width: Int, height: Int),
    over cells: CellSize?
  ) -> [UInt8] {
    let scale = cells.map { ",c=\($0.columns),r=\($0.rows)" } ?? ""
    return Array(
      ("\u{1B}_Ga=p,i=\(id),p=\(number),x=\(crop.x),y=\(crop.y),w=\(crop.width),h=\(crop.height)"
        + "\(scale),C=1,q=2\u{1B}\\").utf8)
  }

  /// Gives image `id` a virtual placement over a grid of `cells` (`U=1`): placeholder cells
  /// (`PlaceholderMarks`) then show its parts, the image scaled to the grid.
  public static func virtualPlacement(of id: UInt32, over cells: CellSize) -> [UInt8] {
    Array("\u{1B}_Ga=p,U=1,i=\(id),c=\(cells.columns),r=\(cells.rows),q=2\u{1B}\\".utf8)
  }

  /// Takes image `id`'s placements off the screen (only placement `number` when one is
  /// given), keeping its pixels for later placements.
  public static func removal(of id: UInt32, number: Int? = nil) -> [UInt8] {
    let placement = number.map { ",p=\($0)" } ?? ""
    return Array("\u{1B}_Ga=d,d=i,i=\(id)\(placement),q=2\u{1B}\\".utf8)
  }

  /// Deletes image `id` and its pixels from the terminal.
  public static func deletion(of id: UInt32) -> [UInt8] {
    Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
  }

  /// Deletes every image on the screen and its pixels (on the alternate screen: Folio's).
  public static let deletionOfAll = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

  /// `sequences` (escape sequences, each starting with ESC) passed through tmux to the outer
  /// terminal: each its own `ESC Ptmux; … ESC \`, its escapes doubled. tmux passes them on
  /// only where `allow-passthrough` is on.
  public static func throughTmux(_ sequences: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(sequences.count + sequences.count / 64 + 16)
    var isOpen = false
    var index = 0
    while index < sequences.count {
      let byte = sequences[index]
      if byte == 0x1B {
        // A new sequence starts at an ESC that does not end one (ESC \ ends APC, DCS, OSC).
        let ends = index + 1 < sequences.count && sequences[index + 1] == 0x5C
        if !isOpen {
          output += Array("\u{1B}Ptmux;".utf8)
          isOpen = true
        }
        output += [0x1B, 0x1B]
        if ends {
          output.append(0x5C)
          output += [0x1B, 0x5C]
          isOpen = false
          index += 2
          continue
        }
      } else {
        output.append(byte)
      }
      index += 1
    }
    if isOpen { output += [0x1B, 0x5C] }
    return output
  }
}
