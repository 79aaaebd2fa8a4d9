import FolioCore

/// Items one after another along a layout's scrolling axis, each where it starts and how long
/// it is (progression coordinates, increasing), with the lookups the stacks share: the items
/// a stretch of the axis meets, and the continuous index at a position and back.
struct Track: Sendable {
  /// Where each item starts, increasing.
  let starts: [Int]
  /// Each item's length, at least 1.
  let lengths: [Int]

  /// The number of items.
  var count: Int { starts.count }

  /// The first item that ends after `position` (`count` if none). O(log n).
  func firstItem(endingAfter position: Int) -> Int {
    starts.indices.partitioningIndex { starts[$0] + lengths[$0] > position }
  }

  /// The items that meet `low..<high`, in order. O(log n).
  func items(meeting low: Int, _ high: Int) -> Range<Int> {
    let first = firstItem(endingAfter: low)
    return first..<max(first, starts[first...].partitioningIndex { $0 >= high })
  }

  private func segment(_ index: Int) -> TrackSegment {
    TrackSegment(
      start: Double(starts[index]), length: Double(lengths[index]), items: index..<(index + 1))
  }

  /// The continuous index at `position`, the content being `length` long: linear inside an
  /// item, the item after in the gaps. O(log n).
  func index(at position: Double, length: Int) -> ContinuousSpreadIndex {
    guard !starts.isEmpty else { return ContinuousSpreadIndex(0) }
    // The last item starting at or before `position`, or the first one.
    let following = firstItem(endingAfter: position.cell(limit: length))
    var index = min(following, starts.count - 1)
    if Double(starts[index]) > position, index > 0 { index -= 1 }
    return TrackSegment.clampedIndex(segment(index).index(at: position), itemCount: starts.count)
  }

  /// The position of continuous index `index`: the inverse of `index(at:length:)` inside
  /// items. O(1).
  func position(for index: ContinuousSpreadIndex) -> Double {
    guard !starts.isEmpty else { return 0 }
    let item = min(index.spread, starts.count - 1)
    return segment(item).position(for: min(index.value, Double(starts.count).nextDown))
  }
}
