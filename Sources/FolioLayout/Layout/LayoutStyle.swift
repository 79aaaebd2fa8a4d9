import FolioCore

/// A choice of layout with its options: what the app keeps in its state and turns into a layout
/// whenever the viewport, the cell aspect or the page metrics change.
public enum LayoutStyle: Hashable, Sendable {
  /// The smart grid of thumbnails.
  case grid(GridOptions)
  /// Every spread one after another, scrolled freely.
  case continuous(ContinuousOptions)
  /// One spread at a time, paged through.
  case perSpread(PerSpreadOptions)
  /// A strip of thumbnails; the viewport size given is the area the strip may take a part of.
  case shelf(ShelfOptions)

  /// The layout of `metrics` in this style. O(n) for `continuous`, O(1) otherwise.
  public func makeLayout(
    metrics: PageMetrics, viewportSize: CellSize, cellAspect: CellAspect = .standard
  ) -> any DocumentLayout {
    switch self {
    case .grid(let options):
      return GridLayout(
        metrics: metrics, viewportSize: viewportSize, cellAspect: cellAspect, options: options)
    case .continuous(let options):
      return ContinuousLayout(
        metrics: metrics, viewportSize: viewportSize, cellAspect: cellAspect, options: options)
    case .perSpread(let options):
      return PerSpreadLayout(
        metrics: metrics, viewportSize: viewportSize, cellAspect: cellAspect, options: options)
    case .shelf(let options):
      return ShelfLayout(
        metrics: metrics, availableSize: viewportSize, cellAspect: cellAspect, options: options)
    }
  }
}
