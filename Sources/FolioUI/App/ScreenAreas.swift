import FolioCore

/// Where each part of the screen goes, from one function: the main view, an optional side panel
/// on the left, the filmstrip under the main view, the status line on the bottom row, and the
/// area overlays (help) are centered in. Views draw only into their area.
public struct ScreenAreas: Hashable, Sendable {
  /// The pages: what is left of the screen.
  public var main: CellRect
  /// A panel beside the main view and the filmstrip (outline, hits), when one is open.
  public var sidePanel: CellRect?
  /// The filmstrip under the main view, when shown.
  public var filmstrip: CellRect?
  /// The bottom row, when the screen has one.
  public var statusLine: CellRect?
  /// Where overlays are centered: the main view, or the whole screen when the main view is empty.
  public var overlay: CellRect

  /// The areas of a screen of `size`, with a filmstrip of `filmstripRows` rows (0: none) and a
  /// side panel of `sidePanelColumns` columns (0: none). The status line comes first, then the
  /// filmstrip and the panel take what they ask for while the main view keeps at least one row
  /// and column; rows and columns never overlap and together cover the screen.
  public static func layout(
    screen size: CellSize, filmstripRows: Int = 0, sidePanelColumns: Int = 0
  )
    -> ScreenAreas
  {
    let columns = max(0, size.columns)
    let rows = max(0, size.rows)
    let whole = CellRect(x: 0, y: 0, columns: columns, rows: rows)
    guard columns > 0, rows > 0 else {
      return ScreenAreas(
        main: whole, sidePanel: nil, filmstrip: nil, statusLine: nil, overlay: whole)
    }
    let status = CellRect(x: 0, y: rows - 1, columns: columns, rows: 1)
    let above = rows - 1
    let panelColumns = min(max(0, sidePanelColumns), max(0, columns - 1))
    let panel =
      panelColumns > 0 && above > 0
      ? CellRect(x: 0, y: 0, columns: panelColumns, rows: above) : nil
    let right = columns - (panel?.size.columns ?? 0)
    let stripRows = min(max(0, filmstripRows), max(0, above - 1))
    let strip =
      stripRows > 0
      ? CellRect(x: columns - right, y: above - stripRows, columns: right, rows: stripRows) : nil
    let main = CellRect(x: columns - right, y: 0, columns: right, rows: above - stripRows)
    return ScreenAreas(
      main: main, sidePanel: panel, filmstrip: strip, statusLine: status,
      overlay: main.isEmpty ? whole : main)
  }
}
