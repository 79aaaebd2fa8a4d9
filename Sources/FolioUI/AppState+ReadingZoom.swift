import FolioCore
import FolioLayout
import FolioRaster

/// `z`: the continuous view zoomed so that the current page's body text is legible as
/// characters (the smallest zoom at which its median character is about a cell tall and wide).
extension AppState {
  /// Zooms for reading, once the current page's body text is measured.
  mutating func zoomForReading() -> [Effect] {
    if mode != .continuous { show(.continuous) }
    if let size = bodyText[currentPage] {
      applyReadingZoom(size)
      return []
    }
    readingZoomPage = currentPage
    say("measuring the text…")
    return [.wantBodyText(currentPage)]
  }

  /// Takes a page's measured body text; makes the zoom `z` waited for.
  mutating func apply(bodyText size: BodyTextSize?, of page: PageIndex, document: DocumentVersion) {
    guard document == documentVersion else { return }
    if let size { bodyText[page] = size }
    guard readingZoomPage == page else { return }
    readingZoomPage = nil
    guard mode == .continuous, currentPage == page else { return }
    if let size {
      applyReadingZoom(size)
    } else {
      say("no text on this page to read")
    }
  }

  private mutating func applyReadingZoom(_ size: BodyTextSize) {
    let item = layout.item(layout.itemIndex(containing: currentPage))
    guard let placed = item.pages.first(where: { $0.page == currentPage }),
      placed.frame.size.rows > 0, placed.frame.size.columns > 0, size.height > 0,
      size.advance > 0
    else { return }
    // The whole page's cells at zoom 1 (the frame holds only what is shown when trimming; the
    // text's sizes are fractions of the whole page), and the zoom that makes a character legible.
    let shown = shownRegion(of: currentPage)
    let rows = Double(placed.frame.size.rows) / shown.height / continuousZoom.value
    let columns = Double(placed.frame.size.columns) / shown.width / continuousZoom.value
    let needed =
      max(
        TextOverlay.legibleHeight / (size.height * rows),
        TextOverlay.legibleAdvance / (size.advance * columns)) * 1.05
    continuousZoom = ZoomScale(needed)
    if style.text == .off { style.text = .auto }
    say("zoomed to \(Int(saturating: continuousZoom.value * 100))% to read the text (= resets)")
  }
}
