/// An image box-filtered down to one sample per sub-cell, each sample a color in an
/// `ErrorSpace`: what the rasterizer fits symbols to.
///
/// Building one costs O(image pixels); pixels that are not opaque are composited over white.
struct SampleGrid: ~Copyable {
  /// Samples across and down.
  let width: Int
  let height: Int
  /// `width * height` samples, row-major, each (r, g, b, 0) scaled by the error space.
  let samples: UnsafeMutableBufferPointer<SIMD4<Float>>

  /// Averages `image` over a `width` x `height` grid of equal boxes. When the image is an
  /// integer multiple of the grid this is an exact box filter; otherwise each box takes the
  /// pixels whose left/top edge falls in it (or the nearest pixel when the image is smaller).
  init(_ image: RGBAImage, width: Int, height: Int, space: ErrorSpace) {
    self.width = width
    self.height = height
    samples = .allocate(capacity: max(1, width * height))
    samples.initialize(repeating: SIMD4(repeating: 0))
    guard width > 0, height > 0, image.width > 0, image.height > 0 else { return }
    let columns = Self.spans(count: width, over: image.width)
    let rows = Self.spans(count: height, over: image.height)
    let table = space.transferTable()
    let scale = space.scale
    let imageWidth = image.width
    let samples = self.samples
    // One row of horizontal sums, reused for every sample row.
    let rowSums = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: width)
    defer { rowSums.deallocate() }
    image.pixels.withUnsafeBufferPointer { pixels in
      table.withUnsafeBufferPointer { table in
        for gy in 0..<height {
          rowSums.update(repeating: SIMD4(repeating: 0))
          let (y0, y1) = rows[gy]
          for y in y0..<y1 {
            let row = y * imageWidth * 4
            for gx in 0..<width {
              let (x0, x1) = columns[gx]
              var sum = SIMD4<Float>(repeating: 0)
              var p = row + x0 * 4
              for _ in x0..<x1 {
                let alpha = pixels[p + 3]
                if alpha == 255 {
                  sum += SIMD4(
                    table[Int(pixels[p])], table[Int(pixels[p + 1])], table[Int(pixels[p + 2])], 0)
                } else {
                  sum += SIMD4(
                    table[Self.overWhite(pixels[p], alpha)],
                    table[Self.overWhite(pixels[p + 1], alpha)],
                    table[Self.overWhite(pixels[p + 2], alpha)], 0)
                }
                p += 4
              }
              rowSums[gx] += sum
            }
          }
          let base = gy * width
          for gx in 0..<width {
            let area = Float((columns[gx].1 - columns[gx].0) * (y1 - y0))
            samples[base + gx] = rowSums[gx] * scale / area
          }
        }
      }
    }
  }

  deinit { samples.deallocate() }

  /// A straight-alpha channel value composited over white.
  @inline(__always)
  static func overWhite(_ value: UInt8, _ alpha: UInt8) -> Int {
    (Int(value) * Int(alpha) + 255 * (255 - Int(alpha)) + 127) / 255
  }

  /// The pixel range `[start, end)` of each of `count` boxes over `pixels` pixels; never empty.
  static func spans(count: Int, over pixels: Int) -> [(Int, Int)] {
    (0..<count).map { i in
      if pixels >= count {
        return (i * pixels / count, (i + 1) * pixels / count)
      }
      let nearest = min(pixels - 1, (2 * i + 1) * pixels / (2 * count))
      return (nearest, nearest + 1)
    }
  }
}
