import FolioCore

/// The outline: taking it when read.
extension AppState {
  /// Takes the outline read for the version shown.
  mutating func apply(_ outline: DocumentOutline) {
    guard outline.document == documentVersion else { return }
    self.outline = outline
  }
}
