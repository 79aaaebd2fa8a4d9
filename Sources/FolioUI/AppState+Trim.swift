import FolioCore
import FolioLayout

/// Trimmed margins: each page shown cropped to its content's box (found by the workers from a
/// small render, lazily for the pages around the screen), in every view; facing pages of a
/// two-page spread keep one height. Page fractions (hits, links, destinations) are mapped
/// through the crop wherever they meet the screen.
extension AppState {
  /// The part of `page` shown: its content's box when trimming (both pages' rows together in
  /// a two-page spread), else the whole page.
  public func shownRegion(of page: PageIndex) -> PageRegion {
    guard trimsMargins else { return .whole }
    var box = contentBoxes[page] ?? .whole
    let spreads = spreadStyle.arrangement(pageCount: document.pageCount)
    if mode != .grid, spreads.pairsPages {
      let pages = spreads.pages(inSpread: spreads.spreadIndex(containing: page))
      if pages.count == 2 {
        let partner = pages.lowerBound == page ? pages.lowerBound.advanced(by: 1) : pages.lowerBound
        let other = contentBoxes[partner] ?? .whole
        let top = min(box.y, other.y)
        let bottom = max(box.y + box.height, other.y + other.height)
        box = PageRegion(x: box.x, y: top, width: box.width, height: bottom - top)
      }
    }
    return box
  }

  /// `region` of the page as a part of what is shown of it (the crop's fractions).
  public func displayed(_ region: PageRegion, on page: PageIndex) -> PageRegion {
    guard trimsMargins else { return region }
    let shown = shownRegion(of: page)
    return PageRegion(
      x: (region.x - shown.x) / shown.width, y: (region.y - shown.y) / shown.height,
      width: region.width / shown.width, height: region.height / shown.height)
  }

  /// A fraction down what is shown of `page` as a fraction down the page itself.
  func pageFraction(fromShown fraction: Double, on page: PageIndex) -> Double {
    let shown = shownRegion(of: page)
    return shown.y + fraction * shown.height
  }

  /// A fraction down the page as a fraction down what is shown of it.
  func shownFraction(fromPage fraction: Double, on page: PageIndex) -> Double {
    let shown = shownRegion(of: page)
    return (fraction - shown.y) / shown.height
  }

  /// What the shown metrics are made from: remade only when one of these changes, not on
  /// every relayout (zooms, resizes).
  struct ShownMetricsKey: Hashable {
    var document: DocumentVersion
    var revision: Int
    var boxes: Int
    var pairing: SpreadStyle?
  }

  /// The page metrics the layouts use: sizes cropped to what is shown when trimming; O(n)
  /// when the sizes, the boxes or the pairing of pages changed, else O(1).
  mutating func currentShownMetrics() -> PageMetrics {
    guard trimsMargins else { return metrics }
    let key = ShownMetricsKey(
      document: documentVersion, revision: metrics.revision, boxes: contentBoxRevision,
      pairing: mode == .grid ? nil : spreadStyle)
    if let memo = shownMetricsMemo, memo.key == key { return memo.metrics }
    let shown = shownMetrics
    shownMetricsMemo = (key, shown)
    return shown
  }

  /// The page metrics cropped to what is shown of each page. O(n).
  private var shownMetrics: PageMetrics {
    var shown = PageMetrics(pageCount: metrics.pageCount)
    for index in 0..<metrics.pageCount {
      let page = PageIndex(index)
      guard metrics.isSizeKnown(page) else { continue }
      let size = metrics.size(of: page)
      let region = shownRegion(of: page)
      shown.setSize(
        PointSize(width: size.width * region.width, height: size.height * region.height), of: page)
    }
    shown.noteLabel(columns: metrics.widestLabelColumns)
    return shown
  }

  /// Trims the margins (`--trim`), or shows whole pages.
  public mutating func trimMargins(_ trims: Bool) {
    trimsMargins = trims
  }

  /// `T`: trims the margins, or shows whole pages again, keeping the place.
  mutating func toggleTrim() {
    trimsMargins.toggle()
    say(trimsMargins ? "margins trimmed" : "whole pages")
  }

  /// Takes where pages' content is (a blank page keeps its whole area); one relayout for all.
  mutating func apply(contentBoxes found: [PageContentBox], document: DocumentVersion) {
    guard document == documentVersion else { return }
    var changed = false
    for content in found where content.page.rawValue < self.document.pageCount {
      let box = content.box ?? .whole
      guard contentBoxes[content.page] != box else { continue }
      contentBoxes[content.page] = box
      changed = true
    }
    guard changed else { return }
    contentBoxRevision += 1
    if trimsMargins { relayout() }
  }

  /// Pages around the screen whose content box is not known, when trimming.
  public var contentBoxWants: [PageIndex] {
    guard trimsMargins else { return [] }
    let pages = layout.items(intersecting: prefetchRect).flatMap { $0.pages.map(\.page) }
    return pages.filter { contentBoxes[$0] == nil }
  }
}
