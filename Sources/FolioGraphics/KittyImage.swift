import CZlib
import FolioCore

/// A picture in kitty's graphics protocol: a PNG of at most 256 colors (`IndexedPNG`: most
/// text pages) or its RGB bytes deflated at level 1 (photographs), in base64, in chunks of at
/// most 4096 bytes, each its own quiet APC sequence. Shown at the cursor over a cell rectangle
/// without moving the cursor, or sent under an id for placements.
public struct KittyImage: Sendable {
  /// A picture encoded for kitty, without the keys that say what to do with it: the slow part,
  /// done off the interface's thread.
  public struct Encoded: Sendable {
    /// The picture in base64.
    let payload: [UInt8]
    /// Its format keys (`f=100`, or `f=24,o=z,s=…,v=…`).
    let format: String
    /// The pixels the terminal keeps for it, decoded (4 bytes a pixel): what its quota counts.
    public let decodedBytes: Int

    /// Encodes `picture`; nil when zlib fails.
    public init?(_ picture: PixelPicture) {
      decodedBytes = picture.size.area * 4
      if let png = IndexedPNG.png(picture) {
        payload = Base64.encoded(png)
        format = "f=100"
      } else {
        guard let compressed = KittyImage.deflated(picture.rgb, level: 1) else { return nil }
        payload = Base64.encoded(compressed)
        format = "f=24,o=z,s=\(picture.size.width),v=\(picture.size.height)"
      }
    }
  }

  /// The escape sequences, in order.
  public let chunks: [[UInt8]]

  /// The largest base64 payload of one chunk, as the protocol asks.
  public static let chunkSize = 4096

  /// Transmits and shows `picture` (`a=T`) over `cells` (columns × rows) at the cursor,
  /// quietly (`q=2`: the terminal answers nothing), the cursor left where it is (`C=1`); with
  /// `id`, the image replaces any other of that id.
  public init?(showing picture: PixelPicture, over cells: CellSize, id: UInt32? = nil) {
    guard let encoded = Encoded(picture) else { return nil }
    var control = "a=T,c=\(cells.columns),r=\(cells.rows),C=1"
    if let id { control += ",i=\(id)" }
    self.init(encoded, control: control)
  }

  /// Transmits `encoded` as image `id` without showing it (`a=t`): placements show it.
  public init(transmitting encoded: Encoded, id: UInt32) {
    self.init(encoded, control: "a=t,i=\(id)")
  }

  private init(_ encoded: Encoded, control keys: String) {
    let payload = encoded.payload
    let control = keys + "," + encoded.format + ",q=2"
    var chunks: [[UInt8]] = []
    var start = 0
    repeat {
      let end = min(payload.count, start + Self.chunkSize)
      let more = end < payload.count ? 1 : 0
      // Every chunk quiet: a terminal that answers a later chunk would type its answer into
      // the shell after `--print`.
      let keys = start == 0 ? control + ",m=\(more)" : "m=\(more),q=2"
      chunks.append(Array("\u{1B}_G\(keys);".utf8) + payload[start..<end] + Array("\u{1B}\\".utf8))
      start = end
    } while start < payload.count
    self.chunks = chunks
  }

  /// Shows image `id` at the cursor over `cells`, its `crop` (pixels of the image: x, y,
  /// width, height) scaled to them, as placement `number` of the image: placing it again
  /// moves it, with no flicker. The cursor stays.
  public static func placement(
    of id: UInt32, number: Int = 1, crop: (x: Int, y: Int, width: Int, height: Int),
    over cells: CellSize
  ) -> [UInt8] {
    Array(
      ("\u{1B}_Ga=p,i=\(id),p=\(number),x=\(crop.x),y=\(crop.y),w=\(crop.width),h=\(crop.height)"
        + ",c=\(cells.columns),r=\(cells.rows),C=1,q=2\u{1B}\\").utf8)
  }

  /// Gives image `id` a virtual placement over a grid of `cells` (`U=1`): placeholder cells
  /// (`PlaceholderMarks`) then show its parts, the image scaled to the grid.
  public static func virtualPlacement(of id: UInt32, over cells: CellSize) -> [UInt8] {
    Array("\u{1B}_Ga=p,U=1,i=\(id),c=\(cells.columns),r=\(cells.rows),q=2\u{1B}\\".utf8)
  }

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

  /// The sequences as one run of bytes.
  public var bytes: [UInt8] { chunks.flatMap { $0 } }

  /// `bytes` deflated with zlib at `level`; nil if zlib fails.
  static func deflated(_ bytes: [UInt8], level: Int32) -> [UInt8]? {
    var length = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(length))
    let status = output.withUnsafeMutableBufferPointer { target in
      bytes.withUnsafeBufferPointer { source in
        compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), level)
      }
    }
    guard status == Z_OK else { return nil }
    output.removeSubrange(Int(length)...)
    return output
  }
}
