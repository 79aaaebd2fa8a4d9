/// Picking pages with `v` and `V`, and whether this is a `--pick` session.
public struct PickingState: Hashable, Sendable {
  /// The pages picked.
  public internal(set) var selection = PageSelection()
  /// How a `--pick` session prints the picked pages; nil when not picking.
  public internal(set) var format: PickFormat?

  /// Nothing picked, not a `--pick` session.
  public init() {}
}
