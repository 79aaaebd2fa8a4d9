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
