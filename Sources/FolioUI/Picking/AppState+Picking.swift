import FolioCore

/// Picking pages (`v`, `V`) and `--pick`: Enter prints the picked pages and ends; `q`, Esc
/// and Ctrl-C end without printing, with status 130, as fzf does.
extension AppState {
  /// The status `--pick` ends with when nothing is picked.
  public static let pickCancelledStatus: Int32 = 130

  /// Makes this a `--pick` session that prints the picked pages in `format`.
  mutating func startPicking(_ format: PickFormat) {
    picking.start(format)
    say("v picks a page, V up to here · Enter prints the picked pages · q cancels")
  }

  /// `v`: picks the current page, or unpicks it.
  mutating func toggleSelection() {
    picking.toggle(view.currentPage)
    sayPickedCount()
  }

  /// `V`: picks every page from the last one toggled to the current one.
  mutating func selectRange() {
    picking.pickRange(to: view.currentPage)
    sayPickedCount()
  }

  private mutating func sayPickedCount() {
    let count = picking.selection.count
    say(count == 0 ? "no page picked" : "\(count) page\(count == 1 ? "" : "s") picked")
  }

  /// Enter in a `--pick` session: the picked pages (the current page if none) in the pick
  /// format, and the end.
  func finishingPick(_ format: PickFormat) -> [Effect] {
    let selection = picking.selection
    let pages = selection.count > 0 ? Array(selection.pages) : [view.currentPage]
    return quitting(status: 0, output: format.text(of: pages, labels: document))
  }
}
