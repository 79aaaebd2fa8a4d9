extension Duration {
  /// The duration in seconds, with its fraction (what `Date`, `Thread.sleep`, SQLite's busy
  /// timeout and the measurements take).
  public var inSeconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// The duration in whole milliseconds, the fraction dropped (toward zero), saturating at
  /// `Int`'s bounds: what `poll` takes.
  public var wholeMilliseconds: Int {
    let (seconds, attoseconds) = components
    let (milliseconds, overflow) = Int(clamping: seconds).multipliedReportingOverflow(by: 1000)
    let (total, overflowAdding) = milliseconds.addingReportingOverflow(
      Int(attoseconds / 1_000_000_000_000_000))
    guard !overflow && !overflowAdding else { return seconds < 0 ? .min : .max }
    return total
  }
}
