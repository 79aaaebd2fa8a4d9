/// An annotation's colour: red, green and blue from 0 to 1 (the writer's arguments carry
/// 8 bits a part, `RRGGBB`).
public struct AnnotationColor: Sendable, Equatable {
  /// Red, 0…1.
  public var red: Double
  /// Green, 0…1.
  public var green: Double
  /// Blue, 0…1.
  public var blue: Double

  /// A colour from its parts, each clamped to 0…1.
  public init(red: Double, green: Double, blue: Double) {
    func clamped(_ part: Double) -> Double { part.isFinite ? min(max(part, 0), 1) : 0 }
    self.red = clamped(red)
    self.green = clamped(green)
    self.blue = clamped(blue)
  }

  /// A colour written `RRGGBB` (hexadecimal, an optional leading `#`); nil when it is not one.
  public init?(hex: String) {
    let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
    guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
    self.init(
      red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255,
      blue: Double(value & 0xFF) / 255)
  }

  /// `RRGGBB`, lower case.
  public var hex: String {
    [red, green, blue].map { part in
      let byte = String(Int((part * 255).rounded()), radix: 16)
      return byte.count == 1 ? "0" + byte : byte
    }.joined()
  }

  /// Yellow (`ffe600`), the usual highlight.
  public static let yellow = AnnotationColor(red: 1, green: 230 / 255, blue: 0)
}
