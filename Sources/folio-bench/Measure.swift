import FolioCore
import Foundation

/// Timing helpers for benchmarks: medians of repeated runs with a monotonic clock.
enum Measure {
  /// The median duration of `repetitions` runs of `body`, in seconds.
  static func median(repetitions: Int = 5, _ body: () throws -> Void) rethrows -> Double {
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<max(1, repetitions) {
      let elapsed = try clock.measure(body)
      samples.append(elapsed.inSeconds)
    }
    samples.sort()
    return samples[samples.count / 2]
  }

  /// A duration in the unit that reads best.
  static func format(_ seconds: Double) -> String {
    if seconds >= 1 { return String(format: "%.2f s", seconds) }
    if seconds >= 1e-3 { return String(format: "%.2f ms", seconds * 1e3) }
    return String(format: "%.1f µs", seconds * 1e6)
  }
}
