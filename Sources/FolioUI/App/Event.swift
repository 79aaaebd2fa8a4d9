import FolioCore

/// Everything that happens to the app, as `update` receives it: input from the terminal, work
/// finished in the background, timers, file changes and signals, and what the command line
/// and the remembered place ask for at the start. The runtime turns each thing it notices into
/// one of these; nothing else changes the state.
public enum Event: Sendable {
  /// A key, a mouse action, a resize or a signal, from the terminal's side.
  case input(InputEvent)
  /// Page sizes and labels read from the document (by the page reader, or learned by renders).
  case pagesRead([PageFact])
  /// A page's label from now on, whatever is read of the document (a library's cover, once its
  /// document was read).
  case labelFixed(PageIndex, String)
  /// How many pictures are still being rendered (for the status line).
  case renderProgress(pending: Int)
  /// A timer the state started has run out.
  case timerFired(TimerID)
  /// The watched file changed on disk.
  case fileChanged
  /// A new version of the document opened after the file changed (or `R`).
  case documentReopened(DocumentSummary)
  /// The file could not be opened again (half written, damaged, gone): why.
  case reopenFailed(reason: String)
  /// What the search in force has found so far.
  case searchResults(SearchResults)
  /// Where a page's hits lie.
  case hitRegions(HitRegions)
  /// The hits panel's lines of context.
  case hitLines(HitLines)
  /// The document's outline (empty when it has none or it could not be read).
  case outlineRead(DocumentOutline)
  /// The headings of the document's structure tree (empty when it has none or they could not
  /// be read), for the reading view.
  case headingsRead(DocumentHeadings)
  /// One page's links.
  case linksRead(PageLinks)
  /// The annotations of a run of pages (for the annotations panel).
  case annotationsRead(AnnotationBatch)
  /// Where pages' content is, for trimming, for a version: all those found since the last
  /// batch in one event, as page sizes come in `pagesRead`, since each change relays out.
  case contentBoxesRead([PageContentBox], document: DocumentVersion)
  /// How large a page's body text is (nil: the page has no text), for a version.
  case bodyTextRead(page: PageIndex, size: BodyTextSize?, document: DocumentVersion)
  /// A page's text with its characters' boxes (empty when it has none), for a version: for
  /// selecting and copying.
  case pageTextRead(page: PageIndex, text: PageText, document: DocumentVersion)
  /// Something in the background could not be done (the store of places could not save, the
  /// new version's render threads could not start): a line for the status line.
  case problem(String)
  /// The terminal shows pages as images from now on (`--pixels`).
  case pixelsAvailable
  /// Pages cannot be shown as images in this terminal, and why (`p` says it).
  case pixelsUnavailable(String)
  /// Go back to a remembered place (at the start: the store's place with the command line's
  /// options over it).
  case restorePlace(Place)
  /// Search for this and go to the first hit from the current page once one is found
  /// (`--find`).
  case find(String)
  /// Search for this and go to this hit (its page and which of the page's hits) once it is
  /// found (a hit picked in the shelf's hits list).
  case findHit(String, HitPosition)
  /// Make this a `--pick` session that prints the picked pages in this format.
  case startPicking(PickFormat)
  /// A program driving Folio from outside asks for this (the control socket, SyncTeX).
  case remote(RemoteCommand)
}

/// A page's size and label as read from the document; nil where not read.
public struct PageFact: Sendable, Equatable {
  /// The page.
  public var page: PageIndex
  /// Its size with /Rotate applied, if read.
  public var size: PointSize?
  /// Its label, if it has one (untrusted text).
  public var label: String?

  /// Creates a fact.
  public init(page: PageIndex, size: PointSize?, label: String?) {
    self.page = page
    self.size = size
    self.label = label
  }
}

/// What the app needs to know of a newly opened version of the document to lay it out.
public struct DocumentSummary: Sendable, Equatable {
  /// Which version it is.
  public var version: DocumentVersion
  /// Its page count, at least 1.
  public var pageCount: Int
  /// The title to show (untrusted text).
  public var title: String
  /// Sizes and labels already read (at least the pages around the reader's place, when known).
  public var pages: [PageFact]

  /// Creates a summary.
  public init(version: DocumentVersion, pageCount: Int, title: String, pages: [PageFact] = []) {
    self.version = version
    self.pageCount = pageCount
    self.title = title
    self.pages = pages
  }
}

/// Where one page's content is (nil: nothing on it).
public struct PageContentBox: Hashable, Sendable {
  /// The page.
  public var page: PageIndex
  /// Its content, as a fraction of the page; nil for an empty page.
  public var box: PageRegion?

  /// Creates a page's content box.
  public init(page: PageIndex, box: PageRegion?) {
    self.page = page
    self.box = box
  }
}

extension Event {
  /// One page's content box.
  public static func contentBoxRead(page: PageIndex, box: PageRegion?, document: DocumentVersion)
    -> Event
  {
    .contentBoxesRead([PageContentBox(page: page, box: box)], document: document)
  }
}

/// The timers the state can start. Starting one that runs restarts it.
public enum TimerID: Hashable, Sendable, CaseIterable {
  /// Typed digits wait this long for the key they count.
  case count
  /// A status-line message goes away.
  case message
  /// The place has stopped changing for a while: save it.
  case savePlace
  /// The file has stopped changing for a moment: open it again.
  case reloadDebounce
  /// The file keeps changing: open it again anyway, every few seconds.
  case reloadAtLatest
  /// Typing in the search prompt has paused: search for what is typed.
  case searchDebounce
  /// The boxes a SyncTeX forward search marked have been seen: unmark them.
  case sourceMarks
}
