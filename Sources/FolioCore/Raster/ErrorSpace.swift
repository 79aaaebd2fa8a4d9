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

  /// The spaces compared in docs/benchmarks.md, by the names the measurement option uses.
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

/// The sRGB transfer function as data: the linear-light value of each 8-bit sRGB value.
enum SRGBTransfer {
  /// Linear light (0…1) of each sRGB byte, from the IEC 61966-2-1 formula.
  static let linear: [Float] = [
    0, 0.000303526984, 0.000607053967, 0.000910580951, 0.00121410793, 0.00151763492, 0.0018211619,
    0.00212468888, 0.00242821587, 0.00273174285, 0.00303526984, 0.00334653576, 0.00367650732,
    0.00402471702, 0.00439144204, 0.00477695348, 0.0051815167, 0.00560539162, 0.00604883302,
    0.00651209079, 0.00699541019, 0.00749903204, 0.00802319299, 0.00856812562, 0.0091340587,
    0.00972121732, 0.010329823, 0.010960094, 0.0116122452, 0.0122864884, 0.0129830323,
    0.013702083, 0.0144438436, 0.0152085144, 0.0159962934, 0.0168073758, 0.0176419545,
    0.0185002201, 0.019382361, 0.0202885631, 0.0212190104, 0.0221738848, 0.0231533662,
    0.0241576324, 0.0251868596, 0.0262412219, 0.0273208916, 0.0284260395, 0.0295568344,
    0.0307134437, 0.0318960331, 0.0331047666, 0.0343398068, 0.0356013149, 0.0368894504,
    0.0382043716, 0.0395462353, 0.0409151969, 0.0423114106, 0.0437350293, 0.0451862044,
    0.0466650863, 0.0481718242, 0.049706566, 0.0512694584, 0.052860647, 0.0544802764, 0.05612849,
    0.0578054302, 0.0595112382, 0.0612460542, 0.0630100177, 0.0648032667, 0.0666259386,
    0.0684781698, 0.0703600957, 0.0722718507, 0.0742135684, 0.0761853815, 0.0781874218,
    0.0802198203, 0.0822827071, 0.0843762115, 0.086500462, 0.0886555863, 0.0908417112,
    0.0930589628, 0.0953074666, 0.0975873471, 0.0998987282, 0.102241733, 0.104616484, 0.107023103,
    0.109461711, 0.111932428, 0.114435374, 0.116970668, 0.119538428, 0.122138772, 0.124771818,
    0.12743768, 0.130136477, 0.132868322, 0.13563333, 0.138431615, 0.141263291, 0.144128471,
    0.147027266, 0.14995979, 0.152926152, 0.155926464, 0.158960835, 0.162029376, 0.165132195,
    0.1682694, 0.171441101, 0.174647404, 0.177888416, 0.181164244, 0.184474995, 0.187820772,
    0.191201683, 0.19461783, 0.19806932, 0.201556254, 0.205078736, 0.20863687, 0.212230757,
    0.2158605, 0.2195262, 0.223227957, 0.226965874, 0.230740049, 0.234550582, 0.238397574,
    0.242281122, 0.246201327, 0.250158285, 0.254152094, 0.258182853, 0.262250658, 0.266355605,
    0.270497791, 0.274677312, 0.278894263, 0.28314874, 0.287440838, 0.29177065, 0.296138271,
    0.300543794, 0.304987314, 0.309468923, 0.313988713, 0.318546778, 0.323143209, 0.327778098,
    0.332451536, 0.337163615, 0.341914425, 0.346704056, 0.3515326, 0.356400144, 0.36130678,
    0.366252596, 0.37123768, 0.376262123, 0.381326011, 0.386429434, 0.391572478, 0.396755231,
    0.40197778, 0.407240212, 0.412542613, 0.417885071, 0.42326767, 0.428690497, 0.434153636,
    0.439657174, 0.445201195, 0.450785783, 0.456411023, 0.462077, 0.467783796, 0.473531496,
    0.479320183, 0.48514994, 0.49102085, 0.496932995, 0.502886458, 0.508881321, 0.514917665,
    0.520995573, 0.527115126, 0.533276404, 0.539479489, 0.545724461, 0.552011402, 0.55834039,
    0.564711506, 0.571124829, 0.57758044, 0.584078418, 0.590618841, 0.597201788, 0.603827339,
    0.610495571, 0.617206562, 0.623960392, 0.630757136, 0.637596874, 0.644479682, 0.651405637,
    0.658374817, 0.665387298, 0.672443157, 0.67954247, 0.686685312, 0.693871761, 0.701101892,
    0.70837578, 0.715693501, 0.723055129, 0.73046074, 0.737910409, 0.74540421, 0.752942217,
    0.760524505, 0.768151147, 0.775822218, 0.783537792, 0.79129794, 0.799102738, 0.806952258,
    0.814846572, 0.822785754, 0.830769877, 0.838799012, 0.846873232, 0.854992608, 0.863157213,
    0.871367119, 0.879622397, 0.887923118, 0.896269353, 0.904661174, 0.913098652, 0.921581856,
    0.930110858, 0.938685728, 0.947306537, 0.955973353, 0.964686248, 0.97344529, 0.98225055,
    0.991102097, 1,
  ]

  /// Midpoints between consecutive entries of `linear`, for rounding to the nearest byte.
  static let midpoints: [Float] = (0..<255).map { (linear[$0] + linear[$0 + 1]) / 2 }

  /// The sRGB byte whose linear light is nearest to `value`: a binary search. O(log 256).
  static func encode(linear value: Float) -> UInt8 {
    var low = 0
    var high = 255
    midpoints.withUnsafeBufferPointer { mid in
      while low < high {
        let m = (low + high) >> 1
        if value > mid[m] { low = m + 1 } else { high = m }
      }
    }
    return UInt8(low)
  }
}
