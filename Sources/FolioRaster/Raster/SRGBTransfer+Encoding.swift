import FolioCore

extension SRGBTransfer {
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
