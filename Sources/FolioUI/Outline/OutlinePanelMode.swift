import FolioCore

/// The outline panel (`o`): the document's outline as a tree in the side panel, each entry's
/// page label on the right, the section being read marked and followed.
///
/// Keys: j/k and the arrows move; g/G, Home/End go to the ends; PgDn/Space/Ctrl-F,
/// PgUp/b/Ctrl-B a panel's height; Ctrl-D/Ctrl-U half of it. `l`/→ opens an entry (on an open
/// one: goes to its first child), `h`/← closes it (on a closed one or a leaf: goes to its
/// parent). Enter goes to the entry's destination (`AppState.jump(to:)`: its page and place on
/// the page) and keeps the panel open; on a closed parent it also opens it (it never closes
/// one, so Enter never hides what it showed); a parent without a destination opens or closes.
/// `/` filters as you type (`OutlineFilter`): Enter keeps the filter and goes back to moving,
/// ↓/↑ (Ctrl-N/Ctrl-P) move meanwhile, Esc clears it; Esc then closes, as `q` and `o` always do.
/// Other keys but Backspace act as in normal browsing (`n`, Ctrl-O, `+`, Tab, `:`, `?`…), so
/// the reader can move through the document with the panel open; the mouse wheel and clicks on
/// the pages do too, while a click on a row selects it and a double click is Enter.
///
/// The selection follows the reader: it is on the current section (the last entry in document
/// order whose destination is at or before the `readingPlace`, or its nearest shown ancestor
/// inside a closed parent) until a key moves it, and goes back to following when the reader
/// moves.
public struct OutlinePanelMode: InputMode {
  /// An entry the keys selected, and where the reader was then.
  private struct Choice: Sendable {
    var entry: Int
    var place: ReadingPlace
  }

  /// The tree as opened here, for the outline read (nil while it is being read).
  private var tree: OutlineTree?
  /// The filter typed after `/` ("" for none).
  public private(set) var query = ""
  /// Whether keys are typed into the filter.
  public private(set) var isTypingFilter = false
  /// The filter's rows, when `query` is not empty and the outline is read.
  private var filter: OutlineFilter?
  /// The entry selected by keys; the selection follows the reader while there is none, or
  /// once the reader has moved from where it was chosen.
  private var choice: Choice?
  /// The entry chosen with Enter, to be selected where its jump leads (`catchUp(with:)`).
  private var choosing: Int?

  /// The panel for `state`'s document, with its outline if it is read.
  public init(state: AppState) {
    tree = state.document.outlineIndex.map(OutlineTree.init)
  }

  /// A side panel, and the outline to fill it.
  public var needs: ModeNeeds { [.sidePanel, .outline] }

  public mutating func handle(_ event: Event, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    switch event {
    case .outlineRead(let outline):
      // The outline the document took: the panel shows it, and the event goes on.
      if let index = state.document.outlineIndex, index.document == outline.document {
        adopt(index)
      }
      return .pass
    case .input(.key(let key)): return handle(key, state: state, intents: &intents)
    case .input(.mouse(let mouse)): return handle(mouse, state: state, intents: &intents)
    case .input(.signal(.interrupt)): return .close
    default: return .pass
    }
  }

  /// Takes a newly read outline: the tree as the document opens it, the filter run again.
  mutating func adopt(_ index: OutlineIndex) {
    tree = OutlineTree(index)
    choice = nil
    filter = query.isEmpty ? nil : OutlineFilter(index, query: query)
  }

  /// What the panel lists; nil until the outline of the version shown is read.
  public func listing(_ state: AppState) -> OutlineListing? {
    guard let tree, let index = state.document.outlineIndex, index.document == tree.index.document
    else {
      return nil
    }
    if let filter { return .filtered(filter, index) }
    return .tree(tree)
  }

  /// The row showing the section the reader is in, if the panel lists it or an ancestor.
  /// O(log n) (O(depth) in a filter).
  public func currentRow(in listing: OutlineListing, state: AppState) -> Int? {
    listing.index.section(at: state.readingPlace).flatMap(listing.row(showing:))
  }

  /// The selected row: the entry the keys chose while the reader has not moved since, else the
  /// current section's row, else the chosen entry's, else the best match (filtered) or the first
  /// row; nil for an empty list.
  public func selectedRow(in listing: OutlineListing, state: AppState) -> Int? {
    guard listing.count > 0 else { return nil }
    if let choice, choice.place == state.readingPlace,
      let row = listing.row(showing: choice.entry)
    {
      return row
    }
    if let row = currentRow(in: listing, state: state) { return row }
    if let row = choice.flatMap({ listing.row(showing: $0.entry) }) { return row }
    return filter?.firstMatchRow ?? 0
  }

  /// The selected entry, if any.
  public func selectedEntry(_ state: AppState) -> Int? {
    guard let listing = listing(state), let row = selectedRow(in: listing, state: state) else {
      return nil
    }
    return listing.entry(at: row)
  }

  /// The listed entries in order (for tests and tools: O(rows)).
  public func listedEntries(_ state: AppState) -> [Int] {
    guard let listing = listing(state) else { return [] }
    return (0..<listing.count).map(listing.entry(at:))
  }

  // MARK: Keys

  private mutating func handle(_ key: Key, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    if let index = state.document.outlineIndex, tree?.index.document != index.document {
      adopt(index)
    }
    if isTypingFilter { return typeFilter(key, state: state) }
    let page = max(1, (state.areas.sidePanel?.size.rows ?? 12) - 2)
    switch key {
    case .escape where !query.isEmpty:
      setQuery("", state: state)
    case .escape, .character("q"), .character("o"):
      return .close
    case .character("/"):
      isTypingFilter = true
    case .character("j"), .down: move(by: 1, state: state)
    case .character("k"), .up: move(by: -1, state: state)
    case .character("g"), .home: move(by: Int.min / 2, state: state)
    case .character("G"), .end: move(by: Int.max / 2, state: state)
    case .pageDown, .character(" "), .control("f"): move(by: page, state: state)
    case .pageUp, .character("b"), .control("b"): move(by: -page, state: state)
    case .control("d"): move(by: max(1, page / 2), state: state)
    case .control("u"): move(by: -max(1, page / 2), state: state)
    case .character("l"), .right: openOrDescend(state: state)
    case .character("h"), .left: closeOrAscend(state: state)
    case .enter: enter(state: state, intents: &intents)
    case .backspace:
      // Not "back to the grid" under a panel: Esc, q and o close it.
      break
    default:
      // A key the panel does not use goes down to normal browsing.
      return .pass
    }
    return .handled
  }

  /// Typing into the filter.
  private mutating func typeFilter(_ key: Key, state: AppState) -> ModeResponse {
    switch key {
    case .character(let character):
      if query.count < PromptMode.maximumLength {
        setQuery(query + String(character), state: state)
      }
    case .backspace, .control("h"):
      if query.isEmpty {
        isTypingFilter = false
      } else {
        setQuery(String(query.dropLast()), state: state)
      }
    case .control("u"):
      setQuery("", state: state)
    case .enter:
      isTypingFilter = false
    case .escape, .control("c"), .control("g"):
      isTypingFilter = false
      setQuery("", state: state)
    case .down, .control("n"): move(by: 1, state: state)
    case .up, .control("p"): move(by: -1, state: state)
    default:
      break
    }
    return .handled
  }

  /// Filters by `query`: the selection goes to the best match; with the filter cleared, to the
  /// entry selected in it, shown in the tree.
  private mutating func setQuery(_ text: String, state: AppState) {
    let selected = selectedEntry(state)
    let previous = filter
    query = text
    guard var tree else { return }
    if query.isEmpty {
      filter = nil
      if let selected {
        tree.reveal(selected)
        self.tree = tree
        choose(selected, state: state)
      }
    } else {
      let filter = OutlineFilter(tree.index, query: query, narrowing: previous)
      self.filter = filter
      choice = filter.firstMatchRow.map {
        Choice(entry: filter.rows[$0].entry, place: state.readingPlace)
      }
    }
  }

  private mutating func choose(_ entry: Int, state: AppState) {
    choice = Choice(entry: entry, place: state.readingPlace)
  }

  /// The entry chosen with Enter stays selected at the place its jump led to.
  public mutating func catchUp(with state: AppState) {
    guard let entry = choosing else { return }
    choosing = nil
    choose(entry, state: state)
  }

  /// Moves the selection `rows` rows (clamped to the list).
  private mutating func move(by rows: Int, state: AppState) {
    guard let listing = listing(state), let row = selectedRow(in: listing, state: state) else {
      return
    }
    let target = row + max(-listing.count, min(rows, listing.count))
    choose(listing.entry(at: max(0, min(target, listing.count - 1))), state: state)
  }

  private mutating func openOrDescend(state: AppState) {
    guard let listing = listing(state), let row = selectedRow(in: listing, state: state) else {
      return
    }
    let entry = listing.entry(at: row)
    if case .tree(var tree) = listing, listing.index.hasChildren(entry), !tree.isOpen(entry) {
      tree.setOpen(entry, true)
      self.tree = tree
      choose(entry, state: state)
    } else if listing.isOpen(row) {
      choose(listing.entry(at: row + 1), state: state)
    }
  }

  private mutating func closeOrAscend(state: AppState) {
    guard let listing = listing(state), let row = selectedRow(in: listing, state: state) else {
      return
    }
    let entry = listing.entry(at: row)
    if case .tree(var tree) = listing, tree.isOpen(entry) {
      tree.setOpen(entry, false)
      self.tree = tree
      choose(entry, state: state)
    } else if let parent = listing.index.parent(of: entry), listing.row(showing: parent) != nil {
      choose(parent, state: state)
    }
  }

  /// Goes to the selected entry's destination; opens a closed parent (a parent without a
  /// destination opens or closes).
  private mutating func enter(state: AppState, intents: inout [Intent]) {
    guard let listing = listing(state), let row = selectedRow(in: listing, state: state) else {
      return
    }
    let entry = listing.entry(at: row)
    let index = listing.index
    let destination = index.destinations[entry]
    if let destination { intents.append(.jump(to: destination)) }
    if case .tree(var tree) = listing, index.hasChildren(entry) {
      tree.setOpen(entry, destination == nil ? !tree.isOpen(entry) : true)
      self.tree = tree
    } else if destination == nil {
      intents.append(.say("“\(index.titles[entry])” leads nowhere in the document"))
    }
    // The reader moved on purpose: the selection stays on the entry chosen, at the place the
    // jump leads to (`catchUp(with:)`).
    choose(entry, state: state)
    choosing = entry
  }

  // MARK: Mouse and drawing

  private mutating func handle(
    _ mouse: MouseEvent, state: AppState, intents: inout [Intent]
  )
    -> ModeResponse
  {
    // Over the pages: as normal browsing takes it.
    guard let panel = state.areas.sidePanel, panel.contains(mouse.position) else { return .pass }
    guard let listing = listing(state), listing.count > 0 else { return .handled }
    switch mouse.kind {
    case .wheelUp: move(by: -3, state: state)
    case .wheelDown: move(by: 3, state: state)
    case .click, .doubleClick:
      let top = listing.windowTop(
        showing: selectedRow(in: listing, state: state), visibleRows: panel.size.rows - 1)
      let row = top + mouse.position.y - panel.minY - 1
      guard mouse.position.y > panel.minY, row < listing.count else { return .handled }
      choose(listing.entry(at: row), state: state)
      if mouse.kind == .doubleClick { enter(state: state, intents: &intents) }
    case .press, .release, .drag:
      break
    }
    return .handled
  }

  public func draw(
    _ state: AppState, areas: ScreenAreas, on screen: inout ScreenBuffer, width: TextWidth
  ) {
    guard let panel = areas.sidePanel, panel.size.rows >= 2, panel.size.columns >= 4 else {
      return
    }
    OutlinePanelView(width: width).draw(state, mode: self, in: panel, on: &screen)
  }
}
