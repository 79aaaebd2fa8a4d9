/// What a cache has done and holds: hits, misses and evictions since it was made, and its
/// current entry count and total cost (bytes, for renders).
public struct CacheStatistics: Hashable, Sendable {
  /// Lookups that found a value.
  public var hits = 0
  /// Lookups that found nothing.
  public var misses = 0
  /// Entries removed to make room (explicit removals are not evictions).
  public var evictions = 0
  /// Entries held now.
  public var count = 0
  /// The sum of the held entries' costs.
  public var totalCost = 0

  /// Creates zeroed statistics.
  public init() {}
}
