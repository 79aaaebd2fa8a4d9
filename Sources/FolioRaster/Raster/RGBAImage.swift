import FolioCore

/// A bitmap of 8-bit red, green, blue and alpha pixels, row-major from the top-left, not
/// premultiplied, its bytes in either `ChannelOrder`. Rendered pages arrive as one; the block
/// rasterizer turns one into terminal cells. Two images are equal when their sizes, orders and
/// bytes are.
public struct RGBAImage: Hashable, Sendable {
  /// Size in pixels.
  public let size: PixelSize
  /// The order of each pixel's bytes in `pixels`.
  public let channelOrder: ChannelOrder
  /// `size.area * 4` bytes: the four channels of each pixel, in `channelOrder`, row-major.
  public private(set) var pixels: [UInt8]

  /// Creates an image filled with one color.
  public init(size: PixelSize, fill: RGBA = .white, channelOrder: ChannelOrder = .rgba) {
    self.size = size
    self.channelOrder = channelOrder
    var pixels = [UInt8](repeating: fill.red, count: size.area * 4)
    if fill.red != fill.green || fill.red != fill.blue || fill.red != fill.alpha {
      let (red, blue) = (channelOrder.redOffset, channelOrder.blueOffset)
      pixels.withUnsafeMutableBufferPointer { bytes in
        var i = 0
        while i < bytes.count {
          bytes[i + red] = fill.red
          bytes[i + 1] = fill.green
          bytes[i + blue] = fill.blue
          bytes[i + 3] = fill.alpha
          i += 4
        }
      }
    }
    self.pixels = pixels
  }

  /// Creates an image from raw bytes in `channelOrder`; nil when the byte count does not match
  /// the size.
  public init?(size: PixelSize, pixels: [UInt8], channelOrder: ChannelOrder = .rgba) {
    guard pixels.count == size.area * 4 else { return nil }
    self.size = size
    self.channelOrder = channelOrder
    self.pixels = pixels
  }

  /// Creates an image whose `size.area * 4` bytes `initialize` writes, every one of them, in
  /// `channelOrder` (for backends that render straight into the image's memory).
  public init(
    size: PixelSize, channelOrder: ChannelOrder = .rgba,
    initializingBytesWith initialize: (UnsafeMutableBufferPointer<UInt8>) throws -> Void
  ) rethrows {
    self.size = size
    self.channelOrder = channelOrder
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
      return RGBA(
        red: pixels[i + channelOrder.redOffset], green: pixels[i + 1],
        blue: pixels[i + channelOrder.blueOffset], alpha: pixels[i + 3])
    }
    set {
      let i = (y * size.width + x) * 4
      pixels[i + channelOrder.redOffset] = newValue.red
      pixels[i + 1] = newValue.green
      pixels[i + channelOrder.blueOffset] = newValue.blue
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
