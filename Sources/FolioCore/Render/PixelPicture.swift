/// What decides a page drawn in pixels for a terminal that shows images: which page of which
/// version, which part of it, at how many pixels, on dark paper or not. Equal requests give
/// equal pictures.
public struct PixelRequest: Hashable, Sendable {
  /// The version of the document the page belongs to.
  public var document: DocumentVersion
  /// The page.
  public var page: PageIndex
  /// The part of the page drawn.
  public var region: PageRegion
  /// The picture's size in pixels.
  public var size: PixelSize
  /// Dark paper: lightness inverted, hue kept (as the block art's `--invert`).
  public var isInverted: Bool

  /// The most pixels a picture may have (a 4K screen's worth): 8 million.
  public static let largestArea = 8 << 20

  /// Creates a request.
  public init(
    page: PageIndex, region: PageRegion = .whole, size: PixelSize, isInverted: Bool = false,
    document: DocumentVersion = .first
  ) {
    self.document = document
    self.page = page
    self.region = region
    self.size = size
    self.isInverted = isInverted
  }
}

/// A page (or part of one) in pixels: 8-bit red, green and blue, row-major from the top-left,
/// the bytes a terminal image protocol sends.
public struct PixelPicture: Hashable, Sendable {
  /// Size in pixels.
  public let size: PixelSize
  /// `size.area * 3` bytes.
  public let rgb: [UInt8]

  /// Creates a picture; nil when the byte count does not match the size.
  public init?(size: PixelSize, rgb: [UInt8]) {
    guard !size.isEmpty, size.area <= PixelRequest.largestArea, rgb.count == size.area * 3 else {
      return nil
    }
    self.size = size
    self.rgb = rgb
  }
}
