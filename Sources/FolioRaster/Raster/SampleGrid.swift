import FolioCore

/// An image box-filtered down to one sample per sub-cell, each sample a color in an
/// `ErrorSpace`: what the rasterizer fits symbols to.
///
/// Holds either every sample row or one band of rows at a time (`load(band:)`), so that a
/// rasterizer can fit a row of cells while its samples are still in cache. A band passes
/// through three stages, each its own type:
/// 1. `BlankCells` (given the width of a cell): finds the cells whose pixels are all one
///    color, so that only the first of them is made and fitted (`isBlank(cell:)`);
/// 2. `BoxFilter`: averages the pixels of every sample the band makes;
/// 3. `BandSharpener` (with a sharpening amount): the samples handed out (`gather`,
///    `sample`) pass through an `UnsharpMask`.
/// Loading all bands costs O(image pixels) in all.
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
  private let samples: UnsafeMutablePointer<SIMD4<Float>>
  /// How many samples the grid holds: `width * bandHeight`, and a row more when sharpening.
  let heldSampleCount: Int
  private let filter: BoxFilter
  private var blanks: BlankCells
  /// Its amount 0 (and its buffers empty) without sharpening.
  private let sharpener: BandSharpener
  /// Samples across one cell when blank cells are looked for, else 0.
  private let cellWidth: Int
  /// The band loaded last (-1 before the first).
  private var loadedBand = -1
  /// When the row below the loaded band was made (for sharpening): the runs it was made over.
  /// That row is the next band's first, which then needs making only where these runs do not
  /// reach.
  private var belowRuns: [Range<Int>]? = nil
  /// The sample columns the loaded band made, as runs of whole cells.
  private var runs: [Range<Int>] = []
  /// Whether the loaded band looked for blank cells.
  private var hasSearched = false
  /// The loaded band's first blank cell (the one made) when it looked for them.
  private var firstBlankCell: Int? = nil
  /// Whether the last band searched had enough blank cells to search the next one too (else
  /// only every eighth band is searched: pictures and scans have few).
  private var searchesNext = true

  /// Averages `image` over a `width` x `height` grid of equal boxes (`BoxFilter`). With
  /// `bandHeight` only that many rows are held, band 0 first; nil holds them all. With
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
    let sharpens = sharpening > 0 && bandHeight != nil && width > 0
    let capacity = max(1, width * (self.bandHeight + (sharpens ? 1 : 0)))
    heldSampleCount = capacity
    samples = .allocate(capacity: capacity)
    samples.initialize(repeating: SIMD4(repeating: 0), count: capacity)
    filter = BoxFilter(image, width: width, height: height, space: space)
    sharpener = BandSharpener(
      amount: sharpens ? sharpening : 0, upperBound: space.scale, width: sharpens ? width : 0,
      bandHeight: sharpens ? self.bandHeight : 0)
    let requested = cellWidth ?? 0
    let cellWidth =
      !filter.rows.isEmpty && requested > 0 && width % requested == 0 && bandHeight != nil
      ? requested : 0
    let columns = filter.columns
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

  deinit { samples.deallocate() }

  /// Computes the samples of rows `band * bandHeight` up to the next band (or the grid's
  /// end). O(pixels in those rows).
  mutating func load(band: Int) {
    let follows = band > 0 && band == loadedBand + 1
    assert(!sharpener.isOn || band == 0 || follows, "sharpened bands load in order")
    if sharpener.isOn && follows { sharpener.keepLastRow(of: bandForSharpening(below: nil)) }
    let madeFirstRow = follows ? belowRuns : nil
    belowRuns = nil
    loadedBand = band
    firstRow = band * bandHeight
    let sampleRows = firstRow..<max(firstRow, min(height, firstRow + bandHeight))
    guard !filter.rows.isEmpty, !sampleRows.isEmpty else { return }
    findBlankCells(in: sampleRows, band: band)
    if let madeFirstRow {
      // The band before made this band's first row over its own runs, as its row below.
      for run in madeFirstRow {
        (samples + run.lowerBound).update(
          from: samples + bandHeight * width + run.lowerBound, count: run.count)
      }
      let first = sampleRows.lowerBound
      fill(first..<first + 1, runs: BandSharpener.uncovered(runs, by: madeFirstRow))
      fill(first + 1..<sampleRows.upperBound, runs: runs)
    } else {
      fill(sampleRows, runs: runs)
    }
    if sharpener.isOn {
      let below = sampleRows.upperBound
      let hasBelow = sampleRows.count == bandHeight && below < height
      if hasBelow {
        fill(below..<below + 1, runs: runs)
        belowRuns = runs
      }
      sharpener.sharpen(
        bandForSharpening(below: hasBelow ? UnsafePointer(samples + bandHeight * width) : nil),
        hasAbove: follows, keeping: firstBlankCell, cellWidth: cellWidth)
    }
  }

  /// Sets `runs` to the columns the band of `sampleRows` makes: where it looks for blank
  /// cells, every cell but the blank ones after the first; elsewhere, all.
  private mutating func findBlankCells(in sampleRows: Range<Int>, band: Int) {
    hasSearched = cellWidth > 0 && (searchesNext || band % 8 == 0)
    guard hasSearched else {
      runs = [0..<width]
      firstBlankCell = nil
      return
    }
    let pixelRows =
      filter.rows[sampleRows.lowerBound].0..<filter.rows[sampleRows.upperBound - 1].1
    blanks.find(in: filter.image, rows: pixelRows)
    let found = blanks.columnsToMake(cellWidth: cellWidth)
    runs = found.runs
    firstBlankCell = found.firstBlank
    searchesNext = found.blankCount * 16 >= blanks.count
  }

  /// Computes the samples of `sampleRows` in the columns of `runs`.
  private func fill(_ sampleRows: Range<Int>, runs: [Range<Int>]) {
    filter.fill(sampleRows, runs: runs, into: samples, firstRow: firstRow)
  }

  /// The loaded band as `UnsharpMask` reads it, with the row `below` it.
  private func bandForSharpening(below: UnsafePointer<SIMD4<Float>>?) -> UnsharpMask.Band {
    UnsharpMask.Band(
      samples: samples, rows: max(0, min(height, firstRow + bandHeight) - firstRow),
      width: width, above: nil, below: below, runs: runs,
      blankSample: firstBlankCell.map { samples[$0 &* cellWidth] } ?? SIMD4(repeating: 0))
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
  func sample(x: Int, y: Int) -> SIMD4<Float> { bandSamples[(y - firstRow) * width + x] }

  /// The loaded band's samples as handed out (sharpened when sharpening), laid out like
  /// `samples`; valid in the same places.
  var bandSamples: UnsafePointer<SIMD4<Float>> {
    UnsafePointer(sharpener.isOn ? sharpener.output : samples)
  }
}
