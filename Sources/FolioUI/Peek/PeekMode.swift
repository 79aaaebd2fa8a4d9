import FolioCore

/// A peek at where a link leads (`P`, then a link's hint), without going there: a box over the
/// pages with the text at the link's destination — the paragraph, reference entry or caption
/// there — and the page's label. Enter follows the link (a jump: Ctrl-O comes back), j/k and
/// the arrows scroll a long excerpt, Esc, `q` and `P` close. It asks for the target page's
/// text while open.
public struct PeekMode: OverlayMode {
  /// The link peeked at, if a link was.
  public let link: PageLink?
  /// The citation or figure number peeked at where no link leads (`P` in text selection).
  public let label: PeekLabel?
  /// The first row of the excerpt shown.
  public private(set) var scroll = 0

  /// A peek at `link`; nil for a link that leads out of the document (a URI).
  public init?(link: PageLink) {
    guard case .destination = link.target else { return nil }
    self.link = link
    label = nil
  }

  /// A peek at what `label` names, found by its label in the text.
  public init(label: PeekLabel) {
    link = nil
    self.label = label
  }

  /// Where the peek looks: the link's destination, or the one paragraph that starts with the
  /// label once the pages it may be on are read (nil before, or when none or several do).
  public func destination(in state: AppState) -> Destination? {
    if case .destination(let destination) = link?.target { return destination }
    guard let search = label?.find(in: state), search.unread.isEmpty, search.found.count == 1
    else { return nil }
    return search.found.first
  }

  /// The pages whose text the peek waits for: the destination's, or the next few of those a
  /// label is looked for in.
  public func wantedPages(_ state: AppState) -> [PageIndex] {
    if let label {
      let unread = label.find(in: state).unread
      return Array(unread.prefix(8))
    }
    guard let page = destination(in: state)?.page, state.document.texts[page] == nil else {
      return []
    }
    return [page]
  }

  /// The excerpt, once the target page's text is read (nil before); for a label found nowhere
  /// or more than once, a line saying so.
  public func excerpt(_ state: AppState) -> String? {
    if let label {
      let search = label.find(in: state)
      guard search.unread.isEmpty else { return nil }
      if search.found.isEmpty { return "no paragraph starts with “\(label.name)”" }
      if search.found.count > 1 {
        return "\(search.found.count) paragraphs start with “\(label.name)”: no peek"
      }
    }
    guard let destination = destination(in: state),
      let words = state.document.texts[destination.page]
    else { return nil }
    return PeekExcerpt.text(of: words, at: destination.top, left: destination.left)
  }

  public mutating func handle(_ key: Key, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    switch key {
    case .enter:
      if let link {
        intents.append(.follow(link))
      } else if let destination = destination(in: state) {
        intents.append(.jump(to: destination))
      }
      return .close
    case .character("j"), .down, .control("e"): scroll += 1
    case .character("k"), .up, .control("y"): scroll = max(0, scroll - 1)
    case .escape, .character("q"), .character("P"):
      return .close
    default:
      break
    }
    return .handled
  }

  public func draw(
    _ state: AppState, areas: ScreenAreas, on screen: inout ScreenBuffer, width: TextWidth
  ) {
    PeekView(width: width).draw(state, mode: self, over: areas.main, on: &screen)
  }
}

/// Draws a peek: a framed box in the middle of the main area, the target's page label in its
/// top border, the excerpt wrapped inside (sanitized), "Enter goes · Esc closes" in its bottom
/// border. A pure function.
struct PeekView {
  var width: TextWidth

  /// The widest the box's text is, in columns (a comfortable measure).
  static let measure = 72

  func draw(
    _ state: AppState, mode: PeekMode, over area: CellRect, on screen: inout ScreenBuffer
  ) {
    let columns = min(Self.measure, area.size.columns - 4)
    guard columns >= 10, area.size.rows >= 5 else { return }
    let excerpt = mode.excerpt(state)
    var lines =
      excerpt.map { text in
        text.isEmpty
          ? ["(no text there)"]
          : text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
            $0.isEmpty ? [""] : width.wrapped(TerminalText.sanitized(String($0)), toWidth: columns)
          }
      } ?? [
        mode.label.map { "looking for “\(TerminalText.sanitized($0.name))”…" }
          ?? "reading the page…"
      ]
    let room = min(area.size.rows - 4, max(3, area.size.rows / 2))
    let top = min(mode.scroll, max(0, lines.count - room))
    lines = Array(lines.dropFirst(top).prefix(room))
    let boxWidth = columns + 4
    let boxHeight = lines.count + 2
    let x = area.minX + (area.size.columns - boxWidth) / 2
    let y = area.minY + max(1, (area.size.rows - boxHeight) / 3)
    let border = Cell(" ", attributes: [.bold])
    screen.drawBox(CellRect(x: x, y: y, columns: boxWidth, rows: boxHeight), attributes: [.bold])
    let title =
      mode.destination(in: state).map { " p. \(state.document.label(of: $0.page)) " }
      ?? " \(TerminalText.sanitized(mode.label?.name ?? "")) "
    screen.write(
      width.truncated(title, toWidth: columns), at: CellPoint(x: x + 2, y: y),
      maxWidth: columns, style: border, width: width)
    let hint = " Enter goes · Esc closes "
    if width.width(of: hint) <= columns {
      screen.write(
        hint, at: CellPoint(x: x + boxWidth - 2 - width.width(of: hint), y: y + boxHeight - 1),
        maxWidth: columns, style: Cell(" ", attributes: [.dim]), width: width)
    }
    for (offset, line) in lines.enumerated() {
      screen.write(
        line, at: CellPoint(x: x + 2, y: y + 1 + offset), maxWidth: columns, style: Cell(" "),
        width: width)
    }
  }
}
