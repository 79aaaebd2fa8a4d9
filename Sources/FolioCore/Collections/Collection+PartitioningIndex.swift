extension Collection {
  /// The first index whose element is in the second partition, or `endIndex` if none is: a
  /// binary search, the one of the code base (swift-algorithms' name). The collection must be
  /// partitioned by `belongsInSecondPartition`: every element for which it is false comes
  /// before every element for which it is true. O(log n) calls of the predicate.
  @inlinable
  public func partitioningIndex(where belongsInSecondPartition: (Element) throws -> Bool)
    rethrows -> Index
  {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if try belongsInSecondPartition(self[middle]) {
        count = half
      } else {
        low = index(after: middle)
        count -= half + 1
      }
    }
    return low
  }
}
