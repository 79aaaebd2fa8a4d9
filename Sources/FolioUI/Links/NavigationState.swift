import FolioCore

/// Where the reader has jumped from, the marks set, and the link URI shown last.
public struct NavigationState: Hashable, Sendable {
  /// The places jumps left, for `Ctrl-O`, `Ctrl-P` and `''`.
  public private(set) var jumps = JumpList()
  /// Marks set with `m`, remembered with the place.
  public private(set) var marks = Marks()
  /// The URI of the link followed last, shown in the status line, for `y` to copy.
  public private(set) var shownLink: String?
  /// The page whose whole text `Y` copies once it is read.
  public private(set) var pageToCopy: PageIndex?

  /// The boxes a SyncTeX forward search named, marked for a moment.
  public private(set) var sourceMarks: [SourceMark] = []

  /// No jumps, no marks.
  public init() {}

  /// A jump leaves `place`: it goes on the jump list.
  mutating func recordJump(leaving place: Destination) { jumps.record(leaving: place) }

  /// `Ctrl-O`: the place `count` jumps back from `current` (which is kept to come forward to).
  mutating func jumpBack(from current: Destination, count: Int) -> Destination? {
    jumps.back(from: current, count: count)
  }

  /// `Ctrl-P`: the place `count` jumps forward.
  mutating func jumpForward(count: Int) -> Destination? { jumps.forward(count: count) }

  /// `m` and a letter: marks `place` with `letter`.
  mutating func mark(_ place: Destination, as letter: Character) { marks[letter] = place }

  /// A remembered place's marks replace these.
  mutating func restore(_ marks: Marks) { self.marks = marks }

  /// A link to `uri` was followed: the status line shows it, for `y` to copy.
  mutating func show(link uri: String) { shownLink = uri }

  /// A forward search named `marks`: they are marked until `unmarkSource`.
  mutating func markSource(_ marks: [SourceMark]) { sourceMarks = marks }

  /// The forward search's boxes have been seen.
  mutating func unmarkSource() { sourceMarks = [] }

  /// `Y`: copy `page`'s whole text once it is read (nil: nothing waits to be copied).
  mutating func copyText(of page: PageIndex?) { pageToCopy = page }
}
