import FolioCore

/// A render given up because it ran longer than the time limit (a decoder that loops on a
/// damaged image): the page is drawn as a box saying it could not be drawn.
public struct RenderTimeout: Error, Hashable, Sendable, CustomStringConvertible {
  /// The limit it passed.
  public var limit: Duration

  /// Creates the error for `limit`.
  public init(limit: Duration) {
    self.limit = limit
  }

  /// "took over 20 s".
  public var description: String {
    let seconds = limit.inSeconds
    let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    return "took over \(shown) s"
  }
}
