import FolioCore

/// The part of a layout's content visible on screen: a window of `size` cells whose top-left cell
/// is content cell `origin`. The origin may be negative, or the window may reach past the
/// content, where the content is smaller than the window and is centered in it.
public struct Viewport: Hashable, Sendable {
  /// The content cell shown at the top-left of the screen area.
  public var origin: CellPoint
  /// The size of the screen area.
  public var size: CellSize

  /// Creates a viewport.
  public init(origin: CellPoint, size: CellSize) {
    self.origin = origin
    self.size = size
  }

  /// The content cells on screen.
  public var visibleRect: CellRect { CellRect(origin: origin, size: size) }

  /// The content point at the center of the screen area (between cells when a side is even).
  public var center: ContentPoint {
    ContentPoint(
      x: Double(origin.x) + Double(size.columns) / 2,
      y: Double(origin.y) + Double(size.rows) / 2)
  }

  /// Where content cell `point` appears on screen, relative to the screen area's top-left.
  public func screenPoint(of point: CellPoint) -> CellPoint {
    CellPoint(x: point.x - origin.x, y: point.y - origin.y)
  }

  /// Where a content rectangle appears on screen, relative to the screen area's top-left.
  public func screenRect(of rect: CellRect) -> CellRect {
    CellRect(origin: screenPoint(of: rect.origin), size: rect.size)
  }

  /// The viewport moved by `dx` columns and `dy` rows.
  public func offsetBy(dx: Int, dy: Int) -> Viewport {
    Viewport(origin: CellPoint(x: origin.x + dx, y: origin.y + dy), size: size)
  }
}
