import FolioCore

/// A picture in iTerm2's inline image protocol (OSC 1337, also WezTerm and mintty): a PNG
/// (`IndexedPNG.anyPNG`: a palette or gray for most pages, RGB for photographs), in base64,
/// sized to a cell rectangle. The cursor moves past it as past text.
public struct ITermImage: Sendable {
  /// The OSC sequence.
  public let bytes: [UInt8]

  /// Encodes `picture` to fill `cells`; nil when zlib fails.
  public init?(_ picture: PixelPicture, over cells: CellSize) {
    guard let png = IndexedPNG.anyPNG(picture) else { return nil }
    let header =
      "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(cells.columns);"
      + "height=\(cells.rows);preserveAspectRatio=0:"
    bytes = Array(header.utf8) + Base64.encoded(png) + [0x07]
  }
}
