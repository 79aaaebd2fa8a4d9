import FolioCore

/// Lightness inversion for dark terminals (`--invert`): light paper becomes dark and dark ink
/// light, while hue and chroma stay.
///
/// Each channel moves by the same amount, 255 − max − min, which maps HSL lightness L to
/// 1 − L and keeps the differences between channels (hence hue and chroma) unchanged: white
/// becomes black, dark blue becomes light blue, pure red stays red.
public enum Lightness {
  /// The color with its lightness inverted.
  public static func inverted(red: UInt8, green: UInt8, blue: UInt8) -> (UInt8, UInt8, UInt8) {
    let shift = 255 - Int(max(red, green, blue)) - Int(min(red, green, blue))
    return (
      UInt8(Int(red) + shift), UInt8(Int(green) + shift), UInt8(Int(blue) + shift)
    )
  }
}
