import FolioCore

/// Something a `TilePool` can show: an item of a layout with a stable index and its frame in
/// content cells. The layout engine's items conform; tests use their own.
public protocol TiledItem {
  /// The item's index in its layout, stable while the layout's items do not change.
  var index: Int { get }
  /// The cells the item covers, in content coordinates.
  var frame: CellRect { get }
}
