import FolioCore
import FolioLayout

/// Moving through the document: what each action does to the place, the view and the zoom.
extension AppState {
  /// Carries out one action, `count` times where that means something.
  mutating func perform(_ action: Action, count: Int?) {
    let times = max(1, min(count ?? 1, 100_000))
    switch action {
    case .move(let direction): move(direction, times: times)
    case .page(let forward): scrollScreens(forward ? times : -times, fraction: 1)
    case .halfPage(let forward): scrollScreens(forward ? times : -times, fraction: 0.5)
    case .stepPages(let forward): stepPages(forward ? times : -times)
    case .first: jump(toPage: PageIndex(0))
    case .last:
      jump(
        toPage: count.map { PageIndex(number: min(max(1, $0), document.pageCount)) }
          ?? PageIndex(document.pageCount - 1))
    case .open:
      if mode == .grid { show(.spread) }
    case .back:
      if mode != .grid { show(.grid) }
    case .cycleMode: show(mode.next)
    case .show(let target): show(target)
    case .zoomIn: for _ in 0..<min(times, 40) { zoom(in: true) }
    case .zoomOut: for _ in 0..<min(times, 40) { zoom(in: false) }
    case .zoomReset: resetZoom()
    case .cycleSpreadMode:
      var style = spreadStyle
      style.mode = style.mode.next
      spreadStyle = style
      say("\(style.mode) spreads")
    case .toggleBinding:
      var style = spreadStyle
      style.binding = style.binding == .leftToRight ? .rightToLeft : .leftToRight
      spreadStyle = style
    case .toggleShift:
      spreadStyle.isShiftedByOne.toggle()
    case .toggleShelf: showsShelf.toggle()
    case .cycleSymbols:
      let all = drawableSymbols
      let index = all.firstIndex(of: style.symbols) ?? -1
      style.symbols = all[(index + 1) % all.count]
      say("symbols: \(style.symbols.rawValue)")
    case .toggleInvert: style.isInverted.toggle()
    case .cycleTextLayer:
      style.text = style.text.next
      switch style.text {
      case .auto: say("text where it is legible")
      case .on: say("all text as characters")
      case .off: say("no text: block art only")
      }
    case .onlyHits: toggleOnlyHits()
    case .toggleTrim: toggleTrim()
    case .toggleSelection: toggleSelection()
    case .selectRange: selectRange()
    case .readingZoom, .linkHints, .copyLink, .setMark, .goToMark, .jumpBack, .jumpForward, .prompt,
      .searchPrompt, .nextHit, .previousHit, .hitsPanel, .outlinePanel, .toggleHelp, .reload,
      .quit:
      // The normal mode carries these out: they open modes or ask the runtime.
      break
    }
  }

  /// Where a go-to puts its page: the grid scrolls as little as it can, the continuous view
  /// shows the page from its top, the spread view centers its spread.
  var goToPosition: ScrollPosition {
    switch mode {
    case .grid: return .nearest
    case .continuous: return .start
    case .spread: return .center
    }
  }

  /// Shows `page`: selects it in the grid, shows it from its top in the continuous view,
  /// centers its spread in the spread view.
  public mutating func go(to page: PageIndex) {
    var target = PageIndex(min(max(0, page.rawValue), document.pageCount - 1))
    if mode == .grid {
      // A grid of some pages selects the shown page nearest the one asked for.
      target = layout.pages(inItem: layout.itemIndex(containing: target)).lowerBound
    }
    currentPage = target
    if mode == .spread && spreadZoom > .fit {
      spreadZoom = .fit
    }
    viewport = layout.viewport(showing: target, at: goToPosition, from: viewport)
    followCurrentPageInShelf()
  }

  /// `count` pages on (back when negative), or thumbnails in the grid.
  private mutating func stepPages(_ count: Int) {
    let step = max(-document.pageCount, min(count, document.pageCount))
    if mode == .grid {
      let item = layout.itemIndex(containing: currentPage) + step
      go(to: layout.pages(inItem: min(max(0, item), layout.itemCount - 1)).lowerBound)
    } else {
      go(to: PageIndex(currentPage.rawValue + step))
    }
  }

  private mutating func move(_ direction: Direction, times: Int) {
    switch mode {
    case .grid:
      guard let grid = layout as? GridLayout else { return }
      let columns = max(1, grid.columnCount)
      let rtl = spreadStyle.binding == .rightToLeft
      var step: Int
      switch direction {
      case .left: step = rtl ? 1 : -1
      case .right: step = rtl ? -1 : 1
      case .up: step = -columns
      case .down: step = columns
      }
      step *= times
      let item = min(max(0, layout.itemIndex(containing: currentPage) + step), layout.itemCount - 1)
      go(to: layout.pages(inItem: item).lowerBound)
    case .continuous:
      switch direction {
      case .up: scroll(dx: 0, dy: -times)
      case .down: scroll(dx: 0, dy: times)
      case .left: scroll(dx: -2 * times, dy: 0)
      case .right: scroll(dx: 2 * times, dy: 0)
      }
    case .spread:
      if spreadZoom > .fit {
        let rowStep = max(1, viewport.size.rows / 8) * times
        let columnStep = max(2, viewport.size.columns / 8) * times
        switch direction {
        case .up: pan(dx: 0, dy: -rowStep)
        case .down: pan(dx: 0, dy: rowStep)
        case .left: pan(dx: -columnStep, dy: 0)
        case .right: pan(dx: columnStep, dy: 0)
        }
      } else {
        let forward =
          direction == .down || direction == .right && spreadStyle.binding == .leftToRight
          || direction == .left && spreadStyle.binding == .rightToLeft
        turnSpreads(forward ? times : -times)
      }
    }
  }

  /// Moves `count` spreads forward (negative: back) in spread mode.
  private mutating func turnSpreads(_ count: Int) {
    let spreads = layout.spreads
    let current = spreads.spreadIndex(containing: currentPage)
    let target = min(max(0, current + count), spreads.spreadCount - 1)
    spreadZoom = .fit
    currentPage = spreads.pages(inSpread: target).lowerBound
    viewport = layout.viewport(showingItem: target, at: .center, from: viewport)
    followCurrentPageInShelf()
  }

  /// Pans the zoomed spread in spread mode: the viewport moves within the spread and never
  /// past its edges onto the neighbouring spreads (which are not zoomed); along a side where
  /// the zoomed spread is smaller than the screen it stays centered.
  private mutating func pan(dx: Int, dy: Int) {
    let frame = layout.frame(ofItem: layout.itemIndex(containing: currentPage))
    func keep(_ origin: Int, view: Int, start: Int, length: Int) -> Int {
      length <= view ? start - (view - length) / 2 : min(max(origin, start), start + length - view)
    }
    let moved = viewport.offsetBy(dx: dx, dy: dy)
    let kept = Viewport(
      origin: CellPoint(
        x: keep(
          moved.origin.x, view: moved.size.columns, start: frame.minX, length: frame.size.columns),
        y: keep(moved.origin.y, view: moved.size.rows, start: frame.minY, length: frame.size.rows)),
      size: moved.size)
    viewport = layout.clamped(kept)
    followViewport()
  }

  private mutating func scroll(dx: Int, dy: Int) {
    viewport = layout.clamped(viewport.offsetBy(dx: dx, dy: dy))
    followViewport()
  }

  private mutating func scrollScreens(_ screens: Int, fraction: Double) {
    // The rows `fraction` of a screen holds, and a step of it that keeps one row in view.
    let rows = Int(saturating: Double(viewport.size.rows) * fraction, rounding: .towardZero)
    let overlappingStep = max(1, rows - (fraction == 1 ? 1 : 0))
    switch mode {
    case .spread where spreadZoom <= .fit:
      turnSpreads(screens)
    case .spread:
      // Zoomed: page through the spread, and on to the next one from its far edge.
      let before = viewport
      viewport = layout.clamped(viewport.offsetBy(dx: 0, dy: overlappingStep * screens))
      if viewport == before { turnSpreads(screens > 0 ? 1 : -1) }
    case .grid:
      guard let grid = layout as? GridLayout else { return }
      let slots = max(1, rows / max(1, (grid.dimensions.slotSize.rows + grid.dimensions.rowGap)))
      move(screens > 0 ? .down : .up, times: abs(screens) * slots)
      viewport = layout.clamped(viewport.offsetBy(dx: 0, dy: rows * screens))
      viewport = layout.viewport(showing: currentPage, at: .nearest, from: viewport)
    default:
      scroll(dx: 0, dy: overlappingStep * screens)
    }
  }

  private mutating func zoom(in zoomIn: Bool) {
    switch mode {
    case .grid:
      guard let grid = layout as? GridLayout else { return }
      let zoom = grid.options.zoom
      gridZoom = zoomIn ? grid.sizing.zoomingIn(zoom) : grid.sizing.zoomingOut(zoom)
      viewport = layout.viewport(showing: currentPage, at: .nearest, from: viewport)
    case .continuous:
      continuousZoom = zoomIn ? continuousZoom.zoomedIn : continuousZoom.zoomedOut
    case .spread:
      let next = zoomIn ? spreadZoom.zoomedIn : spreadZoom.zoomedOut
      spreadZoom = max(.fit, next)
      viewport = layout.viewport(showing: currentPage, at: .center, from: viewport)
    }
  }

  private mutating func resetZoom() {
    switch mode {
    case .grid: gridZoom = .standard
    case .continuous: continuousZoom = .fit
    case .spread: spreadZoom = .fit
    }
    viewport = layout.viewport(
      showing: currentPage, at: mode == .grid ? .nearest : .center, from: viewport)
  }

  mutating func handle(_ mouse: MouseEvent) {
    let area = mainArea
    switch mouse.kind {
    case .wheelUp, .wheelDown:
      let forward = mouse.kind == .wheelDown
      switch mode {
      case .grid:
        viewport = layout.clamped(viewport.offsetBy(dx: 0, dy: forward ? 3 : -3))
      case .continuous: scroll(dx: 0, dy: forward ? 3 : -3)
      case .spread: move(forward ? .down : .up, times: 1)
      }
    case .click, .doubleClick:
      if let shelfArea, let shelf, shelfArea.contains(mouse.position) {
        let point = CellPoint(
          x: mouse.position.x - shelfArea.minX + shelfViewport.origin.x,
          y: mouse.position.y - shelfArea.minY + shelfViewport.origin.y)
        if let item = shelf.item(at: point) { go(to: item.pages[0].page) }
        return
      }
      guard area.contains(mouse.position) else { return }
      let point = CellPoint(
        x: mouse.position.x - area.minX + viewport.origin.x,
        y: mouse.position.y - area.minY + viewport.origin.y)
      guard let item = layout.item(at: point) else { return }
      let page = item.pages.first { $0.frame.contains(point) }?.page ?? item.pages[0].page
      if mode == .grid {
        go(to: page)
        if mouse.kind == .doubleClick { show(.spread) }
      } else if followLink(at: mouse.position) {
        return
      } else {
        currentPage = page
        followCurrentPageInShelf()
      }
    case .press, .release:
      break
    }
  }
}

extension SpreadMode {
  /// single → double → book → single.
  var next: SpreadMode {
    switch self {
    case .single: return .double
    case .double: return .book
    case .book: return .single
    }
  }
}
