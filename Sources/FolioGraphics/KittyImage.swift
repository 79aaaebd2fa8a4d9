import CZlib
import FolioCore

/// A picture encoded for kitty's graphics protocol: a PNG of at most 4096 colors
/// (`IndexedPNG`: most text pages) or its RGB bytes deflated at level 1 (photographs), in
/// base64. The sequences that send it are `KittySequences`' (FolioPixels).
public enum KittyImage {
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
