import FolioCore

/// Where the reader has jumped from, the marks set, and the link URI shown last.
public struct NavigationState: Hashable, Sendable {
  /// The places jumps left, for `Ctrl-O`, `Ctrl-P` and `''`.
  public internal(set) var jumps = JumpList()
  /// Marks set with `m`, remembered with the place.
  public internal(set) var marks = Marks()
  /// The URI of the link followed last, shown in the status line, for `y` to copy.
  public internal(set) var shownLink: String?
  /// The page whose whole text `Y` copies once it is read.
  public internal(set) var pageToCopy: PageIndex?

  /// No jumps, no marks.
  public init() {}
}
