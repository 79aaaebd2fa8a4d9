import FolioCore

/// Links: taking them when read.
extension AppState {
  /// Takes one page's links read for the version shown.
  mutating func apply(_ pageLinks: PageLinks) {
    guard pageLinks.document == documentVersion else { return }
    links[pageLinks.page] = pageLinks.links
  }
}
