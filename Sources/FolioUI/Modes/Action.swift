import FolioCore

/// Something the person asked Folio to do, independent of the key that asked for it.
public enum Action: Hashable, Sendable {
  /// Move the selection (grid), scroll (continuous) or turn/pan (spread) one step.
  case move(Direction)
  /// One screen forward or back.
  case page(forward: Bool)
  /// Half a screen forward or back.
  case halfPage(forward: Bool)
  /// The next or previous page (N pages with a count), from its top; in the grid the next or
  /// previous thumbnail. Not a jump. `J` and `K`, as in zathura.
  case stepPages(forward: Bool)
  /// Half a screen left or right in the page views (a wide or zoomed page), as vim's `zH`
  /// `zL`.
  case panHalf(forward: Bool)
  /// To the first page.
  case first
  /// To the last page, or to page N with a count (`NG`).
  case last
  /// Start typing a page number or label after `:`.
  case prompt
  /// Start typing a search after `/`.
  case searchPrompt
  /// To the next or previous search hit.
  case nextHit, previousHit
  /// The panel listing every hit.
  case hitsPanel
  /// The grid of only the pages with hits, and back.
  case onlyHits
  /// The panel of the document's outline.
  case outlinePanel
  /// The panel of the document's annotations (highlights, notes…, by any program).
  case annotationsPanel
  /// Hints on the links on screen, to follow one by typing its hint.
  case linkHints
  /// Hints on the links on screen, to peek at where one leads by typing its hint.
  case peekLink
  /// Copy the URI of the link last followed to the terminal's clipboard.
  case copyLink
  /// Back and forward in the jump list.
  case jumpBack, jumpForward
  /// `m`: set a mark (the next key names it); `'`: go to one.
  case setMark, goToMark
  /// Select or unselect the current page (grid), or every page from the last one toggled.
  case toggleSelection, selectRange
  /// Open the selected page in spread mode.
  case open
  /// Back to the grid at the same page.
  case back
  /// Grid → continuous → spread → grid.
  case cycleMode
  /// Show one mode.
  case show(ViewMode)
  case zoomIn, zoomOut, zoomReset
  /// single → double → book.
  case cycleSpreadMode
  /// Left-to-right ↔ right-to-left binding.
  case toggleBinding
  /// Which page starts the first spread of double/book.
  case toggleShift
  /// The filmstrip under the spread view.
  case toggleShelf
  /// half → quad → sextant → octant → braille → ascii.
  case cycleSymbols
  /// Dark paper, hue kept.
  case toggleInvert
  /// The text layer: auto → on → off.
  case cycleTextLayer
  /// Pages as images (where the terminal shows them) or as block art.
  case togglePixels
  /// The continuous view zoomed so the body text reads as characters.
  case readingZoom
  /// Select text on the pages on screen, to copy it.
  case selectText
  /// Copy the whole text of the current page.
  case copyPage
  /// Pages cropped to their content, and back.
  case toggleTrim
  /// The key overlay.
  case toggleHelp
  /// Open the file again now (it also reloads by itself when it changes).
  case reload
  /// In a library: the previous or next document.
  case previousDocument, nextDocument
  /// On a library's shelf: the next order (name, last opened, modified).
  case cycleOrder
  case quit

  /// Whether a count typed before a key bound to it outside the standard rows (a config
  /// file's binding of an action no standard key has) repeats or parameterizes it.
  public var takesCountWhenBound: Bool {
    if case .stepPages = self { return true }
    return false
  }
  /// Find the source line (SyncTeX) of the text at the top of the screen, or under the
  /// selection cursor, and open it in the editor (inverse search).
  case showSource
}

/// A direction of movement on screen.
public enum Direction: Hashable, Sendable, CaseIterable {
  case up, down, left, right
}

/// The four ways of looking at a document.
public enum ViewMode: String, Hashable, Sendable, CaseIterable {
  /// Thumbnails in a smart grid.
  case grid
  /// Pages stacked vertically, scrolled freely.
  case continuous
  /// One spread per screen, with the filmstrip.
  case spread
  /// The text reflowed to the pane, scrolled like `less`.
  case read

  /// The next mode for Tab: the page views in turn; from the reading view, the grid.
  public var next: ViewMode {
    switch self {
    case .grid: return .continuous
    case .continuous: return .spread
    case .spread, .read: return .grid
    }
  }

  /// Whether the view shows pages (not the reflowed text).
  public var showsPages: Bool { self != .read }
}
