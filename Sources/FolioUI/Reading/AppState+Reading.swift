import FolioCore
import FolioLayout

/// The reading view's side of the state: pages reflowed as their text arrives, the text it
/// asks for, and its place as a destination both ways (the words at the top of the screen),
/// so switching views, jumps, marks and the remembered place keep the same words in view.
extension AppState {
  /// The columns the reading view's lines are wrapped at: the measure, or the main area's
  /// width when it is narrower.
  var readingMeasure: Int { max(1, min(ReadingWrap.measure, mainArea.size.columns)) }

  /// What sizes `page`'s crops.
  func cropSetting(of page: PageIndex) -> ReadingPage.CropSetting {
    ReadingPage.CropSetting(
      pageSize: document.metrics.size(of: page), cellAspect: terminal.cellAspect,
      maximumRows: max(4, mainArea.size.rows * 3 / 4))
  }

  /// Takes a page's text in the reading view: keeps its words in reading order and reflows it
  /// and its neighbours once each has every page it needs.
  mutating func takeReadingText(of page: PageIndex, document version: DocumentVersion) {
    guard version == document.version, view.mode == .read, let words = document.texts[page]
    else { return }
    reading.follow(version)
    reading.keep(words, of: page, near: view.currentPage, pageCount: document.pageCount)
    reflowReadyPages(
      ReadingState.window(of: page, pageCount: document.pageCount).map { PageIndex($0) })
  }

  /// Takes the structure tree's headings: the pages reflowed without them that they mark a
  /// heading on are reflowed again (now where their words are kept, else once read again).
  mutating func takeHeadings(_ headings: DocumentHeadings) {
    guard headings.document == document.version else { return }
    reading.follow(document.version)
    let marked = reading.take(headings)
    guard !marked.isEmpty else { return }
    // Reflowed again before the layout is remade, so the band under the reader keeps its
    // height and the top line stays put.
    reflowReadyPages(marked)
    if marked.contains(where: { reading.pages[$0] == nil }) { refreshLayout() }
  }

  /// Reflows those of `pages` not reflowed yet whose neighbours are read, and lays the view
  /// out again when one was. Words read for another view (`DocumentFacts.texts`) count.
  mutating func reflowReadyPages(_ pages: [PageIndex]) {
    for page in pages {
      for neighbour in ReadingState.window(of: page, pageCount: document.pageCount) {
        let index = PageIndex(neighbour)
        guard reading.words[index] == nil, let known = document.texts[index] else { continue }
        reading.keep(known, of: index, near: view.currentPage, pageCount: document.pageCount)
      }
    }
    var reflowed: [PageIndex] = []
    for page in pages where reading.pages[page] == nil {
      guard reading.canReflow(page, pageCount: document.pageCount),
        let words = reading.words[page]
      else { continue }
      var around: [Int: PageWords] = [:]
      for index in ReadingState.window(of: page, pageCount: document.pageCount) {
        around[index] = reading.words[PageIndex(index)]
      }
      let context = ReflowContext.around(
        page.rawValue, in: around, headings: reading.headings(of: document.version)?.on(page) ?? [])
      let blocks = PageReflow.blocks(
        of: words, at: page, label: document.label(of: page), context: context)
      reading.store(
        ReadingPage(
          blocks: blocks, wordBoxes: words.words.map(\.box), measure: readingMeasure,
          crop: cropSetting(of: page), textWidth: .approximate),
        of: page, near: view.currentPage)
      reflowed.append(page)
    }
    guard !reflowed.isEmpty else { return }
    refreshLayout()
    if search.revealsCurrent, let current = search.current, reflowed.contains(current.page) {
      revealCurrentHit()
    }
  }

  /// The rows of each page's band in the reading view: its lines once reflowed, else the
  /// average of the pages reflowed (40 before any). O(pages).
  func readingRows() -> [Int] {
    let known = reading.pages.values
    let estimate =
      known.isEmpty ? 40 : max(3, known.reduce(0) { $0 + $1.lines.count } / known.count)
    return (0..<document.pageCount).map { reading.pages[PageIndex($0)]?.lines.count ?? estimate }
  }

  /// The pages whose text the reading view waits for: the neighbourhood of every page on
  /// and around the screen that is not reflowed, less the pages read.
  var readingTextWants: [PageIndex] {
    guard view.mode == .read else { return [] }
    let rect = settings.prefetches ? prefetchRect : view.viewport.visibleRect
    var wanted: [PageIndex] = []
    // The pages on screen first, then those around it.
    let onScreen = view.layout.items(intersecting: view.viewport.visibleRect).map(\.index)
    let around = view.layout.items(intersecting: rect).map(\.index)
    for index in onScreen + around where reading.pages[PageIndex(index)] == nil {
      for page in ReadingState.window(of: PageIndex(index), pageCount: document.pageCount)
      where reading.words[PageIndex(page)] == nil && !wanted.contains(PageIndex(page)) {
        wanted.append(PageIndex(page))
      }
    }
    return wanted
  }

  /// The reading view's place as a destination: the page at the top of the screen and
  /// where on it the top line's first word is.
  var readingHere: Destination {
    guard let stack = view.layout as? ReadingStack,
      let (page, row) = stack.place(atRow: view.viewport.origin.y)
    else { return Destination(page: view.currentPage) }
    guard let shown = reading.pages[page], row > 0 else { return Destination(page: page) }
    let place = shown.place(ofLine: row)
    return Destination(page: page, top: place.top, left: place.left)
  }

  /// Shows `destination` in the reading view: its page's start, or the line of the first
  /// block at or below its place on the page, now if the page is reflowed, else once it is.
  mutating func showInReading(_ destination: Destination) {
    go(to: destination.page)
    guard let top = destination.top, top > 0 else {
      reading.aim(at: nil)
      return
    }
    reading.aim(at: destination)
    placeReadingTarget()
  }

  /// Shows row `row` of `page`'s band at the top of the reading view.
  mutating func showInReading(row: Int, of page: PageIndex) {
    go(to: page)
    guard let stack = view.layout as? ReadingStack, document.contains(page) else { return }
    let frame = stack.frame(ofItem: page.rawValue)
    view.scroll(
      to: stack.clamped(
        Viewport(
          origin: CellPoint(x: 0, y: frame.minY + min(row, frame.size.rows - 1)),
          size: view.viewport.size)))
  }

  /// Puts the place the reading view waits for at the top of the screen, once its page is
  /// reflowed; until then its page's start.
  mutating func placeReadingTarget() {
    guard let target = reading.target, let stack = view.layout as? ReadingStack,
      document.contains(target.page)
    else { return }
    let frame = stack.frame(ofItem: target.page.rawValue)
    var y = frame.minY
    if let page = reading.pages[target.page] {
      // Below the page's last text: the next page's start.
      y =
        page.line(atOrBelow: target.top ?? 0, left: target.left).map { frame.minY + $0 }
        ?? frame.maxY + 1
      reading.aim(at: nil)
    }
    view.scroll(
      to: stack.clamped(Viewport(origin: CellPoint(x: 0, y: y), size: view.viewport.size)))
    // The target's page is the reader's, even where the text ends too soon for it to reach
    // the top (the last page's references).
    view.goTo(
      page: y > frame.maxY
        ? PageIndex(min(target.page.rawValue + 1, document.pageCount - 1)) : target.page)
  }

  /// The viewport that keeps the reading view's top line where it was when the bands change
  /// (a page reflowed, the measure changed): the same page, the same row of it.
  func readingViewport(keeping viewport: Viewport, of previous: any DocumentLayout) -> Viewport? {
    guard let old = previous as? ReadingStack, let new = view.layout as? ReadingStack,
      let (page, row) = old.place(atRow: viewport.origin.y), document.contains(page)
    else { return nil }
    let frame = new.frame(ofItem: page.rawValue)
    let kept = min(row, max(0, frame.size.rows - 1))
    return new.clamped(
      Viewport(origin: CellPoint(x: 0, y: frame.minY + kept), size: new.viewportSize))
  }

  /// Scrolls the reading view so the line showing `box` of `page` is in view (to the middle
  /// of the screen when it was not). Whether the page is reflowed (nothing moves otherwise).
  mutating func revealInReading(_ box: PageRegion, on page: PageIndex) -> Bool {
    guard let shown = reading.pages[page], let stack = view.layout as? ReadingStack else {
      return false
    }
    // A place waited for is given up for this one.
    reading.aim(at: nil)
    // A box on words the view leaves out (a running head's): its page is as near as it gets.
    guard let line = shown.line(showing: box) else {
      view.goTo(page: page)
      return true
    }
    let y = stack.frame(ofItem: page.rawValue).minY + line
    let visible = view.viewport.visibleRect
    if y < visible.minY || y >= visible.maxY {
      view.scroll(
        to: stack.clamped(
          Viewport(
            origin: CellPoint(x: 0, y: y - visible.size.rows / 2), size: view.viewport.size)))
    }
    // The page revealed is the reader's (the next hit counts from it).
    view.goTo(page: page)
    return true
  }
}

extension AppState {
  /// Before the reading view is laid out: forgets pages of an older version, lays the pages
  /// out again when the measure changed, and reflows the pages whose text is all read.
  mutating func prepareReadingPages() {
    reading.follow(document.version)
    let measure = readingMeasure
    let metrics = document.metrics
    let setting = cropSetting(of: PageIndex(0))
    reading.rewrap(to: measure, cropRows: setting.maximumRows) { page, old in
      var crop = setting
      crop.pageSize = metrics.size(of: page)
      return old.rewrapped(to: measure, crop: crop, textWidth: .approximate)
    }
  }
}
