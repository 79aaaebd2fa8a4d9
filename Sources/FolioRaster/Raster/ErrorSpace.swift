import FolioCore

/// The color space in which the rasterizer measures a cell's squared color error, and in which
/// it averages pixels into a cell's two colors.
///
/// Samples are stored as `SIMD4<Float>` (red, green, blue, 0) already multiplied by the square
/// root of each channel's weight, so the weighted squared error is a plain squared distance.
public struct ErrorSpace: Hashable, Sendable {
  /// How 8-bit sRGB values become numbers before averaging.
  public enum Transfer: String, Hashable, Sendable {
    /// The sRGB values as they are (gamma-encoded), like the scorer's averaging and luma.
    case srgb
    /// Linear light, physically correct averaging of light.
    case linear
  }

  /// The transfer applied to each channel.
  public var transfer: Transfer
  /// The weight of red, green and blue in the squared error.
  public var weights: SIMD3<Float>

  /// Creates an error space.
  public init(transfer: Transfer, weights: SIMD3<Float>) {
    self.transfer = transfer
    self.weights = weights
  }

  /// Rec. 709 luma weights on gamma-encoded sRGB: the space the scorer's SSIM reads.
  public static let lumaWeightedSRGB = ErrorSpace(
    transfer: .srgb, weights: SIMD3(0.2126, 0.7152, 0.0722))

  /// Rec. 709 luminance weights on linear light.
  public static let linearLight = ErrorSpace(
    transfer: .linear, weights: SIMD3(0.2126, 0.7152, 0.0722))

  /// Equal weights on gamma-encoded sRGB.
  public static let plainSRGB = ErrorSpace(transfer: .srgb, weights: SIMD3(1, 1, 1) / 3)

  /// The spaces compared in docs/decisions.md, by the names the measurement option uses.
  public static let named: [String: ErrorSpace] = [
    "srgb-luma": .lumaWeightedSRGB, "linear-luma": .linearLight, "srgb-plain": .plainSRGB,
    "srgb-601": ErrorSpace(transfer: .srgb, weights: SIMD3(0.299, 0.587, 0.114)),
  ]

  /// The square roots of the weights, the scale of each stored channel.
  var scale: SIMD4<Float> {
    let w = weights.replacing(with: 0, where: weights .< 0)
    return SIMD4(w.x.squareRoot(), w.y.squareRoot(), w.z.squareRoot(), 0)
  }

  /// The reciprocal of each channel's scale (0 for a channel of weight 0): multiplied with a
  /// stored color it gives the color before the scale.
  var inverseScale: SIMD4<Float> {
    let scale = self.scale
    return SIMD4(
      scale.x > 0 ? 1 / scale.x : 0, scale.y > 0 ? 1 / scale.y : 0,
      scale.z > 0 ? 1 / scale.z : 0, 0)
  }

  /// For each byte value 0…255, the stored value of that byte on each channel (before the
  /// channel scale): 256 `Float`s.
  func transferTable() -> [Float] {
    switch transfer {
    case .srgb: return (0..<256).map { Float($0) / 255 }
    case .linear: return SRGBTransfer.linear
    }
  }

  /// The 8-bit sRGB value of a stored channel value (before the channel scale). O(log 256).
  @inline(__always)
  func encode(_ value: Float) -> UInt8 {
    switch transfer {
    case .srgb:
      let v = value * 255
      return v <= 0 ? 0 : v >= 255 ? 255 : UInt8(v + 0.5)
    case .linear:
      return SRGBTransfer.encode(linear: value)
    }
  }
}
