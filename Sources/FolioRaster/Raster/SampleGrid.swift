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

  let image: RGBAImage
  /// The error space's channel scales.
  let scale: SIMD4<Float>
  /// Byte to value for `fillGeneral` (nil on the packed path, which needs none).
  let transferTable: [Float]?
  /// The pixel rows of each sample row.
  let rows: [(Int, Int)]
  /// The pixel columns of each sample column.
  let columns: [(Int, Int)]
  /// Whether `fillPacked` can take the image (sRGB, boxes small enough).
  private let isPacked: Bool
  /// The width of every box when the image is a whole multiple of the grid's width, else 0.
  let uniformBoxWidth: Int
  /// Whether `uniformBoxWidth` is one `sumsOfFourBoxes` takes.
  let sumsFourBoxes: Bool
  /// Scratch for `fillPacked`: a band's two packed sums per pixel column (`redBlue`: bytes 0
  /// and 2 of each pixel, red and blue in either order; `greenAlpha`: bytes 1 and 3) and each
  /// sample column's first pixel and width.
  let redBlue: UnsafeMutablePointer<UInt32>
  let greenAlpha: UnsafeMutablePointer<UInt32>
  let columnStart: UnsafeMutablePointer<Int>
  let columnWidth: UnsafeMutablePointer<Int>
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
}
