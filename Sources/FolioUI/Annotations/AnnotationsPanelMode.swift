import FolioCore

/// The annotations panel (`A`): every annotation of the document, made by Folio or any other
/// program, in a side panel — its page label, its colour and kind, the text it marks and its
/// note. j/k (and the arrows, g/G, the page keys) move the selection, Enter goes to the
/// selected one (Ctrl-O comes back), `/` filters the list as you type, `d` deletes the selected
/// one from the file once `y` confirms it, `e` edits its note on the status line. Esc clears a
/// filter, then closes; `q` and `A` close. Other keys browse the pages beneath. The wheel
/// scrolls the list, a click selects a row, a double click goes there.
public struct AnnotationsPanelMode: OverlayMode {
  /// The filter typed after `/`.
  public private(set) var listFilter = PanelFilter()
  /// The filter's text ("" for none).
  public var filter: String { listFilter.text }
  /// Whether keys are typed into the filter.
  public var isTypingFilter: Bool { listFilter.isTyping }
  /// The selected row among the filtered annotations.
  public private(set) var selection = 0
  /// The annotation `d` asked to delete, until `y` confirms it or another key keeps it.
  public private(set) var pendingDeletion: DocumentAnnotation?

  /// Whether the selection was put on the first annotation at or after the page shown (as
  /// the list is read), or moved by the reader: then it is left where it is.
  private var isPlaced = false

  /// The panel over `state`: the selection on the first annotation at or after the page
  /// shown, once it is read.
  public init(state: AppState? = nil) {
    if let state { place(in: state) }
  }

  /// Puts the selection on the first annotation at or after the page shown, once one is read
  /// (the last one when the whole list is before it).
  private mutating func place(in state: AppState) {
    guard !isPlaced else { return }
    let annotations = visibleAnnotations(state)
    if let index = annotations.firstIndex(where: { $0.page >= state.view.currentPage }) {
      selection = index
      isPlaced = true
    } else if state.document.annotations.isComplete {
      selection = max(0, annotations.count - 1)
      isPlaced = true
    }
  }

  public mutating func handle(_ event: Event, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    switch event {
    case .annotationsRead:
      place(in: state)
      return .pass
    case .input(.key(let key)):
      return handle(key, state: state, intents: &intents)
    case .input(.mouse(let mouse)):
      return handle(mouse, state: state, intents: &intents)
    case .input(.signal(.interrupt)):
      return interrupt(state: state, intents: &intents)
    default:
      return .pass
    }
  }

  /// A side panel, and every annotation of the document.
  public var needs: ModeNeeds { [.sidePanel, .annotations] }

  /// The annotations the filter lets through: those whose page label, kind, marked text, note
  /// or author contains it, case-insensitively.
  public func visibleAnnotations(_ state: AppState) -> [DocumentAnnotation] {
    let all = state.document.annotations.annotations
    guard !filter.isEmpty else { return all }
    let needle = filter.lowercased()
    return all.filter { annotation in
      [
        state.document.label(of: annotation.page), annotation.kind.name, annotation.markedText,
        annotation.note ?? "", annotation.author ?? "",
      ].contains { $0.lowercased().contains(needle) }
    }
  }

  public mutating func handle(_ key: Key, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    if let annotation = pendingDeletion {
      pendingDeletion = nil
      if key == .character("y") || key == .character("Y") {
        intents.append(.effects([.changeAnnotation(.remove(annotation))]))
      } else {
        intents.append(.say("kept"))
      }
      return .handled
    }
    if isTypingFilter { return typeFilter(key) }
    isPlaced = true
    let annotations = visibleAnnotations(state)
    let page = max(1, state.areas.sidePanel.map { $0.size.rows - 2 } ?? 10)
    let selected = annotations.indices.contains(selection) ? annotations[selection] : nil
    switch key {
    case .character("j"), .down: selection += 1
    case .character("k"), .up: selection -= 1
    case .character("g"), .home: selection = 0
    case .character("G"), .end: selection = annotations.count - 1
    case .pageDown, .character(" "), .control("f"): selection += page
    case .pageUp, .character("b"), .control("b"): selection -= page
    case .enter:
      guard let selected else { break }
      let top = max(0, selected.rectangle.y - 0.02)
      intents.append(.jump(to: Destination(page: selected.page, top: top)))
      intents.append(.reveal(selected.rectangle, on: selected.page))
    case .character("d"), .delete:
      guard let selected else { break }
      pendingDeletion = selected
    case .character("e"):
      guard let selected else { break }
      // The status line edits one line: a note it cannot show as it is is not rewritten.
      let note = selected.note ?? ""
      guard TerminalText.sanitized(note) == note, note.count <= PromptMode.noteLength else {
        intents.append(
          .say("this note has line breaks or is too long to edit here: edit it in another program"))
        break
      }
      return .open(PromptMode(purpose: .editNote(selected), text: note))
    case .character("/"):
      listFilter.startTyping()
    case .escape where !filter.isEmpty:
      listFilter.clear()
      selection = 0
    case .escape, .character("q"), .character("A"):
      return .close
    default:
      return .pass
    }
    selection = max(0, min(selection, annotations.count - 1))
    return .handled
  }

  public mutating func handle(_ mouse: MouseEvent, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    // Over the pages: as normal browsing takes it.
    guard let panel = state.areas.sidePanel, panel.contains(mouse.position) else { return .pass }
    isPlaced = true
    let count = visibleAnnotations(state).count
    switch mouse.kind {
    case .wheelUp: selection -= 3
    case .wheelDown: selection += 3
    case .click, .doubleClick:
      let rows = panel.size.rows - 1
      let row =
        AnnotationsPanelView.top(selection: selection, count: count, rows: rows)
        + mouse.position.y - panel.minY - 1
      guard mouse.position.y > panel.minY, row < count else { return .handled }
      selection = row
      pendingDeletion = nil
      if mouse.kind == .doubleClick { return handle(.enter, state: state, intents: &intents) }
    case .press, .release, .drag:
      break
    }
    selection = max(0, min(selection, count - 1))
    return .handled
  }

  private mutating func typeFilter(_ key: Key) -> ModeResponse {
    listFilter.type(key)
    selection = 0
    return .handled
  }

  /// The list is read again after each change to the file: the selection stays on a row.
  public mutating func catchUp(with state: AppState) {
    selection = max(0, min(selection, visibleAnnotations(state).count - 1))
  }

  public func draw(
    _ state: AppState, areas: ScreenAreas, on screen: inout ScreenBuffer, width: TextWidth
  ) {
    guard let panel = areas.sidePanel, panel.size.rows >= 2, panel.size.columns >= 4 else {
      return
    }
    AnnotationsPanelView(width: width).draw(
      state, annotations: visibleAnnotations(state), mode: self, in: panel, on: &screen)
  }
}
