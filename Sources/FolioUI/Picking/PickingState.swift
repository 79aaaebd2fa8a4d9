import FolioCore

/// Picking pages with `v` and `V`, and whether this is a `--pick` session.
public struct PickingState: Hashable, Sendable {
  /// The pages picked.
  public private(set) var selection = PageSelection()
  /// How a `--pick` session prints the picked pages; nil when not picking.
  public private(set) var format: PickFormat?

  /// Nothing picked, not a `--pick` session.
  public init() {}

  /// Makes this a `--pick` session that prints in `format`.
  mutating func start(_ format: PickFormat) { self.format = format }

  /// `v`: picks `page`, or unpicks it.
  mutating func toggle(_ page: PageIndex) { selection.toggle(page) }

  /// `V`: picks every page from the last one toggled to `page`.
  mutating func pickRange(to page: PageIndex) { selection.pickRange(to: page) }

  /// A new version of the document has `count` pages: picks past its end go.
  mutating func clamp(toPageCount count: Int) { selection.clamp(toPageCount: count) }
}
