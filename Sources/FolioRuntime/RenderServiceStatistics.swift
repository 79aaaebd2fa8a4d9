/// Counts of a work queue's work.
public struct RenderServiceStatistics: Hashable, Sendable {
  /// Requests a worker has started.
  public var started: Int
  /// Requests cancelled before they started.
  public var cancelled: Int
  /// Requests waiting or running now.
  public var pending: Int
}
