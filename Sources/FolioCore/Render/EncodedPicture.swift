/// How a page picture is encoded for the terminal, inside the worker that renders it: the
/// viewer only writes the bytes.
public enum PictureEncoding: Hashable, Sendable {
  /// kitty's graphics protocol: a PNG of at most 4096 colors or the RGB bytes deflated, in
  /// base64, with its format keys.
  case kitty
  /// Sixel images cut along cells of `cellPixels` into images no larger than `largest` each
  /// (one image when it fits or nil).
  case sixel(cellPixels: PixelSize, largest: PixelSize?)
  /// iTerm2's inline image (a PNG, in base64: the viewer writes the sequence) scaled over
  /// `cells`.
  case iterm2(cells: CellSize)
}

/// A page picture to draw and encode for the terminal.
public struct PictureJob: Hashable, Sendable {
  /// What to draw.
  public var request: PixelRequest
  /// How to encode it.
  public var encoding: PictureEncoding

  /// Creates a job.
  public init(_ request: PixelRequest, encoding: PictureEncoding) {
    self.request = request
    self.encoding = encoding
  }
}

/// A page picture encoded for the terminal: for kitty, one piece whose bytes are the base64
/// payload and `format` its keys; for sixel, complete images each at its cell from the
/// picture's top-left; for iTerm2, one piece of base64 PNG.
public struct EncodedPicture: Hashable, Sendable {
  /// One image of the picture and the cell of the picture it starts at.
  public struct Piece: Hashable, Sendable {
    /// The cell of the picture it starts at.
    public var offset: CellPoint
    /// Its bytes.
    public var bytes: [UInt8]

    /// Creates a piece.
    public init(offset: CellPoint = CellPoint(x: 0, y: 0), bytes: [UInt8]) {
      self.offset = offset
      self.bytes = bytes
    }
  }

  /// The picture's size in pixels.
  public var size: PixelSize
  /// The images.
  public var pieces: [Piece]
  /// kitty's format keys (`f=100`, or `f=24,o=z,s=…,v=…`); empty for the other encodings.
  public var format: String

  /// Creates an encoded picture.
  public init(size: PixelSize, pieces: [Piece], format: String = "") {
    self.size = size
    self.pieces = pieces
    self.format = format
  }

  /// The bytes it takes to keep.
  public var byteCount: Int { pieces.reduce(0) { $0 + $1.bytes.count } }

  /// The pixels a terminal keeps for it, decoded (4 bytes a pixel): what kitty's quota counts.
  public var decodedBytes: Int { size.area * 4 }
}
