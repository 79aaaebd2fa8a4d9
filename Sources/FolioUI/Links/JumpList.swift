import FolioCore

/// Where the reader jumped from, as vim keeps it: every jump (to a page, a hit, an outline
/// entry, a link, a mark) records the place it left; back (`Ctrl-O`) and forward (`Ctrl-P`)
/// walk the places, and a new jump drops the places ahead. At most `capacity` places are kept,
/// the oldest going first.
public struct JumpList: Hashable, Sendable {
  /// The most places kept.
  public static let capacity = 100

  /// The places, oldest first.
  public private(set) var places: [Destination] = []
  /// Where in `places` the reader is: `places.count` when at the newest place (not in the list
  /// yet), else the index of the place shown by the last back or forward.
  public private(set) var position = 0
  /// The place left by the last jump, for `''`.
  public private(set) var lastLeft: Destination?

  /// An empty list.
  public init() {}

  /// A jump leaves `place`: it is recorded and the places ahead are dropped.
  public mutating func record(leaving place: Destination) {
    places.removeSubrange(min(position, places.count)...)
    if places.last != place { places.append(place) }
    if places.count > Self.capacity { places.removeFirst(places.count - Self.capacity) }
    position = places.count
    lastLeft = place
  }

  /// The place `count` steps back from `current` (where the reader is), if there is one; moves
  /// there. At the newest place, `current` is kept so that forward comes back to it.
  public mutating func back(from current: Destination, count: Int = 1) -> Destination? {
    guard position > 0 else { return nil }
    if position >= places.count {
      if places.last != current {
        places.append(current)
        if places.count > Self.capacity { places.removeFirst() }
      }
      position = places.count - 1
    }
    let target = max(0, position - max(1, count))
    guard target < position else { return nil }
    position = target
    return places[target]
  }

  /// The place `count` steps forward, if there is one; moves there.
  public mutating func forward(count: Int = 1) -> Destination? {
    guard position + 1 < places.count else { return nil }
    position = min(places.count - 1, position + max(1, count))
    return places[position]
  }
}
