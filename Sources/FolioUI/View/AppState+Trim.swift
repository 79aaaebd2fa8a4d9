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
    guard view.options.trimsMargins else { return .whole }
    let contentBoxes = document.contentBoxes
    var box = contentBoxes[page] ?? .whole
    let spreads = view.spreadStyle.arrangement(pageCount: document.pageCount)
    if view.mode != .grid, spreads.pairsPages {
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
    guard view.options.trimsMargins else { return region }
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

  /// `T`: trims the margins, or shows whole pages again, keeping the place.
  mutating func toggleTrim() {
    view.trimMargins(!view.options.trimsMargins)
    say(view.options.trimsMargins ? "margins trimmed" : "whole pages")
  }

  /// Pages around the screen whose content box is not known, when trimming.
  public var contentBoxWants: [PageIndex] {
    guard view.options.trimsMargins else { return [] }
    let pages = view.layout.items(intersecting: prefetchRect).flatMap { $0.pages.map(\.page) }
    return pages.filter { document.contentBoxes[$0] == nil }
  }
}
