import FolioCore

extension SRGBTransfer {
  /// Midpoints between consecutive entries of `linear`, for rounding to the nearest byte.
  static let midpoints: [Float] = (0..<255).map { (linear[$0] + linear[$0 + 1]) / 2 }

  /// The sRGB byte whose linear light is nearest to `value`: a binary search. O(log 256).
  static func encode(linear value: Float) -> UInt8 {
    let index = midpoints.withUnsafeBufferPointer { mid in
      mid.partitioningIndex { !(value > $0) }
    }
    return UInt8(index)
  }
}
