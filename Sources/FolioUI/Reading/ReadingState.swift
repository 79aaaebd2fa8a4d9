import FolioCore

/// What the reading view knows of the document: the words of the pages read (in reading
/// order, columns one after another), the pages reflowed from them and laid out at the
/// measure, and the place it waits to show until its page is reflowed. Pages are reflowed as
/// their text arrives, each once its neighbours (which teach its running heads) are read
/// too; both stores are bounded, the pages farthest from the reader leaving first.
public struct ReadingState: Sendable {
  /// The version the pages were read from.
  public private(set) var version = DocumentVersion.first
  /// The words of pages read, for reflowing them and their neighbours.
  public private(set) var words: [PageIndex: PageWords] = [:]
  /// The headings of the version's structure tree, once read.
  private var headings: DocumentHeadings?
  /// The pages reflowed, laid out at `measure`.
  public private(set) var pages: [PageIndex: ReadingPage] = [:]
  /// Changes whenever a page's lines do: what the layout is remade for.
  public private(set) var revision = 0
  /// A place to show once its page is reflowed (switching to the reading view, a jump to a
  /// page not read yet).
  public private(set) var target: Destination?
  /// Where the reading view was left for a page view: its top line (a page and a row of its
  /// band) and the place the page view arrived at. Coming back from that same place shows
  /// that same line again, exactly.
  private(set) var left: (page: PageIndex, row: Int, arrival: Destination)?

  /// Pages' words kept at most.
  static let wordLimit = 48
  /// Reflowed pages kept at most (about 40 KB each).
  static let pageLimit = 400
  /// Neighbours on each side a page's running heads are learned from.
  public static let window = 2

  /// An empty store.
  public init() {}

  /// The pages whose words reflowing `page` needs: it and its neighbours, in the document.
  public static func window(of page: PageIndex, pageCount: Int) -> ClosedRange<Int> {
    max(0, page.rawValue - window)...max(0, min(pageCount - 1, page.rawValue + window))
  }

  /// Whether every page `page` is reflowed with has been read.
  func canReflow(_ page: PageIndex, pageCount: Int) -> Bool {
    Self.window(of: page, pageCount: pageCount).allSatisfy { words[PageIndex($0)] != nil }
  }

  /// Forgets everything read from an older version.
  mutating func follow(_ document: DocumentVersion) {
    guard document != version else { return }
    version = document
    words = [:]
    pages = [:]
    headings = nil
    target = nil
    left = nil
    revision += 1
  }

  /// Keeps `page`'s words. Past the limit, forgets first the words no page waits for (every
  /// page of their window reflowed), then those farthest from `near`.
  mutating func keep(
    _ pageWords: PageWords, of page: PageIndex, near: PageIndex, pageCount: Int
  ) {
    words[page] = pageWords
    guard words.count > Self.wordLimit else { return }
    for kept in words.keys where words.count > Self.wordLimit && kept != page {
      let isUsed = Self.window(of: kept, pageCount: pageCount).contains {
        pages[PageIndex($0)] == nil
      }
      if !isUsed { words[kept] = nil }
    }
    guard words.count > Self.wordLimit else { return }
    let farthest = words.keys.sorted { distance($0, near) > distance($1, near) }
    for page in farthest.prefix(words.count - Self.wordLimit) { words[page] = nil }
  }

  /// The structure tree's headings of `version`, nil until they are read.
  public func headings(of version: DocumentVersion) -> DocumentHeadings? {
    version == self.version ? headings : nil
  }

  /// Keeps the structure tree's headings (of the version followed) and forgets the pages
  /// reflowed without them that they mark a heading on: those pages are returned, to be
  /// reflowed again.
  mutating func take(_ read: DocumentHeadings) -> [PageIndex] {
    guard read.document == version else { return [] }
    headings = read
    let marked = pages.keys.filter { !read.on($0).isEmpty }
    for page in marked { pages[page] = nil }
    if !marked.isEmpty { revision += 1 }
    return marked.sorted()
  }

  /// Keeps `page` reflowed, forgetting the pages farthest from `near` past the limit.
  mutating func store(_ reflowed: ReadingPage, of page: PageIndex, near: PageIndex) {
    pages[page] = reflowed
    revision += 1
    guard pages.count > Self.pageLimit else { return }
    let farthest = pages.keys.sorted { distance($0, near) > distance($1, near) }
    for page in farthest.prefix(pages.count - Self.pageLimit) { pages[page] = nil }
  }

  /// Lays the pages laid out at another measure or for crops of another height out again,
  /// with `layout` (the page and its old lines to its new ones). O(pages kept), and
  /// O(characters) of those laid out again.
  mutating func rewrap(
    to measure: Int, cropRows: Int, _ layout: (PageIndex, ReadingPage) -> ReadingPage
  ) {
    var changed = false
    for (page, old) in pages where old.measure != measure || old.cropRows != cropRows {
      pages[page] = layout(page, old)
      changed = true
    }
    if changed { revision += 1 }
  }

  /// Waits to show `destination` until its page is reflowed (nil: waits for nothing).
  mutating func aim(at destination: Destination?) { target = destination }

  /// The view was left with row `row` of `page`'s band at the top, for a page view that
  /// showed `arrival`.
  mutating func noteLeft(page: PageIndex, row: Int, arrival: Destination) {
    left = (page, row, arrival)
  }

  private func distance(_ page: PageIndex, _ near: PageIndex) -> Int {
    abs(page.rawValue - near.rawValue)
  }
}

extension Destination {
  /// Whether `other` is the same place give or take a line of text (a page view's layout
  /// moves a little as page sizes arrive): the same page, tops within 2 % of its height.
  func isNear(_ other: Destination) -> Bool {
    page == other.page && abs((top ?? 0) - (other.top ?? 0)) <= 0.02
  }
}
