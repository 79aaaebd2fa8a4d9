import FolioCore

/// How pages are grouped into spreads, the units a stack layout places and pages through.
public enum SpreadMode: String, Hashable, Sendable, CaseIterable {
  /// One page per spread.
  case single
  /// Two pages per spread from the first page on: 1-2, 3-4, … (a last odd page stands alone).
  case double
  /// A book: the cover alone, then 2-3, 4-5, …, and a last lone page alone.
  case book
}

/// The side a document is bound on, which fixes the reading direction of its spreads.
public enum Binding: Hashable, Sendable, CaseIterable {
  /// Bound on the left: pages of a spread run left to right, horizontal layouts progress
  /// rightwards.
  case leftToRight
  /// Bound on the right (manga, Arabic, Hebrew): pages of a spread run right to left, horizontal
  /// layouts progress leftwards.
  case rightToLeft
}

/// The reader's choice of spreads: mode, the shift-by-one toggle and binding.
public struct SpreadStyle: Hashable, Sendable {
  /// How pages group into spreads.
  public var mode: SpreadMode
  /// Whether the pairing starts one page later (`double`) or earlier (`book`) than usual; ignored
  /// in `single` mode. A shifted `double` pairs like `book` and a shifted `book` like `double`.
  public var isShiftedByOne: Bool
  /// The reading direction of spreads.
  public var binding: Binding

  /// Creates a spread style; the default is single pages, left to right.
  public init(
    mode: SpreadMode = .single, isShiftedByOne: Bool = false, binding: Binding = .leftToRight
  ) {
    self.mode = mode
    self.isShiftedByOne = isShiftedByOne
    self.binding = binding
  }

  /// The spreads of a document of `pageCount` pages in this style.
  public func arrangement(pageCount: Int) -> SpreadArrangement {
    SpreadArrangement(pageCount: pageCount, mode: mode, isShiftedByOne: isShiftedByOne)
  }
}
