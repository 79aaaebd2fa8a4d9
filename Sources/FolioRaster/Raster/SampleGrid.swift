import FolioCore

/// An image box-filtered down to one sample per sub-cell, each sample a color in an
/// `ErrorSpace`: what the rasterizer fits symbols to.
///
/// Holds either every sample row or one band of rows at a time (`load(band:)`), so that a
/// rasterizer can fit a row of cells while its samples are still in cache. Given the width of
/// a cell, a band also knows its blank cells (`isBlank(cell:)`) and leaves their samples
/// unmade, all but the first's. Loading all bands costs O(image pixels) in all. Pixels that
/// are not opaque are composited over white. With a sharpening amount, the samples a band
/// hands out (`gather`, `sample`) have passed through an `UnsharpMask`.
struct SampleGrid: ~Copyable {
  /// Samples across.
  let width: Int
  /// Samples down.
  let height: Int
  /// Sample rows held at a time: `height`, or the band height asked for.
  let bandHeight: Int
  /// The first sample row `samples` holds.
  private(set) var firstRow = 0
  /// `width * bandHeight` samples from `firstRow` on, row-major, each (r, g, b, 0) scaled by
  /// the error space (rows past the grid's end are left as they were), then, when
  /// sharpening, the first row of the next band.
  let samples: UnsafeMutableBufferPointer<SIMD4<Float>>
  /// The samples handed out: `samples`, or their sharpened copy. (This and the members
  /// below that are not private are for SampleGrid+Sharpening.swift.)
  let fitted: UnsafeMutablePointer<SIMD4<Float>>
  /// The `UnsharpMask` amount (0: none).
  let sharpening: Float
  /// When sharpening, the last row of the band loaded before (unsharpened, blank cells
  /// filled in), which is the row above the next band.
  let above: UnsafeMutablePointer<SIMD4<Float>>?
  /// The band loaded last (-1 before the first).
  private var loadedBand = -1
  /// When the row below the loaded band was made: the runs it was made over. That row is the
  /// next band's first, which then needs making only where these runs do not reach.
  var belowRuns: [Range<Int>]? = nil

  private let image: RGBAImage
  /// The error space's channel scales.
  let scale: SIMD4<Float>
  /// Byte to value for `fillGeneral` (nil on the packed path, which needs none).
  private let transferTable: [Float]?
  /// The pixel rows of each sample row.
  private let rows: [(Int, Int)]
  /// The pixel columns of each sample column.
  private let columns: [(Int, Int)]
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
  /// Samples across one cell when blank cells are looked for, else 0.
  let cellWidth: Int
  /// The blank cells of the loaded band (none looked for when `cellWidth` is 0).
  private var blanks: BlankCells
  /// The sample columns the loaded band made, as runs of whole cells.
  private(set) var runs: [Range<Int>] = []
  /// Whether the loaded band looked for blank cells.
  private(set) var hasSearched = false
  /// The loaded band's first blank cell (the one made) when it looked for them.
  private(set) var firstBlankCell: Int? = nil
  /// Whether the last band searched had enough blank cells to search the next one too (else
  /// only every eighth band is searched: pictures and scans have few).
  private var searchesNext = true

  /// Averages `image` over a `width` x `height` grid of equal boxes. When the image is an
  /// integer multiple of the grid this is an exact box filter; otherwise each box takes the
  /// pixels whose left/top edge falls in it (or the nearest pixel when the image is smaller).
  /// With `bandHeight` only that many rows are held, band 0 first; nil holds them all. With
  /// `cellWidth` (samples across a cell, dividing `width`) each band looks for blank cells.
  /// A `sharpening` amount above 0 (bands only) sharpens each band, which must then be
  /// loaded in order.
  init(
    _ image: RGBAImage, width: Int, height: Int, space: ErrorSpace, bandHeight: Int? = nil,
    cellWidth: Int? = nil, sharpening: Float = 0
  ) {
    self.width = width
    self.height = height
    self.bandHeight = max(1, min(height, bandHeight ?? height))
    self.image = image
    scale = space.scale
    let sharpens = sharpening > 0 && bandHeight != nil && width > 0
    self.sharpening = sharpens ? sharpening : 0
    samples = .allocate(capacity: max(1, width * (self.bandHeight + (sharpens ? 1 : 0))))
    samples.initialize(repeating: SIMD4(repeating: 0))
    if sharpens, let base = samples.baseAddress {
      fitted = .allocate(capacity: width * self.bandHeight)
      fitted.initialize(from: base, count: width * self.bandHeight)
      above = .allocate(capacity: width)
      above?.initialize(repeating: SIMD4(repeating: 0), count: width)
    } else {
      fitted = samples.baseAddress ?? .allocate(capacity: 1)
      above = nil
    }
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
    columnStart = .allocate(capacity: columns.count)
    columnWidth = .allocate(capacity: columns.count)
    for (index, column) in columns.enumerated() {
      columnStart[index] = column.0
      columnWidth[index] = column.1 - column.0
    }
    let requested = cellWidth ?? 0
    let cellWidth =
      !isEmpty && requested > 0 && width % requested == 0 && bandHeight != nil ? requested : 0
    let columns = columns
    let cellSpans =
      cellWidth == 0
      ? []
      : (0..<(width / cellWidth)).map { cell in
        (columns[cell * cellWidth].0, columns[(cell + 1) * cellWidth - 1].1)
      }
    self.cellWidth = cellWidth
    blanks = BlankCells(spans: cellSpans)
    load(band: 0)
  }

  deinit {
    if sharpening > 0 { fitted.deallocate() }
    above?.deallocate()
    samples.deallocate()
    redBlue.deallocate()
    greenAlpha.deallocate()
    columnStart.deallocate()
    columnWidth.deallocate()
  }

  /// Computes the samples of rows `band * bandHeight` up to the next band (or the grid's
  /// end). O(pixels in those rows).
  mutating func load(band: Int) {
    let follows = band > 0 && band == loadedBand + 1
    assert(sharpening == 0 || band == 0 || follows, "sharpened bands load in order")
    if sharpening > 0 && follows { keepLastRow() }
    let madeFirstRow = follows ? belowRuns : nil
    belowRuns = nil
    loadedBand = band
    firstRow = band * bandHeight
    let sampleRows = firstRow..<max(firstRow, min(height, firstRow + bandHeight))
    guard !rows.isEmpty, !sampleRows.isEmpty else { return }
    runs.removeAll(keepingCapacity: true)
    hasSearched = cellWidth > 0 && (searchesNext || band % 8 == 0)
    firstBlankCell = nil
    if hasSearched {
      let pixelRows = rows[sampleRows.lowerBound].0..<rows[sampleRows.upperBound - 1].1
      blanks.find(in: image, rows: pixelRows)
      // Every cell but the blank ones after the first.
      var runStart: Int? = nil
      var blankCount = 0
      for cell in 0..<blanks.count {
        if !blanks[cell] || blankCount == 0 {
          if runStart == nil { runStart = cell }
        } else if let start = runStart {
          runs.append((start * cellWidth)..<(cell * cellWidth))
          runStart = nil
        }
        if blanks[cell] {
          if blankCount == 0 { firstBlankCell = cell }
          blankCount += 1
        }
      }
      if let start = runStart { runs.append((start * cellWidth)..<width) }
      searchesNext = blankCount * 16 >= blanks.count
    } else {
      runs.append(0..<width)
    }
    if let madeFirstRow, let base = samples.baseAddress {
      // The band before made this band's first row over its own runs, as its row below.
      for run in madeFirstRow {
        (base + run.lowerBound).update(
          from: base + bandHeight * width + run.lowerBound, count: run.count)
      }
      let first = sampleRows.lowerBound
      fill(first..<first + 1, runs: Self.uncovered(runs, by: madeFirstRow))
      fill(first + 1..<sampleRows.upperBound, runs: runs)
    } else {
      fill(sampleRows, runs: runs)
    }
    if sharpening > 0 { sharpen(sampleRows, hasAbove: follows) }
  }

  /// Computes the samples of `sampleRows` in the columns of `runs`.
  func fill(_ sampleRows: Range<Int>, runs: [Range<Int>]) {
    guard !sampleRows.isEmpty else { return }
    if isPacked {
      fillPacked(sampleRows, runs: runs)
    } else {
      fillGeneral(sampleRows, runs: runs)
    }
  }

  /// Whether the loaded band was searched and all pixels of its cell `column` are
  /// `blankColor`; if so the cell's samples were made only if it is the band's first blank
  /// cell. Always false without a cell width.
  @inline(__always)
  func isBlank(cell column: Int) -> Bool { hasSearched && blanks[column] }

  /// How many cells from `column` (a blank one) on, up to `end`, are blank: the length of
  /// the run of blank cells starting there.
  @inline(__always)
  func blankRun(from column: Int, to end: Int) -> Int { blanks.run(from: column, to: end) }

  /// The color of the loaded band's blank cells: four pixel bytes as one word.
  var blankColor: UInt32 { blanks.color }

  /// The sample at column `x` of row `y`, which must be in the loaded band and, when blank
  /// cells are looked for, not in a blank cell after the band's first (those are not made).
  @inline(__always)
  func sample(x: Int, y: Int) -> SIMD4<Float> { fitted[(y - firstRow) * width + x] }

  /// The loaded band's samples as handed out (sharpened when sharpening), laid out like
  /// `samples`; valid in the same places.
  var bandSamples: UnsafePointer<SIMD4<Float>> { UnsafePointer(fitted) }

  /// Pixels a box may hold for `fillPacked`: two 16-bit channel sums per `UInt32`.
  static let packedLimit = 65535 / 255

  /// `1 / n` for box areas `n` up to `packedLimit` (0 for 0), made once for the process and
  /// never changed or freed, read without bounds checks or reference counting.
  nonisolated(unsafe) private static let reciprocals: UnsafeMutablePointer<Float> = {
    let table = UnsafeMutablePointer<Float>.allocate(capacity: packedLimit + 1)
    table[0] = 0
    for n in 1...packedLimit { table[n] = 1 / Float(n) }
    return table
  }()

  /// The fast path for sRGB: channel sums packed two per `UInt32` (red with blue, green with
  /// alpha; which of red and blue is the low half depends on the image's channel order). For
  /// each run of sample columns, rows are first summed per pixel column (a loop the compiler
  /// vectorizes), then each box sums its columns.
  private func fillPacked(_ sampleRows: Range<Int>, runs: [Range<Int>]) {
    let imageWidth = image.width
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
  private static func sumsOfFourBoxes(
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
  private func fillGeneral(_ sampleRows: Range<Int>, runs: [Range<Int>]) {
    let table = transferTable
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
  private func averageOverWhite(
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
