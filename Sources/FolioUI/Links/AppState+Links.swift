import FolioCore
import FolioLayout

/// Links: read for the pages on screen, followed by hint (`f`) or click; a URI is shown and
/// copied (`y`), never opened.
extension AppState {
  /// Pages on screen in the continuous and spread views whose links are not read yet.
  public var linkWants: [PageIndex] {
    guard view.mode != .grid else { return [] }
    return view.layout.items(intersecting: view.viewport.visibleRect)
      .flatMap { $0.pages.map(\.page) }.filter { document.links[$0] == nil }
  }

  /// A link on screen and the cells it covers there.
  public struct VisibleLink: Hashable, Sendable {
    /// The page it is on.
    public var page: PageIndex
    /// The link.
    public var link: PageLink
    /// Its cells on the screen.
    public var cells: CellRect
  }

  /// The links on screen (continuous and spread views), top to bottom, left to right.
  public var visibleLinks: [VisibleLink] {
    guard view.mode != .grid else { return [] }
    if view.mode == .read { return readingLinks }
    let area = mainArea
    let visible = view.viewport.visibleRect
    var result: [VisibleLink] = []
    for item in view.layout.items(intersecting: visible) {
      for placed in item.pages {
        guard let pageLinks = document.links[placed.page] else { continue }
        let frame = CellRect(
          x: area.minX + placed.frame.minX - visible.minX,
          y: area.minY + placed.frame.minY - visible.minY,
          columns: placed.frame.size.columns, rows: placed.frame.size.rows)
        for link in pageLinks {
          let cells = TextCells.cells(of: displayed(link.area, on: placed.page), in: frame)
            .intersection(area)
          if !cells.isEmpty {
            result.append(VisibleLink(page: placed.page, link: link, cells: cells))
          }
        }
      }
    }
    return result.sorted { ($0.cells.minY, $0.cells.minX) < ($1.cells.minY, $1.cells.minX) }
  }

  /// Whether some page on screen still has its links being read.
  var isReadingLinks: Bool { !linkWants.isEmpty }

  /// Follows `link`: a destination is a jump; a URI is shown in the status line, to copy.
  mutating func follow(_ link: PageLink) {
    switch link.target {
    case .destination(let destination):
      jump(to: destination)
    case .uri(let uri):
      navigation.show(link: uri)
      say("link: \(TerminalText.sanitized(uri)) · y copies it")
    }
  }

  /// Follows the link under screen cell `point`, if any; whether there was one.
  mutating func followLink(at point: CellPoint) -> Bool {
    guard let hit = visibleLinks.last(where: { $0.cells.contains(point) }) else { return false }
    follow(hit.link)
    return true
  }

  /// `y`: copies the URI of the link last shown to the terminal's clipboard.
  func copyingShownLink() -> [Effect] {
    guard let shownLink = navigation.shownLink else { return [] }
    return [.copyToClipboard(shownLink)]
  }
}
