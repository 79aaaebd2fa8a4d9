import FolioCore

/// The first stage of a `SampleGrid`: an image averaged over a grid of equal boxes, each
/// sample the mean of the pixels its box covers, composited over white paper and scaled into
/// an `ErrorSpace`. Packed 16-bit sums and four boxes at a time where the boxes are small
/// enough (`fillPacked`), a plain average elsewhere (`fillGeneral`).
///
/// When the image is an integer multiple of the grid this is an exact box filter; otherwise
/// each box takes the pixels whose left/top edge falls in it (or the nearest pixel when the
/// image is smaller).
struct BoxFilter: ~Copyable {
  let image: RGBAImage
  /// The error space's channel scales.
  let scale: SIMD4<Float>
  /// Byte to value for `fillGeneral` (nil on the packed path, which needs none).
  let transferTable: [Float]?
  /// The pixel rows of each sample row (empty when the image or grid is).
  let rows: [(Int, Int)]
  /// The pixel columns of each sample column (empty when the image or grid is).
  let columns: [(Int, Int)]
  /// Whether `fillPacked` can take the image (sRGB, boxes small enough).
  private let isPacked: Bool
  /// The width of every box when the image is a whole multiple of the grid's width, else 0.
  private let uniformBoxWidth: Int
  /// Whether `uniformBoxWidth` is one `sumsOfFourBoxes` takes.
  private let sumsFourBoxes: Bool
  /// Scratch for `fillPacked`: a band's two packed sums per pixel column (`redBlue`: bytes 0
  /// and 2 of each pixel, red and blue in either order; `greenAlpha`: bytes 1 and 3) and each
  /// sample column's first pixel and width.
  private let redBlue: UnsafeMutablePointer<UInt32>
  private let greenAlpha: UnsafeMutablePointer<UInt32>
  private let columnStart: UnsafeMutablePointer<Int>
  private let columnWidth: UnsafeMutablePointer<Int>

  /// A filter of `image` down to `width` x `height` samples in `space`.
  init(_ image: RGBAImage, width: Int, height: Int, space: ErrorSpace) {
    self.image = image
    scale = space.scale
    let isEmpty = width <= 0 || height <= 0 || image.width <= 0 || image.height <= 0
    columns = isEmpty ? [] : Self.spans(count: width, over: image.width)
    rows = isEmpty ? [] : Self.spans(count: height, over: image.height)
    let largestBox =
      (columns.map { $0.1 - $0.0 }.max() ?? 1) * (rows.map { $0.1 - $0.0 }.max() ?? 1)
    isPacked = !isEmpty && space.transfer == .srgb && largestBox <= Self.packedLimit
    transferTable = isPacked ? nil : space.transferTable()
    uniformBoxWidth =
      !isEmpty && image.width >= width && image.width % width == 0 ? image.width / width : 0
    sumsFourBoxes = Self.fourBoxWidths.contains(uniformBoxWidth)
    redBlue = .allocate(capacity: max(1, image.width))
    greenAlpha = .allocate(capacity: max(1, image.width))
    columnStart = .allocate(capacity: max(1, columns.count))
    columnWidth = .allocate(capacity: max(1, columns.count))
    for (index, column) in columns.enumerated() {
      columnStart[index] = column.0
      columnWidth[index] = column.1 - column.0
    }
  }

  deinit {
    redBlue.deallocate()
    greenAlpha.deallocate()
    columnStart.deallocate()
    columnWidth.deallocate()
  }

  /// Computes the samples of `sampleRows` in the columns of `runs` into `samples`, whose
  /// first row is sample row `firstRow` and whose rows are the grid's width apart.
  func fill(
    _ sampleRows: Range<Int>, runs: [Range<Int>], into samples: UnsafeMutablePointer<SIMD4<Float>>,
    firstRow: Int
  ) {
    guard !sampleRows.isEmpty, !rows.isEmpty else { return }
    if isPacked {
      fillPacked(sampleRows, runs: runs, into: samples, firstRow: firstRow)
    } else {
      fillGeneral(sampleRows, runs: runs, into: samples, firstRow: firstRow)
    }
  }

  /// Pixels a box may hold for `fillPacked`: two 16-bit channel sums per `UInt32`.
  static let packedLimit = 65535 / 255

  /// `1 / n` for box areas `n` up to `packedLimit` (0 for 0), made once for the process and
  /// never changed or freed, read without bounds checks or reference counting.
  nonisolated(unsafe) static let reciprocals: UnsafeMutablePointer<Float> = {
    let table = UnsafeMutablePointer<Float>.allocate(capacity: packedLimit + 1)
    table[0] = 0
    for n in 1...packedLimit { table[n] = 1 / Float(n) }
    return table
  }()

  /// The fast path for sRGB: channel sums packed two per `UInt32` (red with blue, green with
  /// alpha; which of red and blue is the low half depends on the image's channel order). For
  /// each run of sample columns, rows are first summed per pixel column (a loop the compiler
  /// vectorizes), then each box sums its columns.
  private func fillPacked(
    _ sampleRows: Range<Int>, runs: [Range<Int>], into samples: UnsafeMutablePointer<SIMD4<Float>>,
    firstRow: Int
  ) {
    let imageWidth = image.width
    let width = columns.count
    let rb = redBlue
    let ga = greenAlpha
    let start = columnStart
    let span = columnWidth
    let reciprocal = Self.reciprocals
    let perByte = scale / 255
    let redIsLow = image.channelOrder.redOffset == 0
    image.pixels.withUnsafeBytes { bytes in
      guard let base = bytes.bindMemory(to: UInt32.self).baseAddress else { return }
      for gy in sampleRows {
        let (y0, y1) = rows[gy]
        let boxHeight = y1 - y0
        let row = (gy - firstRow) * width
        for run in runs {
          let x0 = start[run.lowerBound]
          let x1 = start[run.upperBound &- 1] &+ span[run.upperBound &- 1]
          // Byte 0 (red or blue) in the low half of `rb`, alpha in the high half of `ga`.
          ColumnSums.write(
            rows: y0..<y1, columns: x0..<x1, of: base, width: imageWidth, redBlue: rb,
            greenAlpha: ga)
          // Each sample sums its columns (scalar: spans are short), then opaque boxes become
          // floats; a box with any transparency is composited over white pixel by pixel.
          func fillSample(_ gx: Int) {
            let x0 = start[gx]
            let x1 = x0 &+ span[gx]
            var sumRB: UInt32 = 0
            var sumGA: UInt32 = 0
            var x = x0
            while x &+ 1 < x1 {
              sumRB &+= rb[x] &+ rb[x &+ 1]
              sumGA &+= ga[x] &+ ga[x &+ 1]
              x &+= 2
            }
            if x < x1 {
              sumRB &+= rb[x]
              sumGA &+= ga[x]
            }
            let area = span[gx] &* boxHeight
            if sumGA >> 16 == 255 &* UInt32(truncatingIfNeeded: area) {
              // Sums of at most `packedLimit` bytes fit in Int32, whose conversion is one step.
              let low = Int32(truncatingIfNeeded: sumRB & 0xFFFF)
              let high = Int32(truncatingIfNeeded: sumRB >> 16)
              let green = Int32(truncatingIfNeeded: sumGA & 0xFFFF)
              let sums = redIsLow ? SIMD4(low, green, high, 0) : SIMD4(high, green, low, 0)
              samples[row &+ gx] = SIMD4<Float>(sums) * (perByte * reciprocal[area])
            } else {
              samples[row &+ gx] = averageOverWhite(
                columns: (x0, x1), rows: rows[gy], table: nil, scale: scale)
            }
          }
          var gx = run.lowerBound
          if sumsFourBoxes {
            // Boxes of 3, 4, 6 or 8 columns: four samples per step, their column sums reduced
            // in registers; a group with any transparency goes sample by sample.
            let area = uniformBoxWidth &* boxHeight
            let opaque = SIMD4<UInt32>(repeating: 255 &* UInt32(truncatingIfNeeded: area))
            let factor = perByte * reciprocal[area]
            while gx &+ 4 <= run.upperBound {
              let first = gx &* uniformBoxWidth
              let sumRB = Self.sumsOfFourBoxes(rb + first, boxWidth: uniformBoxWidth)
              let sumGA = Self.sumsOfFourBoxes(ga + first, boxWidth: uniformBoxWidth)
              if all(sumGA &>> 16 .== opaque) {
                let low = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: sumRB & 0xFFFF))
                let green = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: sumGA & 0xFFFF))
                let high = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: sumRB &>> 16))
                let (red, blue) = redIsLow ? (low, high) : (high, low)
                for i in 0..<4 {
                  samples[row &+ gx &+ i] = SIMD4(red[i], green[i], blue[i], 0) * factor
                }
              } else {
                for i in 0..<4 { fillSample(gx &+ i) }
              }
              gx &+= 4
            }
          }
          while gx < run.upperBound {
            fillSample(gx)
            gx &+= 1
          }
        }
      }
    }
  }

  /// The box widths `sumsOfFourBoxes` takes.
  static let fourBoxWidths = [3, 4, 6, 8]

  /// The sums of four consecutive boxes of `boxWidth` (3, 4, 6 or 8) values from `values`.
  @inline(__always)
  static func sumsOfFourBoxes(
    _ values: UnsafeMutablePointer<UInt32>, boxWidth: Int
  ) -> SIMD4<UInt32> {
    let start = UnsafeRawPointer(values)
    func load(_ index: Int) -> SIMD4<UInt32> {
      start.loadUnaligned(fromByteOffset: index &* 16, as: SIMD4<UInt32>.self)
    }
    /// Of twelve values: lane i is the sum of values 3i, 3i+1 and 3i+2.
    func sumsOfThrees(_ v0: SIMD4<UInt32>, _ v1: SIMD4<UInt32>, _ v2: SIMD4<UInt32>)
      -> SIMD4<UInt32>
    {
      SIMD4(v0[0], v0[3], v1[2], v2[1]) &+ SIMD4(v0[1], v1[0], v1[3], v2[2])
        &+ SIMD4(v0[2], v1[1], v2[0], v2[3])
    }
    /// Values 2i + 2i+1 of eight values.
    func pairs(_ v0: SIMD4<UInt32>, _ v1: SIMD4<UInt32>) -> SIMD4<UInt32> {
      let both = SIMD8(lowHalf: v0, highHalf: v1)
      return both.evenHalf &+ both.oddHalf
    }
    switch boxWidth {
    case 3:
      return sumsOfThrees(load(0), load(1), load(2))
    case 6:
      return sumsOfThrees(
        pairs(load(0), load(1)), pairs(load(2), load(3)), pairs(load(4), load(5)))
    default:
      func box(_ index: Int) -> SIMD4<UInt32> {
        let first = load(index &* (boxWidth / 4))
        guard boxWidth == 8 else { return first }
        return first &+ load(index &* 2 &+ 1)
      }
      let (a, b, c, d) = (box(0), box(1), box(2), box(3))
      // (a0+a2, a1+a3, b0+b2, b1+b3), then its even plus odd lanes: (Σa, Σb).
      let ab = SIMD4(lowHalf: a.lowHalf &+ a.highHalf, highHalf: b.lowHalf &+ b.highHalf)
      let cd = SIMD4(lowHalf: c.lowHalf &+ c.highHalf, highHalf: d.lowHalf &+ d.highHalf)
      return SIMD4(lowHalf: ab.evenHalf &+ ab.oddHalf, highHalf: cd.evenHalf &+ cd.oddHalf)
    }
  }

  /// Any transfer and box size: per-pixel table lookups, compositing where needed.
  private func fillGeneral(
    _ sampleRows: Range<Int>, runs: [Range<Int>], into samples: UnsafeMutablePointer<SIMD4<Float>>,
    firstRow: Int
  ) {
    let table = transferTable
    let width = columns.count
    for gy in sampleRows {
      for run in runs {
        for gx in run {
          samples[(gy - firstRow) * width + gx] = averageOverWhite(
            columns: columns[gx], rows: rows[gy], table: table, scale: scale)
        }
      }
    }
  }

  /// The mean of one box, each pixel composited over white and passed through `table` (byte
  /// to value; nil for byte / 255), times `scale`.
  func averageOverWhite(
    columns: (Int, Int), rows: (Int, Int), table: [Float]?,
    scale: SIMD4<Float>
  ) -> SIMD4<Float> {
    (table ?? Self.identity).withUnsafeBufferPointer { table in
      image.pixels.withUnsafeBufferPointer { pixels in
        let (red, blue) = (image.channelOrder.redOffset, image.channelOrder.blueOffset)
        var sum = SIMD4<Float>(repeating: 0)
        for y in rows.0..<rows.1 {
          for x in columns.0..<columns.1 {
            let p = (y * image.width + x) * 4
            let alpha = Int(pixels[p + 3])
            func channel(_ value: UInt8) -> Float {
              table[(Int(value) * alpha + 255 * (255 - alpha) + 127) / 255]
            }
            sum += SIMD4(
              channel(pixels[p + red]), channel(pixels[p + 1]), channel(pixels[p + blue]), 0)
          }
        }
        return sum * scale / Float((columns.1 - columns.0) * (rows.1 - rows.0))
      }
    }
  }

  /// Byte / 255 for each byte.
  static let identity: [Float] = (0..<256).map { Float($0) / 255 }

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
