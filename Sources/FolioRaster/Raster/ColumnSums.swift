import FolioCore

/// The box filter's first step: for each pixel column, the sums of its pixels' channels down a
/// run of rows, two channels packed per word (bytes 0 and 2 of each pixel in one, bytes 1 and
/// 3 in the other; 16 bits a sum, so up to `BoxFilter.packedLimit` rows).
enum ColumnSums {
  /// Writes into `redBlue[x]` and `greenAlpha[x]`, for each column `x` of `columns`, the sums
  /// over `rows` (not empty) of `pixels`, an image `width` words wide read as little-endian
  /// words. Four rows a pass, then two, then one; the first pass stores, so nothing needs
  /// clearing first. A loop the compiler vectorizes.
  @inline(__always)
  static func write(
    rows: Range<Int>, columns: Range<Int>, of pixels: UnsafePointer<UInt32>, width: Int,
    redBlue: UnsafeMutablePointer<UInt32>, greenAlpha: UnsafeMutablePointer<UInt32>
  ) {
    assert(!rows.isEmpty, "at least one row: the first pass is what writes the sums")
    let mask: UInt32 = 0x00FF_00FF
    @inline(__always) func split(_ word: UInt32) -> (UInt32, UInt32) {
      let p = UInt32(littleEndian: word)
      return (p & mask, (p >> 8) & mask)
    }
    @inline(__always) func pass(storing: Bool, _ sums: (Int) -> (UInt32, UInt32)) {
      if storing {
        for x in columns { (redBlue[x], greenAlpha[x]) = sums(x) }
      } else {
        for x in columns {
          let (rb, ga) = sums(x)
          redBlue[x] &+= rb
          greenAlpha[x] &+= ga
        }
      }
    }
    var y = rows.lowerBound
    var isFirst = true
    while y < rows.upperBound {
      let r0 = pixels + y * width
      switch rows.upperBound - y {
      case 4...:
        let (r1, r2, r3) = (r0 + width, r0 + 2 * width, r0 + 3 * width)
        pass(storing: isFirst) { x in
          let (a, b, c, d) = (split(r0[x]), split(r1[x]), split(r2[x]), split(r3[x]))
          return (a.0 &+ b.0 &+ c.0 &+ d.0, a.1 &+ b.1 &+ c.1 &+ d.1)
        }
        y += 4
      case 2...:
        let r1 = r0 + width
        pass(storing: isFirst) { x in
          let (a, b) = (split(r0[x]), split(r1[x]))
          return (a.0 &+ b.0, a.1 &+ b.1)
        }
        y += 2
      default:
        pass(storing: isFirst) { x in split(r0[x]) }
        y += 1
      }
      isFirst = false
    }
  }
}
