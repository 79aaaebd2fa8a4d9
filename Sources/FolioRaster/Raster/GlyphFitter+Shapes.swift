import FolioCore

extension GlyphFitter {
  /// The glyph shapes, derived once from `AsciiGlyphCoverage`.
  struct Shapes: @unchecked Sendable {  // immutable after init, the table included
    /// Ink coverage of each glyph's sub-cells, 0…1.
    let coverage: [SIMD8<Float>]
    /// Mean coverage of each glyph.
    let means: [Float]
    /// Coverage minus its mean.
    let centered: [SIMD8<Float>]
    /// `centered` scaled to unit length (zero for glyphs of flat coverage).
    let unit: [SIMD8<Float>]
    /// `1 / |centered|²` (zero for glyphs of flat coverage).
    let inverseNormSquared: [Float]
    /// The highest mean coverage: the darkest tone text can make.
    let densest: Float
    /// Glyph count rounded up to a multiple of 8.
    let stride: Int
    /// What the fitting loop reads, without array bounds checks or reference counting.
    /// Allocated once for the process (`ascii` is the only instance) and never freed.
    let table: Table

    /// Scale of the unit shapes in the ranking's fixed point (`Table.unitPairs`).
    static let unitScale: Float = 8192
    /// The magnitude a cell's largest luma deviation takes in the ranking's fixed point.
    /// With `unitScale`, a glyph's projection stays below 8192 × 8191 × √8 < 2^28, and each
    /// number fits in 16 bits.
    static let lumaScale: Float = 8191

    /// Flat copies of the shapes for the fitting loop.
    struct Table {
      /// Σ coverage² of each glyph.
      let coverageSquares: UnsafeMutablePointer<Float>
      /// `Shapes.means`.
      let means: UnsafeMutablePointer<Float>
      /// `Shapes.inverseNormSquared`.
      let inverseNormSquared: UnsafeMutablePointer<Float>
      /// `Shapes.centered` transposed: for each sub-cell, the centered coverage of every
      /// glyph, `stride` apart.
      let centeredBySubCell: UnsafeMutablePointer<Float>
      /// `Shapes.unit` times `unitScale`, rounded, for the ranking's integer multiply-adds:
      /// for each group of four glyphs (padded with zeros), four vectors, one for each pair
      /// of sub-cells (0-1, 2-3, 4-5, 6-7), holding that pair of each glyph in turn.
      let unitPairs: UnsafeMutablePointer<SIMD8<Int16>>

      init(
        coverage: [SIMD8<Float>], means: [Float], inverseNormSquared: [Float],
        unit: [SIMD8<Float>], centered: [SIMD8<Float>], stride: Int
      ) {
        func copy<T>(_ values: [T]) -> UnsafeMutablePointer<T> {
          let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(1, values.count))
          pointer.initialize(from: values, count: values.count)
          return pointer
        }
        self.coverageSquares = copy(coverage.map { ($0 * $0).sum() })
        self.means = copy(means)
        self.inverseNormSquared = copy(inverseNormSquared)
        var centeredBySubCell = [Float](repeating: 0, count: 8 * stride)
        for (g, shape) in centered.enumerated() {
          for s in 0..<8 { centeredBySubCell[s * stride + g] = shape[s] }
        }
        self.centeredBySubCell = copy(centeredBySubCell)
        var pairs = [SIMD8<Int16>](repeating: .zero, count: stride)
        for (g, shape) in unit.enumerated() {
          for s in 0..<8 {
            let lane = g % 4 * 2 + s % 2
            pairs[g / 4 * 4 + s / 2][lane] = Int16((shape[s] * Shapes.unitScale).rounded())
          }
        }
        self.unitPairs = copy(pairs)
      }
    }

    private init() {
      let raw = AsciiGlyphCoverage.coverage
      coverage = AsciiGlyphCoverage.glyphs.indices.map { g in
        var c = SIMD8<Float>(repeating: 0)
        for s in 0..<8 { c[s] = Float(raw[g * 8 + s]) / 255 }
        return c
      }
      means = coverage.map { $0.sum() / 8 }
      centered = zip(coverage, means).map { $0 - SIMD8(repeating: $1) }
      let norms = centered.map { ($0 * $0).sum() }
      inverseNormSquared = norms.map { $0 > 1e-6 ? 1 / $0 : 0 }
      unit = zip(centered, norms).map { $1 > 1e-6 ? $0 / $1.squareRoot() : SIMD8(repeating: 0) }
      densest = means.max() ?? 1
      stride = (coverage.count + 7) / 8 * 8
      precondition(stride <= TopFour.glyphCapacity, "keys carry glyph indices in 7 bits")
      table = Table(
        coverage: coverage, means: means, inverseNormSquared: inverseNormSquared, unit: unit,
        centered: centered, stride: stride)
    }

    static let ascii = Shapes()
  }
}
