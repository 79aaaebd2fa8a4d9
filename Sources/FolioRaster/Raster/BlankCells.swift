import FolioCore

/// Which cells of one band of an image have every pixel exactly the color of the band's first
/// pixel: cells that need no averaging and no fitting, because each is drawn like any other
/// such cell. Paper, margins and the space between lines are most of a typical page.
///
/// Finding them reads each pixel of the band once or twice with one or two vector operations
/// per four pixels (a pass of fewer rows than it takes reads its last row again), fewer than
/// averaging the pixels it lets a rasterizer skip.
struct BlankCells: ~Copyable {
  /// Cells across.
  let count: Int
  /// The band's color: its first pixel's four bytes, as one word.
  private(set) var color: UInt32 = 0
  /// For each cell, whether all its pixels in the band are `color`.
  private let flags: UnsafeMutablePointer<Bool>
  /// The first and one-past-last pixel column of each cell.
  private let spans: UnsafeMutablePointer<(Int, Int)>
  /// Scratch: per pixel column, the bits in which some pixel of the band differs from `color`.
  private let differences: UnsafeMutablePointer<UInt32>
  /// The pixel columns the cells cover.
  private let pixelColumns: Range<Int>

  /// Prepares for cells whose pixel columns are `spans` (each non-empty, left to right).
  init(spans: [(Int, Int)]) {
    count = spans.count
    flags = .allocate(capacity: max(1, count))
    flags.initialize(repeating: false, count: max(1, count))
    self.spans = .allocate(capacity: max(1, count))
    for (index, span) in spans.enumerated() { self.spans[index] = span }
    pixelColumns = (spans.first?.0 ?? 0)..<max(spans.first?.0 ?? 0, spans.last?.1 ?? 0)
    differences = .allocate(capacity: max(1, pixelColumns.upperBound))
  }

  deinit {
    flags.deallocate()
    spans.deallocate()
    differences.deallocate()
  }

  /// Whether every pixel of cell `index` in the last band found is the band's color.
  @inline(__always)
  subscript(index: Int) -> Bool { flags[index] }

  /// How many cells from `index` on, before `end`, are blank in a row.
  @inline(__always)
  func run(from index: Int, to end: Int) -> Int {
    var next = index
    while next < end && flags[next] { next &+= 1 }
    return next &- index
  }

  /// The sample columns a band must make once its blank cells are found, as runs of whole
  /// cells `cellWidth` samples wide: every cell but the blank ones after the first, which
  /// stands for them all. Also that first blank cell and how many cells are blank.
  func columnsToMake(cellWidth: Int) -> (runs: [Range<Int>], firstBlank: Int?, blankCount: Int) {
    var runs: [Range<Int>] = []
    var runStart: Int? = nil
    var firstBlank: Int? = nil
    var blankCount = 0
    for cell in 0..<count {
      if !flags[cell] || blankCount == 0 {
        if runStart == nil { runStart = cell }
      } else if let start = runStart {
        runs.append((start * cellWidth)..<(cell * cellWidth))
        runStart = nil
      }
      if flags[cell] {
        if blankCount == 0 { firstBlank = cell }
        blankCount += 1
      }
    }
    if let start = runStart { runs.append((start * cellWidth)..<(count * cellWidth)) }
    return (runs, firstBlank, blankCount)
  }

  /// Finds the blank cells of the band of pixel rows `rows` (non-empty) of `image`.
  mutating func find(in image: RGBAImage, rows: Range<Int>) {
    assert(!rows.isEmpty, "a band of at least one row")
    let width = image.width
    let difference = differences
    let (x0, x1) = (pixelColumns.lowerBound, pixelColumns.upperBound)
    image.pixels.withUnsafeBytes { bytes in
      guard let base = bytes.bindMemory(to: UInt32.self).baseAddress, count > 0 else { return }
      let band = base[rows.lowerBound * width + x0]
      color = band
      // Per pixel column, up to eight rows a pass (loops the compiler vectorizes); a pass
      // of fewer rows reads its last row again in place of the missing ones. The first pass
      // stores, the others merge. On white paper (every bit set, in any byte order) the bits
      // some row lacks are those missing from the rows' AND: one operation a row, not two.
      var y = rows.lowerBound
      var isFirst = true
      /// Stores (first pass) or merges into `difference` the bits `differing` gives per column.
      @inline(__always) func pass(_ differing: (Int) -> UInt32) {
        if isFirst {
          for x in x0..<x1 { difference[x] = differing(x) }
        } else {
          for x in x0..<x1 { difference[x] |= differing(x) }
        }
        isFirst = false
      }
      while y < rows.upperBound {
        let left = rows.upperBound - y
        let passRows = left > 4 ? min(8, left) : left
        // Row pointers; past `passRows` each repeats the one before it.
        var row = (base + y * width, base, base, base, base, base, base, base)
        row.1 = passRows > 1 ? row.0 + width : row.0
        row.2 = passRows > 2 ? row.1 + width : row.1
        row.3 = passRows > 3 ? row.2 + width : row.2
        if left > 4 {
          row.4 = row.3 + width
          row.5 = passRows > 5 ? row.4 + width : row.4
          row.6 = passRows > 6 ? row.5 + width : row.5
          row.7 = passRows > 7 ? row.6 + width : row.6
          let (r0, r1, r2, r3, r4, r5, r6, r7) = row
          if band == .max {
            pass { x in ~(r0[x] & r1[x] & r2[x] & r3[x] & r4[x] & r5[x] & r6[x] & r7[x]) }
          } else {
            pass { x in
              (r0[x] ^ band) | (r1[x] ^ band) | (r2[x] ^ band) | (r3[x] ^ band) | (r4[x] ^ band)
                | (r5[x] ^ band) | (r6[x] ^ band) | (r7[x] ^ band)
            }
          }
        } else {
          let (r0, r1, r2, r3) = (row.0, row.1, row.2, row.3)
          if band == .max {
            pass { x in ~(r0[x] & r1[x] & r2[x] & r3[x]) }
          } else {
            pass { x in (r0[x] ^ band) | (r1[x] ^ band) | (r2[x] ^ band) | (r3[x] ^ band) }
          }
        }
        y += passRows
      }
      // Per cell, four columns a step, the last step ending at the cell's end.
      let raw = UnsafeRawPointer(difference)
      for index in 0..<count {
        let (start, end) = spans[index]
        if end - start >= 4 {
          var any = SIMD4<UInt32>(repeating: 0)
          var x = start
          while x &+ 4 < end {
            any |= raw.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
            x &+= 4
          }
          any |= raw.loadUnaligned(fromByteOffset: (end &- 4) &* 4, as: SIMD4<UInt32>.self)
          flags[index] = any == SIMD4(repeating: 0)
        } else {
          var any: UInt32 = 0
          for x in start..<end { any |= difference[x] }
          flags[index] = any == 0
        }
      }
    }
  }
}
