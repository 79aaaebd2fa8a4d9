import FolioCore
import FolioLayout

/// Moving through the document: what each action does to the place, the view and the zoom.
/// An action that changes what the layout is made from and then places the viewport in the
/// new layout remakes it first, explicitly (`refreshLayout`).
extension AppState {
  /// Carries out one action, `count` times where that means something.
  mutating func perform(_ action: Action, count: Int?) {
    let times = max(1, min(count ?? 1, 100_000))
    switch action {
    case .move(let direction): move(direction, times: times)
    case .page(let forward): scrollScreens(forward ? times : -times, fraction: 1)
    case .halfPage(let forward): scrollScreens(forward ? times : -times, fraction: 0.5)
    case .stepPages(let forward): stepPages(forward ? times : -times)
    case .panHalf(let forward): panHalf(forward ? times : -times)
    case .first: jump(toPage: PageIndex(0))
    case .last:
      jump(
        toPage: count.map { PageIndex(number: min(max(1, $0), document.pageCount)) }
          ?? PageIndex(document.pageCount - 1))
    case .open:
      if view.mode == .grid { open() }
    case .back:
      if view.mode != .grid { show(.grid) }
    case .cycleMode: show(view.mode.next)
    case .show(let target): show(target)
    case .zoomIn: for _ in 0..<min(times, 40) { zoom(in: true) }
    case .zoomOut: for _ in 0..<min(times, 40) { zoom(in: false) }
    case .zoomReset: resetZoom()
    case .cycleSpreadMode:
      view.cycleSpreadMode()
      placeAfterSpreadChange()
      say("\(view.spreadStyle.mode) spreads")
    case .toggleBinding:
      view.toggleBinding()
      placeAfterSpreadChange()
    case .toggleShift:
      view.toggleShift()
      placeAfterSpreadChange()
    case .toggleShelf: view.toggleShelf()
    case .cycleSymbols: say(drawing.cycleSymbols())
    case .toggleInvert: drawing.toggleInvert()
    case .cycleTextLayer: say(drawing.cycleTextLayer())
    case .togglePixels: say(drawing.togglePixels())
    case .onlyHits: toggleOnlyHits()
    case .toggleTrim: toggleTrim()
    case .toggleSelection: toggleSelection()
    case .selectRange: selectRange()
    case .readingZoom, .selectText, .copyPage, .linkHints, .peekLink, .copyLink, .setMark,
      .goToMark,
      .jumpBack, .jumpForward, .prompt,
      .searchPrompt, .nextHit, .previousHit, .hitsPanel, .outlinePanel, .annotationsPanel,
      .toggleHelp, .reload,
      .showSource,
      .previousDocument, .nextDocument, .cycleOrder,
      .quit:
      // The normal mode carries these out: they open modes or ask the runtime.
      break
    }
  }

  /// Enter in the grid: the selected page in the spread view, or on a screen too small for
  /// the spread view to show it readably (under `readableColumns` wide, as 80x24 with the
  /// filmstrip makes a Letter page) in the continuous view, as wide as the screen.
  mutating func open() {
    // The spread view tried on a copy: the one shown is entered once, from the grid, so it
    // starts at the page's top and remembers no place the reader never saw.
    var spread = self
    spread.show(.spread)
    guard let frame = spread.frame(of: spread.view.currentPage),
      frame.size.columns < Self.readableColumns,
      spread.view.viewport.size.columns > frame.size.columns
    else {
      show(.spread)
      return
    }
    show(.continuous)
    say("the page as wide as the screen: a spread would be too narrow to read")
  }

  /// The fewest columns the spread view must give a page for Enter to open it there.
  static let readableColumns = 40

  /// After the pairing of pages changed: in the spread view the current page's spread is
  /// placed as opening the document with this pairing places it (a spread is a place of its
  /// own; keeping the old viewport's fraction would cut the new spreads); the other views keep
  /// their place.
  private mutating func placeAfterSpreadChange() {
    guard view.mode == .spread else { return }
    refreshLayout(placing: .page(view.currentPage, at: view.goToPosition))
    view.placeShelfAfresh()
  }

  /// Switches the view, keeping the reader's place: back in a view left on the same page, the
  /// exact place it was left at; else from the grid (a page, no place on it) the page from its
  /// top, as a go-to shows it; between the page views the page at the center; to and from the
  /// reading view the same words at the top of the screen.
  public mutating func show(_ newMode: ViewMode) {
    guard newMode != view.mode else { return }
    if newMode == .read && settings.library == .shelf {
      // The shelf's pages are covers: there is no text of its own to read.
      say("the reading view is a document's: Enter opens one")
      return
    }
    let place = here
    let readingTop = (view.layout as? ReadingStack)?.place(atRow: view.viewport.origin.y)
    rememberPlaceLeft()
    let fromGrid = view.mode == .grid
    let keepsWords = !fromGrid && (view.mode == .read || newMode == .read)
    view.switchTo(newMode)
    if newMode == .read {
      reading.follow(document.version)
      let near = view.currentPage.rawValue
      reflowReadyPages(
        (max(0, near - 2)...min(document.pageCount - 1, near + 4)).map { PageIndex($0) })
    }
    refreshLayout(
      placing: .page(view.currentPage, at: fromGrid || keepsWords ? view.goToPosition : .center))
    if keepsWords {
      if newMode == .read, let left = reading.left, left.arrival.isNear(place) {
        // Back from the place the reading view was left for: the same line at the top.
        showInReading(row: left.row, of: left.page)
      } else {
        show(place)
      }
      if let readingTop {
        reading.noteLeft(page: readingTop.page, row: readingTop.row, arrival: here)
      }
    } else if returnToPlaceLeft() {
      view.followCurrentPageInShelf()
    }
  }

  /// Shows `page`: selects it in the grid, shows it from its top in the continuous view,
  /// centers its spread in the spread view.
  public mutating func go(to page: PageIndex) {
    var target = document.clamped(page)
    // A place the reading view waited to show is given up for this one.
    if view.mode == .read { reading.aim(at: nil) }
    if view.mode == .spread && view.zooms.spread > .fit {
      view.zoom(spread: .fit)
      refreshLayout()
    }
    let layout = view.layout
    if view.mode == .grid {
      // A grid of some pages selects the shown page nearest the one asked for.
      target = layout.pages(inItem: layout.itemIndex(containing: target)).lowerBound
    }
    view.goTo(page: target)
    view.scroll(to: layout.viewport(showing: target, at: view.goToPosition, from: view.viewport))
    view.followCurrentPageInShelf()
  }

  /// `count` pages on (back when negative), or thumbnails in the grid.
  private mutating func stepPages(_ count: Int) {
    let step = max(-document.pageCount, min(count, document.pageCount))
    let layout = view.layout
    if view.mode == .grid {
      let item = layout.itemIndex(containing: view.currentPage) + step
      go(to: layout.pages(inItem: min(max(0, item), layout.itemCount - 1)).lowerBound)
    } else {
      go(to: PageIndex(view.currentPage.rawValue + step))
    }
  }

  mutating func move(_ direction: Direction, times: Int) {
    let layout = view.layout
    switch view.mode {
    case .grid:
      let rtl = view.spreadStyle.binding == .rightToLeft
      var step: Int
      switch direction {
      case .left: step = rtl ? 1 : -1
      case .right: step = rtl ? -1 : 1
      case .up: step = -layout.itemsAcross
      case .down: step = layout.itemsAcross
      }
      step *= times
      let item = min(
        max(0, layout.itemIndex(containing: view.currentPage) + step), layout.itemCount - 1)
      go(to: layout.pages(inItem: item).lowerBound)
    case .continuous:
      switch direction {
      case .up: scroll(dx: 0, dy: -times)
      case .down: scroll(dx: 0, dy: times)
      case .left: scroll(dx: -2 * times, dy: 0)
      case .right: scroll(dx: 2 * times, dy: 0)
      }
    case .read:
      // The text fits the pane: nothing to pan.
      switch direction {
      case .up: scroll(dx: 0, dy: -times)
      case .down: scroll(dx: 0, dy: times)
      case .left, .right: break
      }
    case .spread:
      if view.zooms.spread > .fit {
        let rowStep = max(1, view.viewport.size.rows / 8) * times
        let columnStep = max(2, view.viewport.size.columns / 8) * times
        switch direction {
        case .up: pan(dx: 0, dy: -rowStep)
        case .down: pan(dx: 0, dy: rowStep)
        case .left: pan(dx: -columnStep, dy: 0)
        case .right: pan(dx: columnStep, dy: 0)
        }
      } else {
        let binding = view.spreadStyle.binding
        let forward =
          direction == .down || direction == .right && binding == .leftToRight
          || direction == .left && binding == .rightToLeft
        turnSpreads(forward ? times : -times)
      }
    }
  }

  /// Half a screen sideways, `count` times (negative: left), in the page views; the grid
  /// says where it works.
  private mutating func panHalf(_ count: Int) {
    let half = max(1, view.viewport.size.columns / 2) * count
    switch view.mode {
    case .grid, .read: say("< > pan half a screen in the page views")
    case .continuous: scroll(dx: half, dy: 0)
    case .spread:
      if view.zooms.spread > .fit { pan(dx: half, dy: 0) } else { turnSpreads(count) }
    }
  }

  /// Moves `count` spreads forward (negative: back) in spread mode, unzoomed.
  private mutating func turnSpreads(_ count: Int) {
    let spreads = view.layout.spreads
    let current = spreads.spreadIndex(containing: view.currentPage)
    let target = min(max(0, current + count), spreads.spreadCount - 1)
    view.zoom(spread: .fit)
    refreshLayout()
    view.goTo(page: spreads.pages(inSpread: target).lowerBound)
    view.scroll(to: view.layout.viewport(showingItem: target, at: .center, from: view.viewport))
    view.followCurrentPageInShelf()
  }

  /// Pans the zoomed spread in spread mode: the viewport moves within the spread and never
  /// past its edges onto the neighbouring spreads (which are not zoomed); along a side where
  /// the zoomed spread is smaller than the screen it stays centered.
  private mutating func pan(dx: Int, dy: Int) {
    let layout = view.layout
    let frame = layout.frame(ofItem: layout.itemIndex(containing: view.currentPage))
    func keep(_ origin: Int, view: Int, start: Int, length: Int) -> Int {
      length <= view ? start - (view - length) / 2 : min(max(origin, start), start + length - view)
    }
    let moved = view.viewport.offsetBy(dx: dx, dy: dy)
    let kept = Viewport(
      origin: CellPoint(
        x: keep(
          moved.origin.x, view: moved.size.columns, start: frame.minX, length: frame.size.columns),
        y: keep(moved.origin.y, view: moved.size.rows, start: frame.minY, length: frame.size.rows)),
      size: moved.size)
    view.scroll(to: layout.clamped(kept))
    view.followViewport()
  }

  mutating func scroll(dx: Int, dy: Int) {
    if view.mode == .read { reading.aim(at: nil) }
    view.scroll(to: view.layout.clamped(view.viewport.offsetBy(dx: dx, dy: dy)))
    view.followViewport()
  }

  private mutating func scrollScreens(_ screens: Int, fraction: Double) {
    // The rows `fraction` of a screen holds, and a step of it that keeps one row in view.
    let rows = Int(saturating: Double(view.viewport.size.rows) * fraction, rounding: .towardZero)
    let overlappingStep = max(1, rows - (fraction == 1 ? 1 : 0))
    switch view.mode {
    case .spread where view.zooms.spread <= .fit:
      turnSpreads(screens)
    case .spread:
      // Zoomed: page through the spread, and on to the next one from its far edge.
      let before = view.viewport
      view.scroll(
        to: view.layout.clamped(
          view.viewport.offsetBy(dx: 0, dy: overlappingStep * screens)))
      if view.viewport == before { turnSpreads(screens > 0 ? 1 : -1) }
    case .grid:
      let slots = view.layout.itemRows(inLength: rows)
      move(screens > 0 ? .down : .up, times: abs(screens) * slots)
      let layout = view.layout
      view.scroll(to: layout.clamped(view.viewport.offsetBy(dx: 0, dy: rows * screens)))
      view.scroll(to: layout.viewport(showing: view.currentPage, at: .nearest, from: view.viewport))
    default:
      scroll(dx: 0, dy: overlappingStep * screens)
    }
  }

  private mutating func zoom(in zoomIn: Bool) {
    switch view.mode {
    case .grid:
      guard let grid = view.layouts.grid else { return }
      let zoom = grid.options.zoom
      view.zoom(grid: zoomIn ? grid.sizing.zoomingIn(zoom) : grid.sizing.zoomingOut(zoom))
      refreshLayout()
      view.scroll(
        to: view.layout.viewport(
          showing: view.currentPage, at: .nearest, from: view.viewport))
    case .continuous:
      view.zoom(
        continuous: zoomIn ? view.zooms.continuous.zoomedIn : view.zooms.continuous.zoomedOut)
      refreshLayout()
    case .spread:
      let next = zoomIn ? view.zooms.spread.zoomedIn : view.zooms.spread.zoomedOut
      view.zoom(spread: max(.fit, next))
      refreshLayout()
      view.scroll(
        to: view.layout.viewport(
          showing: view.currentPage, at: .center, from: view.viewport))
    case .read:
      say("the reading view fits its text to the pane: no zoom")
    }
  }

  private mutating func resetZoom() {
    switch view.mode {
    case .grid: view.zoom(grid: .standard)
    case .continuous: view.zoom(continuous: .fit)
    case .spread: view.zoom(spread: .fit)
    case .read: return
    }
    refreshLayout()
    view.scroll(
      to: view.layout.viewport(
        showing: view.currentPage, at: view.mode == .grid ? .nearest : .center, from: view.viewport)
    )
  }

  /// The mouse over the pages: the wheel scrolls, a click selects (grid), follows a link or
  /// makes the page current; a click on the filmstrip goes to its page.
  mutating func handle(_ mouse: MouseEvent) {
    let area = mainArea
    let layout = view.layout
    let viewport = view.viewport
    switch mouse.kind {
    case .wheelUp, .wheelDown:
      let forward = mouse.kind == .wheelDown
      switch view.mode {
      case .grid:
        view.scroll(to: layout.clamped(viewport.offsetBy(dx: 0, dy: forward ? 3 : -3)))
      case .continuous, .read: scroll(dx: 0, dy: forward ? 3 : -3)
      case .spread: move(forward ? .down : .up, times: 1)
      }
    case .click, .doubleClick:
      if let shelfArea, let shelf = view.shelf, shelfArea.contains(mouse.position) {
        let point = CellPoint(
          x: mouse.position.x - shelfArea.minX + view.shelfViewport.origin.x,
          y: mouse.position.y - shelfArea.minY + view.shelfViewport.origin.y)
        if let item = shelf.item(at: point) { go(to: item.pages[0].page) }
        return
      }
      guard area.contains(mouse.position) else { return }
      let point = CellPoint(
        x: mouse.position.x - area.minX + viewport.origin.x,
        y: mouse.position.y - area.minY + viewport.origin.y)
      guard let item = layout.item(at: point) else { return }
      let page = item.pages.first { $0.frame.contains(point) }?.page ?? item.pages[0].page
      if view.mode == .grid {
        go(to: page)
        if mouse.kind == .doubleClick { open() }
      } else if followLink(at: mouse.position) {
        return
      } else {
        view.goTo(page: page)
        view.followCurrentPageInShelf()
      }
    case .press, .release, .drag:
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
