import FolioCore

/// The pages picked with `v` and `V`, for `--pick`: a set of pages and the one toggled last,
/// where `V` starts its range.
public struct PageSelection: Hashable, Sendable {
  /// The picked pages.
  public private(set) var pages: Set<PageIndex> = []
  /// The page `v` toggled last.
  public private(set) var anchor: PageIndex?

  /// Nothing picked.
  public init() {}

  /// Whether `page` is picked.
  public func contains(_ page: PageIndex) -> Bool { pages.contains(page) }

  /// How many pages are picked.
  public var count: Int { pages.count }

  /// `v`: picks `page`, or unpicks it; it becomes the anchor.
  public mutating func toggle(_ page: PageIndex) {
    if pages.remove(page) == nil { pages.insert(page) }
    anchor = page
  }

  /// `V`: picks every page from the anchor (or `page` alone without one) to `page`; `page`
  /// becomes the anchor.
  public mutating func pickRange(to page: PageIndex) {
    let start = anchor ?? page
    for raw in min(start.rawValue, page.rawValue)...max(start.rawValue, page.rawValue) {
      pages.insert(PageIndex(raw))
    }
    anchor = page
  }

  /// Drops pages at or past `pageCount` (a reload made the document shorter).
  public mutating func clamp(toPageCount pageCount: Int) {
    pages = pages.filter { $0.rawValue < pageCount }
    if let anchor, anchor.rawValue >= pageCount { self.anchor = nil }
  }
}

/// How `--pick` prints the picked pages.
public enum PickFormat: String, Hashable, Sendable, CaseIterable {
  /// Ranges of page numbers as `qpdf --pages` and `pdftk cat` take them: `1-3,7,9-12`.
  case ranges
  /// One page number a line.
  case lines
  /// One page label a line (the number of a page without a label).
  case labels

  /// `pages` (any order) written in this format, with a final newline.
  public func text(of pages: [PageIndex], labels document: DocumentFacts) -> String {
    let sorted = Set(pages).sorted()
    switch self {
    case .ranges:
      var parts: [String] = []
      var index = 0
      while index < sorted.count {
        var end = index
        while end + 1 < sorted.count, sorted[end + 1].rawValue == sorted[end].rawValue + 1 {
          end += 1
        }
        let first = sorted[index].number
        let last = sorted[end].number
        parts.append(first == last ? "\(first)" : "\(first)-\(last)")
        index = end + 1
      }
      return parts.joined(separator: ",") + "\n"
    case .lines:
      return sorted.map { "\($0.number)\n" }.joined()
    case .labels:
      return sorted.map { TerminalText.sanitized(document.label(of: $0)) + "\n" }.joined()
    }
  }
}
