import FolioCore

/// The names actions have in the config file's `[keys]` table, in `folio --list-actions` and
/// in the control socket's commands.
extension Action {
  /// Every action that can be bound, by name, in the order `--list-actions` prints them.
  public static let named: [(name: String, action: Action)] = [
    ("down", .move(.down)), ("up", .move(.up)), ("left", .move(.left)), ("right", .move(.right)),
    ("page-down", .page(forward: true)), ("page-up", .page(forward: false)),
    ("half-page-down", .halfPage(forward: true)), ("half-page-up", .halfPage(forward: false)),
    ("next-page", .stepPages(forward: true)), ("previous-page", .stepPages(forward: false)),
    ("pan-right", .panHalf(forward: true)), ("pan-left", .panHalf(forward: false)),
    ("first-page", .first), ("last-page", .last), ("go-to-page", .prompt),
    ("search", .searchPrompt), ("next-hit", .nextHit), ("previous-hit", .previousHit),
    ("hits-panel", .hitsPanel), ("only-hits", .onlyHits), ("outline", .outlinePanel),
    ("annotations", .annotationsPanel),
    ("follow-link", .linkHints), ("peek-link", .peekLink), ("copy-link", .copyLink),
    ("select-text", .selectText),
    ("copy-page", .copyPage), ("jump-back", .jumpBack),
    ("jump-forward", .jumpForward), ("set-mark", .setMark), ("go-to-mark", .goToMark),
    ("pick", .toggleSelection), ("pick-range", .selectRange), ("open", .open), ("back", .back),
    ("next-view", .cycleMode), ("grid", .show(.grid)), ("continuous", .show(.continuous)),
    ("spread", .show(.spread)), ("read", .show(.read)), ("zoom-in", .zoomIn),
    ("zoom-out", .zoomOut),
    ("zoom-reset", .zoomReset), ("zoom-to-read", .readingZoom), ("next-spreads", .cycleSpreadMode),
    ("right-to-left", .toggleBinding), ("shift-spreads", .toggleShift),
    ("filmstrip", .toggleShelf), ("next-symbols", .cycleSymbols), ("invert", .toggleInvert),
    ("text-layer", .cycleTextLayer), ("pixels", .togglePixels), ("trim", .toggleTrim),
    ("help", .toggleHelp),
    ("reload", .reload), ("show-source", .showSource), ("previous-document", .previousDocument),
    ("next-document", .nextDocument), ("cycle-order", .cycleOrder), ("quit", .quit),
  ]

  /// The action named `name`.
  public init?(named name: String) {
    guard let action = Self.named.first(where: { $0.name == name })?.action else { return nil }
    self = action
  }
}
