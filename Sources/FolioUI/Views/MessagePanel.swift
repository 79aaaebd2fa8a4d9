import FolioCore

/// A message too long for the status line (or of several lines: a config file's problems),
/// shown whole above it: wrapped to the screen's width, in the status line's reverse video, its
/// last rows closest to the line. When it has more rows than the screen, the last row says how
/// many are left out.
struct MessagePanel {
  var width: TextWidth

  func draw(_ state: AppState, above line: CellRect, on screen: inout ScreenBuffer) {
    let columns = line.size.columns
    guard columns > 2, line.minY > 0,
      !StatusLine(width: width).saysWhole(state, columns: columns)
    else { return }
    var rows = state.status.messageLines.flatMap { width.wrapped($0, toWidth: columns - 2) }
    let room = line.minY
    if rows.count > room {
      let left = rows.count - (room - 1)
      rows = Array(rows.prefix(room - 1)) + ["… \(left) more line\(left == 1 ? "" : "s")"]
    }
    let style = Cell(" ", attributes: [.reverse])
    let top = line.minY - rows.count
    for (offset, text) in rows.enumerated() {
      let y = top + offset
      for x in 0..<columns { screen[line.minX + x, y] = style }
      screen.write(
        " " + text, at: CellPoint(x: line.minX, y: y), maxWidth: columns, style: style,
        width: width)
    }
  }
}
