import FolioCore

/// What `update` asks the runtime to do, as data: the runtime carries effects out in order and
/// reports back through events. Drawing the new state is implied and not an effect.
public enum Effect: Sendable, Equatable {
  /// Make these the pictures to show and prepare (main view, filmstrip, prefetch margin); the
  /// picture board asks for what it has not got and cancels what is no longer wanted.
  case want(PictureWants)
  /// Start (or restart) a timer.
  case startTimer(TimerID, after: Duration)
  /// Stop a timer if it runs.
  case cancelTimer(TimerID)
  /// Remember this place for the document (written in the background).
  case savePlace(Place)
  /// Open the file again, in the background; answered by `documentReopened` or `reopenFailed`.
  case reopenDocument
  /// Show this version of the document from now on (its summary came with `documentReopened`).
  case adoptDocument(DocumentVersion)
  /// Search the document's text (an empty query stops and clears); answered by
  /// `searchResults` events as pages are searched.
  case search(SearchRequest)
  /// Find where these pages' hits lie; answered by `hitRegions` events.
  case wantHitRegions(HitRegionRequest)
  /// Send every hit's line of context from now on, as hits are found (the hits panel is open);
  /// answered by `hitLines` events.
  case wantHitLines
  /// Read the document's outline (once per version); answered by `outlineRead`.
  case wantOutline
  /// Read these pages' links (pages on screen, lazily); answered by a `linksRead` per page.
  case wantLinks([PageIndex])
  /// Find where these pages' content is (for trimming); answered by `contentBoxRead`s.
  case wantContentBoxes([PageIndex])
  /// Measure a page's body text (for `z`); answered by `bodyTextRead`.
  case wantBodyText(PageIndex)
  /// Put this text on the terminal's clipboard (OSC 52, passed through tmux).
  case copyToClipboard(String)
  /// Give the terminal back, stop until continued, then take it again and redraw everything.
  case suspend
  /// End the program with `status`, writing `output` to standard output first if given. A
  /// `savePlace` that comes before it is finished first.
  case quit(status: Int32, output: String?)
}

/// The pictures the screen needs, with where they lie: the input of the picture board's layout
/// pass. A pure function of the state (`AppState.pictureWants`).
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
