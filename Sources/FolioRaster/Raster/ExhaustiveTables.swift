import FolioCore

/// Scratch space and per-pattern weights for `CellFitter.fitExhaustive`, allocated once per
/// image: sums and gains for the `2^(count − 1)` canonical patterns, and `1 / n_on`,
/// `1 / n_off` for each.
struct ExhaustiveTables: ~Copyable {
  let red: UnsafeMutablePointer<Float>
  let green: UnsafeMutablePointer<Float>
  let blue: UnsafeMutablePointer<Float>
  let onWeight: UnsafeMutablePointer<Float>
  let offWeight: UnsafeMutablePointer<Float>
  let gains: UnsafeMutablePointer<Float>

  init(subCellCount count: Int) {
    let size = 1 << max(0, count - 1)
    red = .allocate(capacity: size)
    green = .allocate(capacity: size)
    blue = .allocate(capacity: size)
    onWeight = .allocate(capacity: size)
    offWeight = .allocate(capacity: size)
    gains = .allocate(capacity: size)
    for m in 0..<size {
      let on = m.nonzeroBitCount
      onWeight[m] = on == 0 ? 0 : 1 / Float(on)
      offWeight[m] = 1 / Float(count - on)
    }
  }

  deinit {
    for pointer in [red, green, blue, onWeight, offWeight, gains] { pointer.deallocate() }
  }
}
