import FolioCore

/// Gives back some of the local contrast that averaging each sub-cell's pixels takes away.
/// Each sample moves away from the mean of its four neighbours (above, below, left, right) by
/// `amount` times its difference from that mean, and is clamped to the displayable range.
///
/// A box average is the least-squares best sample, but it softens every edge by up to a
/// sample. The headline score (SSIM, which follows perceived sharpness) rates block art
/// with the contrast partly restored higher on most pages (docs/decisions.md), as image
/// viewers sharpen thumbnails.
///
/// `BandSharpener` applies it for a `SampleGrid`, one band of sample rows at a time, handing it the
/// row above the band (kept, unsharpened, from the band before) and the row below (made early), so
/// bands meet without seams. The blank cells a band found are left as they are: they stand for runs
/// of identical cells that are drawn once.
enum UnsharpMask {
  /// The band's rows and the two rows around it, as `SampleGrid` holds them.
  struct Band {
    /// The band's first sample; rows are `width` apart.
    let samples: UnsafePointer<SIMD4<Float>>
    /// Rows in the band.
    let rows: Int
    /// Samples across.
    let width: Int
    /// The row above the band (every column), or nil at the top of the image.
    let above: UnsafePointer<SIMD4<Float>>?
    /// The row below the band (the columns of `runs`), or nil at the bottom of the image.
    let below: UnsafePointer<SIMD4<Float>>?
    /// The sample columns that were made, as runs of whole cells; the columns between runs
    /// belong to blank cells whose samples are all `blankSample`.
    let runs: [Range<Int>]
    /// The value of every sample of the band's blank cells (unused when there are none).
    let blankSample: SIMD4<Float>
  }

  /// Writes the sharpened samples of the columns of `band.runs` into `output` (laid out like
  /// the band), except those of cell `keptCell` (`cellWidth` samples across; nil for none),
  /// which are copied as they are. Values are clamped to 0…`upperBound` per channel.
  static func apply(
    amount: Float, upperBound: SIMD4<Float>, to band: Band, keeping keptCell: Int?,
    cellWidth: Int, into output: UnsafeMutablePointer<SIMD4<Float>>
  ) {
    let center = SIMD4<Float>(repeating: 1 + amount)
    let neighbor = SIMD4<Float>(repeating: amount / 4)
    let zero = SIMD4<Float>(repeating: 0)
    let width = band.width
    @inline(__always)
    func sharpened(
      _ value: SIMD4<Float>, _ sum: SIMD4<Float>
    ) -> SIMD4<Float> {
      var result = value * center - sum * neighbor
      result.replace(with: zero, where: result .< zero)
      result.replace(with: upperBound, where: result .> upperBound)
      return result
    }
    for y in 0..<band.rows {
      let row = band.samples + y &* width
      let up = y > 0 ? row - width : band.above ?? row
      let down = y &+ 1 < band.rows ? row + width : band.below ?? row
      let out = output + y &* width
      for run in band.runs where !run.isEmpty {
        // Outside a run lies a blank cell, or the image's edge (which repeats the sample).
        let (first, last) = (run.lowerBound, run.upperBound &- 1)
        let left = first > 0 ? band.blankSample : row[first]
        let right = last &+ 1 < width ? band.blankSample : row[last]
        if first == last {
          out[first] = sharpened(row[first], up[first] + down[first] + left + right)
          continue
        }
        out[first] = sharpened(row[first], up[first] + down[first] + left + row[first &+ 1])
        var x = first &+ 1
        while x < last {
          out[x] = sharpened(row[x], up[x] + down[x] + row[x &- 1] + row[x &+ 1])
          x &+= 1
        }
        out[last] = sharpened(row[last], up[last] + down[last] + row[last &- 1] + right)
      }
      if let keptCell {
        let start = keptCell &* cellWidth
        (out + start).update(from: row + start, count: cellWidth)
      }
    }
  }
}
