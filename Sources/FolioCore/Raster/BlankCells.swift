/// Which cells of one band of an image have every pixel exactly the color of the band's first
/// pixel: cells that need no averaging and no fitting, because each is drawn like any other
/// such cell. Paper, margins and the space between lines are most of a typical page.
///
/// Finding them reads each pixel of the band once with a few vector operations per four
/// pixels, fewer than averaging the pixels it lets a rasterizer skip.
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

  /// Finds the blank cells of the band of pixel rows `rows` (non-empty) of `image`.
  mutating func find(in image: RGBAImage, rows: Range<Int>) {
    let width = image.width
    let difference = differences
    let (x0, x1) = (pixelColumns.lowerBound, pixelColumns.upperBound)
    image.pixels.withUnsafeBytes { bytes in
      guard let base = bytes.bindMemory(to: UInt32.self).baseAddress, count > 0 else { return }
      let c = base[rows.lowerBound * width + x0]
      color = c
      // Per pixel column, four rows a pass (loops the compiler vectorizes), then one.
      (difference + x0).update(repeating: 0, count: x1 - x0)
      var y = rows.lowerBound
      while y + 3 < rows.upperBound {
        let r0 = base + y * width
        let r1 = r0 + width
        let r2 = r1 + width
        let r3 = r2 + width
        for x in x0..<x1 {
          difference[x] |= (r0[x] ^ c) | (r1[x] ^ c) | (r2[x] ^ c) | (r3[x] ^ c)
        }
        y += 4
      }
      while y < rows.upperBound {
        let r0 = base + y * width
        for x in x0..<x1 { difference[x] |= r0[x] ^ c }
        y += 1
      }
      for index in 0..<count {
        let (start, end) = spans[index]
        var any: UInt32 = 0
        for x in start..<end { any |= difference[x] }
        flags[index] = any == 0
      }
    }
  }
}
