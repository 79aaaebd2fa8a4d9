/// A bitmap of 8-bit RGBA pixels, row-major from the top-left, not premultiplied.
/// Rendered pages arrive as one; the block rasterizer turns one into terminal cells.
public struct RGBAImage: Hashable, Sendable {
  /// Size in pixels.
  public let size: PixelSize
  /// `size.area * 4` bytes: R, G, B, A for each pixel in row-major order.
  public private(set) var pixels: [UInt8]

  /// Creates an image filled with one color.
  public init(size: PixelSize, fill: RGBA = .white) {
    self.size = size
    var pixels = [UInt8](repeating: fill.red, count: size.area * 4)
    if fill.red != fill.green || fill.red != fill.blue || fill.red != fill.alpha {
      pixels.withUnsafeMutableBufferPointer { bytes in
        var i = 0
        while i < bytes.count {
          bytes[i + 1] = fill.green
          bytes[i + 2] = fill.blue
          bytes[i + 3] = fill.alpha
          i += 4
        }
      }
    }
    self.pixels = pixels
  }

  /// Creates an image from raw RGBA bytes; nil when the byte count does not match the size.
  public init?(size: PixelSize, pixels: [UInt8]) {
    guard pixels.count == size.area * 4 else { return nil }
    self.size = size
    self.pixels = pixels
  }

  /// Creates an image whose `size.area * 4` bytes `initialize` writes, every one of them (for
  /// backends that render straight into the image's memory).
  public init(
    size: PixelSize, initializingBytesWith initialize: (UnsafeMutableBufferPointer<UInt8>) throws -> Void
  ) rethrows {
    self.size = size
    pixels = try [UInt8](unsafeUninitializedCapacity: size.area * 4) { bytes, count in
      try initialize(bytes)
      count = bytes.count
    }
  }

  /// Width in pixels.
  public var width: Int { size.width }
  /// Height in pixels.
  public var height: Int { size.height }

  /// The pixel at column `x`, row `y` (both must be inside the image).
  public subscript(x: Int, y: Int) -> RGBA {
    get {
      let i = (y * size.width + x) * 4
      return RGBA(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
    }
    set {
      let i = (y * size.width + x) * 4
      pixels[i] = newValue.red
      pixels[i + 1] = newValue.green
      pixels[i + 2] = newValue.blue
      pixels[i + 3] = newValue.alpha
    }
  }

  /// Gives `body` mutable access to the raw bytes, for backends that fill the image in place.
  public mutating func withUnsafeMutableBytes<R>(
    _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R
  ) rethrows -> R {
    try pixels.withUnsafeMutableBufferPointer { try body($0) }
  }
}

/// One 8-bit-per-channel color with alpha.
public struct RGBA: Hashable, Sendable {
  /// Red, 0…255.
  public var red: UInt8
  /// Green, 0…255.
  public var green: UInt8
  /// Blue, 0…255.
  public var blue: UInt8
  /// Alpha, 0 (transparent) … 255 (opaque).
  public var alpha: UInt8

  /// Creates a color; opaque unless `alpha` says otherwise.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Opaque white, the color of paper.
  public static let white = RGBA(red: 255, green: 255, blue: 255)
  /// Opaque black.
  public static let black = RGBA(red: 0, green: 0, blue: 0)
}
