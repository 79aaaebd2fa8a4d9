import FolioCore

/// `x`: selecting text in the page views, as vim's visual mode does. The selection runs from an
/// anchor word to the cursor word, across pages; it starts on the first word on screen. `w` `e`
/// `b` move the cursor by words, `j` `k` (and the arrows) by lines, `}` `{` to a paragraph's
/// end and start, `0` `$` to a line's ends, `g` `G` to the page's; `v` (or Space) starts the
/// selection again at the cursor, `o` swaps its ends. `y` (or Enter) copies it and closes, `Y` copies the whole
/// page; Esc, `q` and `x` close. The mouse selects too: a press on a word starts there, the
/// release (after a drag) ends there; a click selects the word. Pages' text comes from the
/// runtime (`ModeNeeds.pageText`); until it has come the mode waits.
public struct TextSelectionMode: OverlayMode {
  /// A word on a page.
  public struct Position: Hashable, Comparable, Sendable {
    public var page: PageIndex
    public var word: Int

    public static func < (lhs: Position, rhs: Position) -> Bool {
      (lhs.page, lhs.word) < (rhs.page, rhs.word)
    }
  }

  /// Where the selection started, and where its moving end is (nil until the text of a page
  /// on screen has come).
  public private(set) var anchor: Position?
  public private(set) var cursor: Position?
  /// A mouse press waiting for its release.
  private var pressed: Position?

  /// Where a mouse press that opened the mode was, and where the drag went since, until the
  /// text under them is read.
  private var pressPoint: CellPoint?
  private var dragPoint: CellPoint?

  /// A selection on the first word on screen in `state` (placed once its text is read).
  public init(state: AppState) { placeIfNeeded(state) }

  /// A selection a mouse press at `point` starts (a drag over the pages).
  public init(pressedAt point: CellPoint, state: AppState) {
    pressPoint = point
    placeIfNeeded(state)
  }

  /// The text of the pages on screen.
  public var needs: ModeNeeds { [.pageText] }

  /// The selected words, first to last.
  public var range: ClosedRange<Position>? {
    guard let anchor, let cursor else { return nil }
    return min(anchor, cursor)...max(anchor, cursor)
  }

  public mutating func handle(_ event: Event, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    switch event {
    case .pageTextRead:
      // The first page's text on screen came: the selection starts there.
      placeIfNeeded(state)
      return .pass
    case .input(.key(let key)): return handle(key, state: state, intents: &intents)
    case .input(.mouse(let mouse)): return handle(mouse, state: state, intents: &intents)
    case .input(.signal(.interrupt)): return .close
    default: return .pass
    }
  }

  public mutating func handle(_ key: Key, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    placeIfNeeded(state)
    switch key {
    case .escape, .character("q"), .character("x"): return .close
    case .character("y"), .enter:
      if range != nil && !isTextRead(state) {
        // A reload took the pages' text: it is read again, and `y` waits for it.
        intents.append(.say("reading the text…"))
        return .handled
      }
      intents.append(.copy(selectedText(state), what: "the selection"))
      return .close
    case .character("Y"):
      intents.append(.copyPage)
      return .close
    case .character("H"), .character("U"), .character("X"), .character("N"), .character("T"):
      return markUp(with: key, state: state, intents: &intents)
    case .character("P"):
      return peek(state: state, intents: &intents)
    case .character("E"):
      // The cursor word's source line (SyncTeX); the selection stays.
      guard let point = cursorPoint(state) else {
        intents.append(.say("reading the text on screen…"))
        return .handled
      }
      intents.append(.effects([.showSourceLine(point)]))
      return .handled
    default: break
    }
    guard let position = cursor else {
      intents.append(.say("reading the text on screen…"))
      return .handled
    }
    let moved: Position?
    switch key {
    case .character("w"), .character("e"), .character("l"), .right:
      moved = step(from: position, by: 1, state)
    case .character("b"), .character("h"), .left: moved = step(from: position, by: -1, state)
    case .character("j"), .down: moved = line(from: position, by: 1, state)
    case .character("k"), .up: moved = line(from: position, by: -1, state)
    case .character("}"): moved = paragraph(from: position, forward: true, state)
    case .character("{"): moved = paragraph(from: position, forward: false, state)
    case .character("0"), .home: moved = lineEnd(of: position, last: false, state)
    case .character("$"), .end: moved = lineEnd(of: position, last: true, state)
    case .character("g"): moved = Position(page: position.page, word: 0)
    case .character("G"):
      moved = state.document.texts[position.page].map {
        Position(page: position.page, word: max(0, $0.words.count - 1))
      }
    case .character("v"), .character(" "):
      anchor = position
      moved = nil
    case .character("o"):
      if let anchor {
        self.anchor = position
        cursor = anchor
      }
      moved = nil
    default:
      moved = nil
    }
    if let moved {
      cursor = moved
      reveal(moved, state: state, intents: &intents)
    }
    return .handled
  }

  public mutating func handle(_ mouse: MouseEvent, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    switch mouse.kind {
    case .press:
      pressed = position(at: mouse.position, state)
      if let pressed {
        anchor = pressed
        cursor = pressed
      }
    case .release, .drag:
      if pressPoint != nil { dragPoint = mouse.position }
      placeIfNeeded(state)
      if let word = position(at: mouse.position, state), pressed != nil || pressPoint != nil {
        cursor = word
      }
      if mouse.kind == .release { pressed = nil }
    case .click, .doubleClick:
      if let word = position(at: mouse.position, state) {
        anchor = word
        cursor = word
      }
    case .wheelUp, .wheelDown:
      // The pages scroll under the selection.
      return .pass
    }
    return .handled
  }

  /// Whether the text of every page the selection covers is read.
  func isTextRead(_ state: AppState) -> Bool {
    guard let range else { return false }
    return (range.lowerBound.page.rawValue...range.upperBound.page.rawValue).allSatisfy {
      state.document.texts[PageIndex($0)] != nil
    }
  }

  /// The selected text, in reading order.
  public func selectedText(_ state: AppState) -> String {
    guard let range else { return "" }
    var parts: [(words: PageWords, selected: ClosedRange<Int>)] = []
    for raw in range.lowerBound.page.rawValue...range.upperBound.page.rawValue {
      let page = PageIndex(raw)
      guard let words = state.document.texts[page], !words.words.isEmpty else { continue }
      let first = page == range.lowerBound.page ? range.lowerBound.word : 0
      let last = page == range.upperBound.page ? range.upperBound.word : words.words.count - 1
      guard first <= last, words.words.indices.contains(first),
        words.words.indices.contains(last)
      else { continue }
      parts.append((words, first...last))
    }
    return CopiedText.text(of: parts)
  }

  // MARK: Moving

  /// Starts the selection at `position`: anchor and cursor there.
  mutating func start(at position: Position) {
    anchor = position
    cursor = position
  }

  /// Starts the selection on the first word on screen (or where the mouse pressed), once a
  /// page on screen has its text.
  private mutating func placeIfNeeded(_ state: AppState) {
    guard cursor == nil else { return }
    if let point = pressPoint {
      guard let word = position(at: point, state) else { return }
      pressPoint = nil
      anchor = word
      cursor = dragPoint.flatMap { position(at: $0, state) } ?? word
      pressed = word
      return
    }
    if state.view.mode == .read {
      placeInReading(state)
      return
    }
    let visible = state.view.viewport.visibleRect
    for page in state.pagesOnScreen {
      guard let words = state.document.texts[page], !words.words.isEmpty else { continue }
      // The first word whose box is on screen, else the page's first.
      let frame = state.frame(of: page)
      let first =
        frame.flatMap { frame in
          words.words.firstIndex { word in
            let box = state.displayed(word.box, on: page)
            let y = frame.minY + Int(box.y * Double(frame.size.rows))
            return y >= visible.minY
          }
        } ?? 0
      anchor = Position(page: page, word: first)
      cursor = anchor
      return
    }
  }

  /// `count` words on (back when negative), across pages whose text is read.
  private func step(from position: Position, by count: Int, _ state: AppState) -> Position? {
    var page = position.page
    var word = position.word + count
    while true {
      guard let words = state.document.texts[page] else { return nil }
      if words.words.indices.contains(word) { return Position(page: page, word: word) }
      let next = PageIndex(page.rawValue + (count > 0 ? 1 : -1))
      guard next.rawValue >= 0, next.rawValue < state.document.pageCount,
        let nextWords = state.document.texts[next], !nextWords.words.isEmpty
      else { return nil }
      page = next
      word = count > 0 ? 0 : nextWords.words.count - 1
    }
  }

  /// The word on the line `count` lines on that is nearest across to `position`'s.
  private func line(from position: Position, by count: Int, _ state: AppState) -> Position? {
    if state.view.mode == .read { return readingLine(from: position, by: count, state) }
    guard let words = state.document.texts[position.page],
      words.words.indices.contains(position.word)
    else { return nil }
    let current = words.words[position.word]
    let target = current.line + count
    let candidates = words.words.indices.filter { words.words[$0].line == target }
    if candidates.isEmpty {
      // Past the page's first or last line: the next page's first line, or the previous
      // page's last.
      let next = PageIndex(position.page.rawValue + count)
      guard let nextWords = state.document.texts[next], let edge = nextWords.words.last
      else { return nil }
      let line = count > 0 ? 0 : edge.line
      let onLine = nextWords.words.indices.filter { nextWords.words[$0].line == line }
      return Self.nearest(to: current.box, among: onLine, in: nextWords).map {
        Position(page: next, word: $0)
      }
    }
    return Self.nearest(to: current.box, among: candidates, in: words).map {
      Position(page: position.page, word: $0)
    }
  }

  private static func nearest(to box: PageRegion, among candidates: [Int], in words: PageWords)
    -> Int?
  {
    let center = box.x + box.width / 2
    return candidates.min {
      abs(words.words[$0].box.x + words.words[$0].box.width / 2 - center)
        < abs(words.words[$1].box.x + words.words[$1].box.width / 2 - center)
    }
  }

  /// Going on, the last word of this paragraph (of the next one when already there, across
  /// pages whose text is read): the selection stops at the paragraph's end, never taking the
  /// next one's first word. Going back, the first word of this paragraph (or the previous one).
  private func paragraph(from position: Position, forward: Bool, _ state: AppState) -> Position? {
    guard let words = state.document.texts[position.page],
      words.words.indices.contains(position.word)
    else { return nil }
    let paragraph = words.words[position.word].paragraph
    if forward {
      func end(of paragraph: Int, in words: PageWords) -> Int? {
        words.words.indices.last { words.words[$0].paragraph == paragraph }
      }
      if let last = end(of: paragraph, in: words), last > position.word {
        return Position(page: position.page, word: last)
      }
      if let next = words.words.first(where: { $0.paragraph > paragraph }),
        let last = end(of: next.paragraph, in: words)
      {
        return Position(page: position.page, word: last)
      }
      // The page's last paragraph: the next page's first one.
      let page = PageIndex(position.page.rawValue + 1)
      guard page.rawValue < state.document.pageCount, let next = state.document.texts[page],
        let first = next.words.first, let last = end(of: first.paragraph, in: next)
      else { return position }
      return Position(page: page, word: last)
    }
    let start = words.words.indices.first { words.words[$0].paragraph == paragraph } ?? 0
    if start < position.word { return Position(page: position.page, word: start) }
    let previous = words.words.indices.first { words.words[$0].paragraph == paragraph - 1 }
    return Position(page: position.page, word: previous ?? 0)
  }

  /// The first or last word of `position`'s line.
  private func lineEnd(of position: Position, last: Bool, _ state: AppState) -> Position? {
    if state.view.mode == .read { return readingLineEnd(of: position, last: last, state) }
    guard let words = state.document.texts[position.page],
      words.words.indices.contains(position.word)
    else { return nil }
    let line = words.words[position.word].line
    let onLine = words.words.indices.filter { words.words[$0].line == line }
    return (last ? onLine.last : onLine.first).map { Position(page: position.page, word: $0) }
  }

  /// Scrolls the cursor's word into view.
  private func reveal(_ position: Position, state: AppState, intents: inout [Intent]) {
    guard let words = state.document.texts[position.page],
      words.words.indices.contains(position.word)
    else { return }
    intents.append(.reveal(words.words[position.word].box, on: position.page))
  }

  /// The word under screen cell `point`, if it is on a page whose text is read.
  private func position(at point: CellPoint, _ state: AppState) -> Position? {
    guard let (page, fraction) = state.pagePoint(at: point),
      let words = state.document.texts[page], let frame = state.frame(of: page)
    else { return nil }
    if state.view.mode == .read {
      // The reading view gives the middle of the word under the cell.
      return words.words.firstIndex {
        fraction.x >= $0.box.x && fraction.x <= $0.box.x + $0.box.width
          && fraction.y >= $0.box.y && fraction.y <= $0.box.y + $0.box.height
      }.map { Position(page: page, word: $0) }
    }
    // The rows the page is drawn on, as fractions of the page.
    let shown = state.shownRegion(of: page)
    let rows = (top: shown.y, height: shown.height / Double(max(1, frame.size.rows)))
    guard let word = words.word(drawnAt: (fraction.x, fraction.y), rows: rows) else {
      return nil
    }
    return Position(page: page, word: word)
  }
}
