import FolioCore

/// What a program driving Folio can read of the document in front (the control socket's `get`
/// and the events it subscribes to): plain values, compared from frame to frame to tell what
/// changed. Text in it is the document's, untrusted: its reader escapes it.
public struct DocumentReport: Sendable, Equatable {
  /// The search in force.
  public struct Hits: Sendable, Equatable {
    /// What is searched for.
    public var query: String
    /// The hits found so far, and whether every page has been searched.
    public var count: Int
    public var isComplete: Bool
    /// Which hit is shown (1-based), if one is.
    public var current: Int?
  }

  /// The current page's number (1-based) and label (when the document gives one).
  public var page: Int
  public var label: String?
  /// How many pages.
  public var pages: Int
  /// The view: grid, continuous or spread.
  public var view: String
  /// The zoom in the page views, in percent (nil in the grid).
  public var zoom: Int?
  /// The selected text while text is being selected.
  public var selection: String?
  /// The search, when one is in force.
  public var hits: Hits?
  /// The title of the outline's section the reader is in, when the outline is read.
  public var section: String?
}

extension AppState {
  /// The document in front as a program reads it.
  public var report: DocumentReport {
    let page = view.currentPage
    let zoom: Double? =
      switch view.mode {
      case .grid, .read: nil
      case .continuous: view.zooms.continuous.value
      case .spread: view.zooms.spread.value
      }
    let selection = (modes.top as? TextSelectionMode).map { $0.selectedText(self) }
    let hits =
      search.isActive
      ? DocumentReport.Hits(
        query: search.query, count: search.totalHits, isComplete: search.isComplete,
        current: search.currentNumber)
      : nil
    let section = document.outlineIndex.flatMap { index in
      index.section(at: readingPlace).map { index.titles[$0] }
    }
    return DocumentReport(
      page: page.number,
      label: document.labels.indices.contains(page.rawValue)
        ? document.labels[page.rawValue] : nil,
      pages: document.pageCount, view: view.mode.rawValue,
      zoom: zoom.map { Int(saturating: ($0 * 100).rounded()) }, selection: selection, hits: hits,
      section: section)
  }
}
