import FolioCore
import FolioLayout
import FolioRaster

/// `z`: the continuous view zoomed so that the current page's body text is legible as
/// characters (the smallest zoom at which its median character is about a cell tall and wide).
extension AppState {
  /// Zooms for reading, once the current page's body text is measured.
  mutating func zoomForReading() {
    if view.mode != .continuous { show(.continuous) }
    if let size = document.bodyText[view.currentPage] {
      applyReadingZoom(size)
      return
    }
    view.awaitBodyText(of: view.currentPage)
    say("measuring the text…")
  }

  /// Takes a page's measured body text; makes the zoom `z` waited for.
  mutating func apply(bodyText size: BodyTextSize?, of page: PageIndex, document: DocumentVersion) {
    guard document == self.document.version else { return }
    if let size { self.document.take(bodyText: size, of: page) }
    guard view.readingZoomPage == page else { return }
    view.awaitBodyText(of: nil)
    guard view.mode == .continuous, view.currentPage == page else { return }
    if let size {
      applyReadingZoom(size)
    } else {
      say("no text on this page to read")
    }
  }

  private mutating func applyReadingZoom(_ size: BodyTextSize) {
    let layout = view.layout
    let currentPage = view.currentPage
    let item = layout.item(layout.itemIndex(containing: currentPage))
    guard let placed = item.pages.first(where: { $0.page == currentPage }),
      placed.frame.size.rows > 0, placed.frame.size.columns > 0, size.height > 0,
      size.advance > 0
    else { return }
    // The whole page's cells at zoom 1 (the frame holds only what is shown when trimming; the
    // text's sizes are fractions of the whole page), and the zoom that makes a character legible.
    let shown = shownRegion(of: currentPage)
    let zoom = view.zooms.continuous.value
    let rows = Double(placed.frame.size.rows) / shown.height / zoom
    let columns = Double(placed.frame.size.columns) / shown.width / zoom
    let needed =
      max(
        TextOverlay.legibleHeight / (size.height * rows),
        TextOverlay.legibleAdvance / (size.advance * columns)) * 1.05
    view.zoom(continuous: ZoomScale(needed))
    refreshLayout()
    startAtTextColumn(size.left)
    drawing.showLegibleText()
    say(
      "zoomed to \(Int(saturating: view.zooms.continuous.value * 100))% to read the text (= resets)"
    )
  }

  /// On a page wider than the screen, scrolls sideways to where the text column starts (a cell
  /// of margin before it), as a reader starts a line; a centered page would cut both sides.
  private mutating func startAtTextColumn(_ left: Double) {
    let layout = view.layout
    let item = layout.item(layout.itemIndex(containing: view.currentPage))
    guard let placed = item.pages.first(where: { $0.page == view.currentPage }),
      placed.frame.size.columns > view.viewport.size.columns
    else { return }
    let shown = shownRegion(of: view.currentPage)
    let fraction = (left - shown.x) / max(shown.width, 1e-9)
    let column = Int((fraction * Double(placed.frame.size.columns)).rounded(.down))
    var origin = view.viewport.origin
    origin.x = placed.frame.minX + max(0, column - 1)
    view.scroll(to: layout.clamped(Viewport(origin: origin, size: view.viewport.size)))
  }
}
