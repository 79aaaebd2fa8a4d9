import FolioCore
import FolioLayout

/// Taking text out: the pages whose text selecting and copying need, and copying a whole page.
extension AppState {
  /// The pages on screen, in page order (the page views' visible pages; the grid's current
  /// page).
  var pagesOnScreen: [PageIndex] {
    guard view.mode != .grid else { return [view.currentPage] }
    return view.layout.items(intersecting: view.viewport.visibleRect)
      .flatMap { $0.pages.map(\.page) }.sorted()
  }

  /// Pages whose text is wanted and not read: those on screen while a mode selects text, and
  /// the page `Y` copies.
  var textWants: [PageIndex] {
    var pages = modes.needs.contains(.pageText) ? pagesOnScreen : []
    if let page = navigation.pageToCopy, !pages.contains(page) { pages.append(page) }
    // A peek's target page.
    if let peek = modes.top as? PeekMode {
      pages += peek.wantedPages(self).filter { !pages.contains($0) }
    }
    return pages.filter { document.texts[$0] == nil }
      + readingTextWants.filter { !pages.contains($0) }
  }

  /// `Y`: copies the whole text of the current page, now if it is read, else once it is.
  mutating func copyCurrentPage() -> [Effect] {
    navigation.copyText(of: view.currentPage)
    let effects = copyPendingPage()
    if navigation.pageToCopy != nil { say("reading the page's text…") }
    return effects
  }

  /// Copies the page `Y` asked for, if its text is read.
  mutating func copyPendingPage() -> [Effect] {
    guard let page = navigation.pageToCopy, let words = document.texts[page] else { return [] }
    navigation.copyText(of: nil)
    return copying(
      CopiedText.text(of: words.words.isEmpty ? [] : [(words, 0...(words.words.count - 1))]),
      what: "page \(document.label(of: page))")
  }

  /// Puts `text` on the clipboard and says how much went, or that there was nothing.
  mutating func copying(_ text: String, what: String) -> [Effect] {
    guard !text.isEmpty else {
      say("no text to copy on \(what)")
      return []
    }
    let count = text.count
    say("copied \(SearchState.grouped(count)) character\(count == 1 ? "" : "s") of \(what)")
    return [.copyToClipboard(text)]
  }
}
