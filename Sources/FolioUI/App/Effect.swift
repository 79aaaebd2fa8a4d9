import FolioCore

/// What `update` asks the runtime to do once, as data: the runtime carries effects out in order,
/// after the update that returned them, and reports back through events queued behind them.
/// Each carries what the runtime needs to carry it out. Drawing the new state is implied, and
/// what the screen needs continuously (pictures, links, hit boxes) is `Demands`, not an effect.
public enum Effect: Sendable, Equatable {
  /// Start (or restart) a timer.
  case startTimer(TimerID, after: Duration)
  /// Stop a timer if it runs.
  case cancelTimer(TimerID)
  /// Remember this place for the document (written in the background).
  case savePlace(Place)
  /// Open the file again, in the background, reading the sizes around `page` (the reader's)
  /// at once; answered by `documentReopened` or `reopenFailed`.
  case reopenDocument(around: PageIndex)
  /// Show this version of the document from now on (its summary came with `documentReopened`).
  case adoptDocument(DocumentVersion)
  /// Search the document's text (an empty query stops and clears); answered by
  /// `searchResults` events as pages are searched.
  case search(SearchRequest)
  /// Put this text on the terminal's clipboard (OSC 52, passed through tmux).
  case copyToClipboard(String)
  /// Give the terminal back, stop until continued, then take it again and redraw everything.
  case suspend
  /// End the program with `status`, writing `output` to standard output first if given. A
  /// `savePlace` that comes before it is finished first.
  case quit(status: Int32, output: String?)
  /// Leave the document shown for another of the library (or its shelf). A `savePlace` that
  /// comes before it is finished first.
  case leave(LibraryMove)
  /// Find the source line (SyncTeX) that made the text at `point` and open it in the editor
  /// (inverse search); the runtime says what it found or why not.
  case showSourceLine(PagePoint)
  /// Write these marks into the PDF (a process of its own replaces the file; the reload that
  /// follows shows them); the runtime says what became of it.
  case markUp([MarkRequest])
  /// Remove an annotation from the PDF, or change its note (the same writer; a reload
  /// follows).
  case changeAnnotation(AnnotationChange)
}

/// A point on a page, in fractions of the page from its top-left: where an inverse search
/// looks.
public struct PagePoint: Sendable, Equatable, Hashable {
  /// The page.
  public var page: PageIndex
  /// How far across, 0 (left) to 1.
  public var x: Double
  /// How far down, 0 (top) to 1.
  public var y: Double

  /// A point of `page`.
  public init(page: PageIndex, x: Double, y: Double) {
    self.page = page
    self.x = x
    self.y = y
  }
}

/// The pictures the screen needs, with where they lie: the input of the picture board's layout
/// pass. A pure function of the state (`AppState.pictureWants`), part of its `Demands`.
public struct PictureWants: Sendable, Equatable {
  /// One scrolling area's pictures.
  public struct Area: Sendable, Equatable {
    /// Pieces meeting `prepared`, in content cells.
    public var pieces: [PagePiece]
    /// The content's size.
    public var contentSize: CellSize
    /// What is on screen, in content cells.
    public var visible: CellRect
    /// What is on screen and the prefetch margin around it.
    public var prepared: CellRect

    /// Creates an area.
    public init(pieces: [PagePiece], contentSize: CellSize, visible: CellRect, prepared: CellRect) {
      self.pieces = pieces
      self.contentSize = contentSize
      self.visible = visible
      self.prepared = prepared
    }
  }

  /// The main view.
  public var main: Area
  /// The filmstrip, when shown.
  public var filmstrip: Area?
  /// The document version the pieces belong to.
  public var document: DocumentVersion

  /// Creates wants.
  public init(main: Area, filmstrip: Area?, document: DocumentVersion) {
    self.main = main
    self.filmstrip = filmstrip
    self.document = document
  }
}
