import FolioCore
import FolioLayout
import FolioTestSupport
import FolioUI
import Testing

/// The help as less's and vim's users expect it: readable whole at 80x24 (it scrolls with the
/// keys that move), and the key that closes it does only that.
@Suite struct HelpModeTests {
  func state(_ size: CellSize) -> AppState {
    AppViewSnapshotTests.state(size: size)
  }

  func press(_ keys: [Key], on state: inout AppState) {
    for key in keys { _ = state.update(.input(.key(key))) }
  }

  /// The text inside the help's box on `screen`, row by row, borders and padding left out.
  func boxRows(_ screen: ScreenBuffer) -> [String] {
    (0..<screen.size.rows).compactMap { y -> String? in
      let row = String(
        String.UnicodeScalarView((0..<screen.size.columns).map { screen[$0, y].scalar }))
      guard let open = row.firstIndex(of: "│"), let close = row.lastIndex(of: "│"), open < close
      else { return nil }
      return String(row[row.index(after: open)..<close]).trimmingSpaces()
    }
  }

  @Test(arguments: [CellSize(columns: 80, rows: 24), CellSize(columns: 60, rows: 20)])
  func everySummaryIsReadableWholeByScrolling(size: CellSize) {
    var app = state(size)
    press([.character("?")], on: &app)
    var seen: [String] = []
    var previous: [String] = []
    for _ in 0..<100 {
      let rows = boxRows(StillFrame.draw(app, document: AppViewSnapshotTests.document()))
      if rows == previous { break }
      seen += rows.dropFirst(2)  // the title and the blank line under it
      previous = rows
      press([.character("j")], on: &app)
    }
    #expect(app.modes.top is HelpMode)
    let text = seen.joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(!text.contains("…"))
    for binding in Keymap.standard.bindings where !binding.keyNames.isEmpty {
      let summary = binding.summary.split(separator: " ").joined(separator: " ")
      #expect(text.contains(summary), "\(summary)")
    }
  }

  @Test func theKeyThatClosesTheHelpDoesNothingElse() {
    var app = state(CellSize(columns: 80, rows: 24))
    let page = app.view.currentPage
    // G and j scroll the help; they do not move the selection.
    press([.character("?"), .character("G"), .character("j")], on: &app)
    #expect(app.modes.top is HelpMode)
    #expect(app.view.currentPage == page)
    // l closes the help and does not move either; x does not start selecting text.
    press([.character("l")], on: &app)
    #expect(app.modes.all.count == 1)
    #expect(app.view.currentPage == page)
    press([.character("?"), .character("x")], on: &app)
    #expect(app.modes.all.count == 1)
    press([.character("?"), .escape], on: &app)
    #expect(app.modes.all.count == 1)
    #expect(app.view.mode == .grid)
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
