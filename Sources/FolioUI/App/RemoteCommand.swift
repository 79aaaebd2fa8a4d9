import FolioCore

/// What a program driving Folio from outside (its control socket, a SyncTeX forward search)
/// asks of a document, checked by the runtime first: the names are known, the page exists.
/// Applied through the same intents as keys, so a remote action does what its key does.
public enum RemoteCommand: Sendable, Equatable {
  /// One of the keymap's actions, `count` times (nil: as a key without a count).
  case act(Action, count: Int?)
  /// Goes to `page` as a jump (`Ctrl-O` returns).
  case goTo(PageIndex)
  /// Shows the boxes a SyncTeX forward search names: a jump to the first box's page, that box
  /// scrolled into view, every box marked for a moment the way hits are.
  case showSource([SourceMark])
}

/// A box on a page that a source line made (SyncTeX), marked for a moment after a forward
/// search.
public struct SourceMark: Sendable, Equatable, Hashable {
  /// Its page.
  public var page: PageIndex
  /// Where it is on the page, in fractions of the page.
  public var region: PageRegion

  /// A box of `page`.
  public init(page: PageIndex, region: PageRegion) {
    self.page = page
    self.region = region
  }
}
