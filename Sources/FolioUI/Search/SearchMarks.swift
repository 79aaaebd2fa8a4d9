import FolioCore
import FolioLayout

/// What a search adds to the main view: in the grid, a badge with the hit count on every
/// thumbnail with hits and, once every page is searched, the others dimmed; in the continuous
/// and spread views, every hit on a visible page tinted, the current one in a stronger color.
struct SearchMarks {
  var width: TextWidth

  /// The tint of hits, and of the current hit.
  static let hitTint = RGBA(red: 255, green: 214, blue: 0)
  static let currentTint = RGBA(red: 255, green: 120, blue: 0)

  func draw(_ state: AppState, area: CellRect, on screen: inout ScreenBuffer) {
    let search = state.search
    guard search.isActive, !area.isEmpty else { return }
    let visible = state.view.viewport.visibleRect
    for item in state.view.layout.items(intersecting: visible) {
      for placed in item.pages {
        let frame = CellRect(
          x: area.minX + placed.frame.minX - visible.minX,
          y: area.minY + placed.frame.minY - visible.minY,
          columns: placed.frame.size.columns, rows: placed.frame.size.rows)
        let count = search.hitCount(of: placed.page)
        if state.view.mode == .grid {
          if count > 0 {
            drawBadge(
              count, on: frame, area: area, colors: state.drawing.style.colors, screen: &screen)
          } else if search.isComplete {
            dim(frame, area: area, screen: &screen)
          }
        } else if let hits = search.regions[placed.page] {
          for (index, boxes) in hits.enumerated() {
            let isCurrent = search.current == HitPosition(page: placed.page, index: index)
            for box in boxes {
              tint(
                TextCells.cells(of: state.displayed(box, on: placed.page), in: frame), area: area,
                isCurrent: isCurrent,
                colors: state.drawing.style.colors, screen: &screen)
            }
          }
        }
      }
    }
  }

  private func drawBadge(
    _ count: Int, on frame: CellRect, area: CellRect, colors: ColorMode,
    screen: inout ScreenBuffer
  ) {
    let text = " \(count > 999 ? "999+" : String(count)) "
    let columns = width.width(of: text)
    guard frame.size.columns >= columns else { return }
    let origin = CellPoint(x: frame.maxX - columns, y: frame.minY)
    guard area.contains(origin), area.contains(CellPoint(x: origin.x + columns - 1, y: origin.y))
    else { return }
    let style =
      colors == .none
      ? Cell(" ", attributes: [.reverse, .bold])
      : Cell(
        " ", foreground: .rgb(0, 0, 0), background: TerminalColor(Self.hitTint), attributes: [.bold]
      )
    screen.write(text, at: origin, maxWidth: columns, style: style, width: width)
  }

  private func dim(_ frame: CellRect, area: CellRect, screen: inout ScreenBuffer) {
    Self.change(frame, area: area, on: &screen) { cell in
      cell.foreground = Self.faded(cell.foreground)
      cell.background = Self.faded(cell.background)
      cell.attributes.insert(.dim)
    }
  }

  private func tint(
    _ rect: CellRect, area: CellRect, isCurrent: Bool, colors: ColorMode,
    screen: inout ScreenBuffer
  ) {
    let color = isCurrent ? Self.currentTint : Self.hitTint
    Self.change(rect, area: area, on: &screen) { cell in
      if colors == .none {
        cell.attributes.insert(isCurrent ? [.reverse, .bold] : [.reverse])
      } else {
        cell.background = Self.mixed(cell.background, with: color, amount: isCurrent ? 0.75 : 0.55)
        cell.foreground = Self.mixed(cell.foreground, with: color, amount: isCurrent ? 0.5 : 0.35)
      }
    }
  }

  /// Changes every cell of `rect` inside `area`.
  private static func change(
    _ rect: CellRect, area: CellRect, on screen: inout ScreenBuffer, _ body: (inout Cell) -> Void
  ) {
    let xs = max(rect.minX, area.minX)..<max(max(rect.minX, area.minX), min(rect.maxX, area.maxX))
    let ys = max(rect.minY, area.minY)..<max(max(rect.minY, area.minY), min(rect.maxY, area.maxY))
    for y in ys {
      for x in xs {
        var cell = screen[x, y]
        body(&cell)
        screen[x, y] = cell
      }
    }
  }

  /// `color` halfway to gray (a terminal's own colors are left as they are).
  static func faded(_ color: TerminalColor) -> TerminalColor {
    guard case .rgb(let red, let green, let blue) = color else { return color }
    func fade(_ value: UInt8) -> UInt8 { UInt8((Int(value) + 128) / 2) }
    return .rgb(fade(red), fade(green), fade(blue))
  }

  /// `color` mixed with `tint` by `amount` (0…1); a terminal color becomes the tint.
  static func mixed(_ color: TerminalColor, with tint: RGBA, amount: Double) -> TerminalColor {
    guard case .rgb(let red, let green, let blue) = color else { return TerminalColor(tint) }
    func mix(_ value: UInt8, _ target: UInt8) -> UInt8 {
      UInt8((Double(value) * (1 - amount) + Double(target) * amount).rounded())
    }
    return .rgb(mix(red, tint.red), mix(green, tint.green), mix(blue, tint.blue))
  }
}
