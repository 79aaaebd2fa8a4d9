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

extension PeekMode {
  /// The figure the peek leads to, when its excerpt is a figure's caption: its page and the
  /// part of the page above the caption (`PeekExcerpt.figure`).
  public func figure(in state: AppState) -> (page: PageIndex, region: PageRegion)? {
    guard let destination = destination(in: state),
      let words = state.document.texts[destination.page],
      let region = PeekExcerpt.figure(of: words, at: destination.top, left: destination.left)
    else { return nil }
    return (destination.page, region)
  }

  /// The figure's crop as a picture of the main view: a piece drawn over the box, after the
  /// overlays (`PagePiece.overlayIndex`). Nil without a figure.
  func cropPiece(_ state: AppState) -> PagePiece? {
    let area = state.mainArea
    guard
      let crop = PeekView.layout(state, mode: self, over: area, width: .approximate)?.crop,
      let page = destination(in: state)?.page
    else { return nil }
    let origin = state.view.viewport.origin
    return PagePiece(
      index: PagePiece.overlayIndex,
      frame: CellRect(
        x: origin.x + crop.cells.minX - area.minX, y: origin.y + crop.cells.minY - area.minY,
        columns: crop.cells.size.columns, rows: crop.cells.size.rows),
      request: RenderRequest(
        page: page, region: crop.region, size: crop.cells.size, style: state.drawing.style,
        document: state.document.version),
      label: state.document.label(of: page))
  }
}
