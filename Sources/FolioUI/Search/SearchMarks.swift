import FolioCore
import FolioLayout

/// What a search adds to the main view: in the grid, a badge with the hit count on every
/// thumbnail with hits and, once every page is searched, the others dimmed; in the continuous
/// and spread views, every hit on a visible page tinted, the current one in a stronger color;
/// and the boxes a SyncTeX forward search named, for a moment.
struct SearchMarks {
  var width: TextWidth

  /// The tint of hits, and of the current hit.
  static let hitTint = RGBA(red: 255, green: 214, blue: 0)
  static let currentTint = RGBA(red: 255, green: 120, blue: 0)

  func draw(_ state: AppState, area: CellRect, on screen: inout ScreenBuffer) {
    // The reading view tints its words itself (`ReadingView`).
    guard state.view.mode.showsPages else { return }
    drawSourceMarks(state, area: area, on: &screen)
    let search = state.search
    guard search.isActive, !area.isEmpty else { return }
    for placed in Self.pagesOnScreen(state, area: area) {
      let frame = placed.frame
      let count = search.hitCount(of: placed.page)
      if state.view.mode == .grid {
        if count > 0 {
          drawBadge(
            count, on: frame, area: area, colors: state.drawing.style.colors, screen: &screen)
        } else if search.isComplete {
          dim(frame, area: area, screen: &screen)
        }
      } else if let hits = search.regions[placed.page] {
        let colors = state.drawing.style.colors
        for (index, boxes) in hits.enumerated() {
          let isCurrent = search.current == HitPosition(page: placed.page, index: index)
          for box in boxes {
            let cells = TextCells.cells(
              of: state.displayed(box.region, on: placed.page), in: frame)
            if let drawn = DrawnText.cells(
              of: box.text, near: cells, in: frame.intersection(area), on: screen, width: width)
            {
              // The text layer drew the hit's letters: exactly those cells, as text.
              mark(
                drawn, isText: true, area: area, isCurrent: isCurrent, colors: colors,
                screen: &screen)
            } else {
              mark(
                cells, isText: false, area: area, isCurrent: isCurrent, colors: colors,
                screen: &screen)
            }
          }
        }
      }
    }
  }

  /// The boxes a SyncTeX forward search named, tinted like the current hit in the page
  /// views (the grid shows the page's badge of hits only).
  private func drawSourceMarks(_ state: AppState, area: CellRect, on screen: inout ScreenBuffer) {
    let marks = state.navigation.sourceMarks
    guard !marks.isEmpty, state.view.mode != .grid, !area.isEmpty else { return }
    for placed in Self.pagesOnScreen(state, area: area) {
      for mark in marks where mark.page == placed.page {
        let cells = TextCells.cells(
          of: state.displayed(mark.region, on: placed.page), in: placed.frame)
        self.mark(
          cells, isText: false, area: area, isCurrent: true,
          colors: state.drawing.style.colors, screen: &screen)
      }
    }
  }

  /// The pages of the main view on screen, each with the cells its whole picture would take
  /// (parts of them off the screen).
  private static func pagesOnScreen(_ state: AppState, area: CellRect)
    -> [(page: PageIndex, frame: CellRect)]
  {
    let visible = state.view.viewport.visibleRect
    return state.view.layout.items(intersecting: visible).flatMap(\.pages).map { placed in
      (
        placed.page,
        CellRect(
          x: area.minX + placed.frame.minX - visible.minX,
          y: area.minY + placed.frame.minY - visible.minY,
          columns: placed.frame.size.columns, rows: placed.frame.size.rows)
      )
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

  /// Marks a hit's cells: letters the text layer drew (`isText`) dark on the tint, whatever
  /// the colors; block art tinted, its shapes kept. Without colors, in reverse video.
  func mark(
    _ rect: CellRect, isText: Bool, area: CellRect, isCurrent: Bool, colors: ColorMode,
    screen: inout ScreenBuffer
  ) {
    let color = isCurrent ? Self.currentTint : Self.hitTint
    Self.change(rect, area: area, on: &screen) { cell in
      if colors == .none {
        cell.attributes.insert(isCurrent ? [.reverse, .bold] : [.reverse])
        return
      }
      if isText {
        cell.background = colors.color(red: color.red, green: color.green, blue: color.blue)
        cell.foreground = colors.color(red: 0, green: 0, blue: 0)
        if isCurrent { cell.attributes.insert(.bold) }
        return
      }
      let background = Self.mixed(
        cell.background, with: color, amount: isCurrent ? 0.75 : 0.55, in: colors)
      var foreground = Self.mixed(
        cell.foreground, with: color, amount: isCurrent ? 0.5 : 0.35, in: colors)
      if foreground == background, cell.scalar != " " {
        // Too few colors to tell them apart: the shape in dark ink.
        foreground = colors.color(red: 0, green: 0, blue: 0)
      }
      cell.background = background
      cell.foreground = foreground
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

  /// `color` mixed with `tint` by `amount` (0…1), as `colors` can show it; a terminal's
  /// default color becomes the tint.
  static func mixed(
    _ color: TerminalColor, with tint: RGBA, amount: Double, in colors: ColorMode = .truecolor
  ) -> TerminalColor {
    let rgb: (Int, Int, Int)
    switch color {
    case .rgb(let red, let green, let blue): rgb = (Int(red), Int(green), Int(blue))
    case .indexed(let index): rgb = Palette.rgb(ofIndex: index)
    case .default: return colors.color(red: tint.red, green: tint.green, blue: tint.blue)
    }
    func mix(_ value: Int, _ target: UInt8) -> UInt8 {
      UInt8((Double(value) * (1 - amount) + Double(target) * amount).rounded())
    }
    return colors.color(
      red: mix(rgb.0, tint.red), green: mix(rgb.1, tint.green), blue: mix(rgb.2, tint.blue))
  }
}
