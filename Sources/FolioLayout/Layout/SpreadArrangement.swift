import FolioCore

/// The spreads of one document: which pages each spread holds, and conversions between page and
/// spread indices. Every conversion is O(1).
///
/// Spreads are numbered from 0. In `single` mode spread `i` is page `i`. Otherwise pages pair up
/// from either page 0 (1-2, 3-4, …) or page 1 (cover alone, then 2-3, 4-5, …); a page left over
/// at the end stands alone. An arrangement of some pages (a grid showing only pages with search
/// hits) has one spread per chosen page; its conversions are O(log n).
public struct SpreadArrangement: Hashable, Sendable {
  /// Pages in the document, never negative.
  public let pageCount: Int
  /// How pages group.
  public let mode: SpreadMode
  /// Whether the pairing is shifted by one page; see `SpreadStyle.isShiftedByOne`.
  public let isShiftedByOne: Bool
  /// The only pages shown, one per spread, in increasing order; nil for every page.
  public let shownPages: [PageIndex]?

  /// Creates the spreads of a document of `pageCount` pages (negative counts become 0).
  public init(pageCount: Int, mode: SpreadMode = .single, isShiftedByOne: Bool = false) {
    self.pageCount = max(0, pageCount)
    self.mode = mode
    self.isShiftedByOne = isShiftedByOne
    shownPages = nil
  }

  /// Single pages, only `shown` of them: pages outside the document are dropped, the rest
  /// sorted once each. An empty choice has no spreads.
  public init(pageCount: Int, showing shown: [PageIndex]) {
    self.pageCount = max(0, pageCount)
    mode = .single
    isShiftedByOne = false
    let count = self.pageCount
    shownPages = Array(Set(shown.filter { $0.rawValue >= 0 && $0.rawValue < count })).sorted()
  }

  /// Single pages: the arrangement of a layout whose items are pages.
  public static func singlePages(_ pageCount: Int) -> SpreadArrangement {
    SpreadArrangement(pageCount: pageCount)
  }

  /// Whether some spread can hold two pages.
  public var pairsPages: Bool { mode != .single }

  /// Pages that stand alone before the first pair: 0 or 1 (pairing modes only).
  private var leadingSinglePages: Int {
    switch mode {
    case .single: return 0
    case .double: return isShiftedByOne ? 1 : 0
    case .book: return isShiftedByOne ? 0 : 1
    }
  }

  /// The number of spreads: 0 for an empty document.
  public var spreadCount: Int {
    if let shownPages { return shownPages.count }
    guard pairsPages else { return pageCount }
    let lead = min(leadingSinglePages, pageCount)
    return lead + (pageCount - lead + 1) / 2
  }

  /// The most pages one spread of this document holds (0 for an empty document).
  public var maximumPagesPerSpread: Int {
    guard spreadCount > 0 else { return 0 }
    return pairsPages && pageCount - leadingSinglePages >= 2 ? 2 : 1
  }

  /// All valid spread indices.
  public var spreadIndices: Range<Int> { 0..<spreadCount }

  /// The spread holding `page`. A page outside the document is clamped to the first or last page;
  /// an empty document answers 0. Of some pages, a page not shown answers the spread of the
  /// nearest shown page (the earlier one on a tie).
  public func spreadIndex(containing page: PageIndex) -> Int {
    guard pageCount > 0 else { return 0 }
    if let shownPages { return Self.nearest(to: page, in: shownPages) }
    let page = min(max(page.rawValue, 0), pageCount - 1)
    guard pairsPages else { return page }
    let lead = leadingSinglePages
    return page < lead ? page : lead + (page - lead) / 2
  }

  /// The pages of spread `index`, in reading order; empty for an index outside `spreadIndices`.
  public func pages(inSpread index: Int) -> Range<PageIndex> {
    guard index >= 0, index < spreadCount else { return PageIndex(0)..<PageIndex(0) }
    if let shownPages { return shownPages[index]..<PageIndex(shownPages[index].rawValue + 1) }
    guard pairsPages else { return PageIndex(index)..<PageIndex(index + 1) }
    let lead = leadingSinglePages
    if index < lead { return PageIndex(index)..<PageIndex(index + 1) }
    let first = lead + (index - lead) * 2
    return PageIndex(first)..<PageIndex(min(first + 2, pageCount))
  }

  /// The position in pages of a position in spreads: the fraction through a spread is spread
  /// evenly over its pages, so the middle of a two-page spread is the start of its second page.
  /// Together with `continuousSpreadIndex(for:)` a bijection between `[0, pageCount)` and
  /// `[0, spreadCount)` that does not depend on page sizes.
  public func continuousPageIndex(for index: ContinuousSpreadIndex) -> ContinuousPageIndex {
    guard spreadCount > 0 else { return ContinuousPageIndex(0) }
    let spread = min(max(index.spread, 0), spreadCount - 1)
    let fraction = min(max(index.value - Double(spread), 0), 1)
    let pages = pages(inSpread: spread)
    let value = Double(pages.lowerBound.rawValue) + fraction * Double(pages.count)
    return ContinuousPageIndex(min(value, Double(pageCount).nextDown))
  }

  /// The position in spreads of a position in pages; the inverse of `continuousPageIndex(for:)`
  /// (of some pages, on the pages shown; a page not shown answers the start of the nearest).
  public func continuousSpreadIndex(for index: ContinuousPageIndex) -> ContinuousSpreadIndex {
    guard pageCount > 0, spreadCount > 0 else { return ContinuousSpreadIndex(0) }
    var page = min(max(index.page.rawValue, 0), pageCount - 1)
    var fraction = min(max(index.value - Double(page), 0), 1)
    let spread = spreadIndex(containing: PageIndex(page))
    let pages = pages(inSpread: spread)
    if !pages.contains(PageIndex(page)) {
      page = pages.lowerBound.rawValue
      fraction = 0
    }
    let within = (Double(page - pages.lowerBound.rawValue) + fraction) / Double(pages.count)
    return ContinuousSpreadIndex(min(Double(spread) + within, Double(spreadCount).nextDown))
  }

  /// The index in `sorted` (not empty) of the page nearest `page`.
  private static func nearest(to page: PageIndex, in sorted: [PageIndex]) -> Int {
    let low = sorted.partitioningIndex { !($0 < page) }
    guard low > 0 else { return 0 }
    guard low < sorted.count else { return sorted.count - 1 }
    let before = page.rawValue - sorted[low - 1].rawValue
    let after = sorted[low].rawValue - page.rawValue
    return before <= after ? low - 1 : low
  }
}
