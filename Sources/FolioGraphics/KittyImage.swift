import CZlib
import FolioCore
import Foundation

/// A picture in kitty's graphics protocol: its RGB bytes compressed with deflate (level 1: most
/// of the gain for little time; a text page shrinks about tenfold), in base64, in chunks of at
/// most 4096 bytes, each its own APC sequence. Shown at the cursor, scaled to a cell rectangle,
/// without moving the cursor.
public struct KittyImage: Sendable {
  /// The escape sequences, in order.
  public let chunks: [[UInt8]]

  /// The largest base64 payload of one chunk, as the protocol asks.
  public static let chunkSize = 4096

  /// Transmits and shows `picture` (`a=T`) over `cells` (columns × rows) at the cursor,
  /// quietly (`q=2`: the terminal answers nothing), the cursor left where it is (`C=1`); with
  /// `id`, the image replaces any other of that id.
  public init?(showing picture: PixelPicture, over cells: CellSize, id: UInt32? = nil) {
    guard let compressed = Self.deflated(picture.rgb) else { return nil }
    let payload = Array(Data(compressed).base64EncodedData())
    var control =
      "a=T,f=24,o=z,s=\(picture.size.width),v=\(picture.size.height)"
      + ",c=\(cells.columns),r=\(cells.rows),q=2,C=1"
    if let id { control += ",i=\(id)" }
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

  /// The sequences as one run of bytes; inside tmux, each chunk wrapped for passthrough.
  public func bytes(throughTmux: Bool) -> [UInt8] {
    chunks.flatMap { throughTmux ? TmuxPassthrough.wrapped($0) : $0 }
  }

  /// `bytes` deflated with zlib at level 1; nil if zlib fails.
  static func deflated(_ bytes: [UInt8]) -> [UInt8]? {
    var length = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(length))
    let status = output.withUnsafeMutableBufferPointer { target in
      bytes.withUnsafeBufferPointer { source in
        compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), 1)
      }
    }
    guard status == Z_OK else { return nil }
    output.removeSubrange(Int(length)...)
    return output
  }
}

/// tmux's passthrough: an escape sequence for the outer terminal inside `ESC P tmux; … ESC \`,
/// every ESC in it doubled. tmux passes it on only with `allow-passthrough on`.
public enum TmuxPassthrough {
  public static func wrapped(_ sequence: [UInt8]) -> [UInt8] {
    var result = Array("\u{1B}Ptmux;".utf8)
    result.reserveCapacity(sequence.count + 16)
    for byte in sequence {
      if byte == 0x1B { result.append(0x1B) }
      result.append(byte)
    }
    result += Array("\u{1B}\\".utf8)
    return result
  }
}
