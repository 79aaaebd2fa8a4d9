import FolioCore

/// The hits panel: every hit of the search in force in a side panel, with its page label and a
/// line of context, the match marked. j/k (and the arrows, g/G, the page keys) move the
/// selection, Enter shows the selected hit, `/` filters the list as you type, n/N move to the
/// next or previous hit in the document and select it. Esc clears a filter, then closes; `q`
/// and `L` close.
public struct HitsPanelMode: OverlayMode {
  /// The filter typed after `/`.
  public private(set) var listFilter = PanelFilter()
  /// The filter's text ("" for none).
  public var filter: String { listFilter.text }
  /// Whether keys are typed into the filter.
  public var isTypingFilter: Bool { listFilter.isTyping }
  /// The selected line among the filtered ones.
  public private(set) var selection = 0

  /// Whether the hit moved to with n/N is to be selected.
  private var followsCurrentHit = false

  public init() {}

  /// After n/N: the hit moved to is selected.
  public mutating func catchUp(with state: AppState) {
    guard followsCurrentHit else { return }
    followsCurrentHit = false
    let lines = visibleLines(state)
    if let current = state.search.current,
      let index = lines.firstIndex(where: { $0.position == current })
    {
      selection = index
    }
  }

  /// A side panel, and the hits' lines to fill it.
  public var needs: ModeNeeds { [.sidePanel, .hitLines] }

  /// The lines the filter lets through (matched case-insensitively against the whole line
  /// and the page label; on the shelf, the document's name).
  public func visibleLines(_ state: AppState) -> [HitLine] {
    guard !filter.isEmpty else { return state.search.lines }
    let needle = filter.lowercased()
    return state.search.lines.filter { line in
      (line.before + line.match + line.after).lowercased().contains(needle)
        || state.document.label(of: line.position.page).lowercased() == needle
        || (line.innerPage != nil
          && HitsPanelView.name(of: line.position.page, in: state).lowercased().contains(needle))
    }
  }

  public mutating func handle(_ key: Key, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    if isTypingFilter { return typeFilter(key) }
    let lines = visibleLines(state)
    let page = max(1, state.areas.sidePanel.map { $0.size.rows - 2 } ?? 10)
    switch key {
    case .character("j"), .down: selection += 1
    case .character("k"), .up: selection -= 1
    case .character("g"), .home: selection = 0
    case .character("G"), .end: selection = lines.count - 1
    case .pageDown, .character(" "), .control("f"): selection += page
    case .pageUp, .character("b"), .control("b"): selection -= page
    case .enter:
      guard lines.indices.contains(selection) else { break }
      if let open = opening(lines[selection], state: state) {
        intents.append(open)
        return .close
      }
      intents.append(.showHit(lines[selection].position))
    case .character("n"), .character("N"):
      intents.append(.moveToHit(forward: key == .character("n"), times: 1))
      // Selected once the root has moved (`catchUp(with:)`).
      followsCurrentHit = true
    case .character("/"):
      listFilter.startTyping()
    case .escape where !filter.isEmpty:
      listFilter.clear()
      selection = 0
    case .escape, .character("q"), .character("L"):
      return .close
    default:
      break
    }
    selection = max(0, min(selection, lines.count - 1))
    return .handled
  }

  /// On the shelf, Enter on a hit opens its document at that hit: the page inside it and
  /// which of that page's hits it is.
  private func opening(_ line: HitLine, state: AppState) -> Intent? {
    guard state.settings.library == .shelf, let inner = line.innerPage else { return nil }
    let before = state.search.lines.count { other in
      other.position.page == line.position.page && other.innerPage == inner
        && other.position.index < line.position.index
    }
    let hit = HitPosition(page: PageIndex(inner), index: before)
    return .leave(
      .open(line.position.page, find: FindRequest(query: state.search.query, hit: hit)))
  }

  private mutating func typeFilter(_ key: Key) -> ModeResponse {
    listFilter.type(key)
    selection = 0
    return .handled
  }

  public func draw(
    _ state: AppState, areas: ScreenAreas, on screen: inout ScreenBuffer, width: TextWidth
  ) {
    guard let panel = areas.sidePanel, panel.size.rows >= 2, panel.size.columns >= 4 else {
      return
    }
    HitsPanelView(width: width).draw(
      state, lines: visibleLines(state), mode: self, in: panel, on: &screen)
  }
}
