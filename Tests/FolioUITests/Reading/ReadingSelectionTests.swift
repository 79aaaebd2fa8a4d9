import FolioCore
import FolioUI
import Testing

/// Moving a text selection in the reading view goes by the reflowed lines: `j` and `k` to the
/// word across on the next or previous line shown (into the next page's lines past the last),
/// `0` and `$` to the first and last word of the line shown.
@Suite("Reading view: selection moves")
struct ReadingSelectionTests {
  let view = ReadingViewTests()

  func cursor(_ app: AppState) -> TextSelectionMode.Position? {
    (app.modes.top as? TextSelectionMode)?.cursor
  }

  /// The row of the page's band that shows `position`'s word.
  func row(_ position: TextSelectionMode.Position?, _ app: AppState, plus offset: Int = 0) -> Int? {
    guard let position, let shown = app.reading.pages[position.page] else { return nil }
    return shown.runs(showing: [position.word + offset]).first?.row
  }

  @Test func jKZeroAndDollarGoByTheReflowedLines() throws {
    var app = view.reading(page: 5)
    _ = view.helper.type("x", on: &app)
    let start = try #require(cursor(app))
    let shown = try #require(app.reading.pages[start.page])
    let first = try #require(row(start, app))
    // The next line of text shown (an empty line or a rule may come between).
    let next = try #require(
      shown.lines.indices.first { $0 > first && !shown.lines[$0].text.isEmpty })
    _ = view.helper.type("j", on: &app)
    #expect(row(cursor(app), app) == next)
    #expect(cursor(app)?.page == start.page)
    _ = view.helper.type("$", on: &app)
    let last = try #require(cursor(app))
    #expect(row(last, app) == next)
    #expect(row(last, app, plus: 1) != next)
    _ = view.helper.type("0", on: &app)
    let lineStart = try #require(cursor(app))
    #expect(row(lineStart, app) == next)
    #expect(
      row(lineStart, app, plus: -1) != next)
    _ = view.helper.type("k", on: &app)
    #expect(row(cursor(app), app) == first)
    // Past the page's last line: the next page's first line of text.
    let lastRow = try #require(shown.lines.indices.last { !shown.lines[$0].text.isEmpty })
    let rowsDown = shown.lines.indices.filter {
      $0 > first && $0 <= lastRow && !shown.lines[$0].text.isEmpty
    }.count
    for _ in 0...rowsDown { _ = view.helper.type("j", on: &app) }
    #expect(cursor(app)?.page == PageIndex(start.page.rawValue + 1))
  }

  @Test func aWordTheViewLeavesOutMovesFromTheNearestShown() throws {
    var app = view.reading(page: 5)
    _ = view.helper.type("x", on: &app)
    // `G`: the page's last word, its page number at the foot, which the view leaves out.
    _ = view.helper.type("G", on: &app)
    let foot = try #require(cursor(app))
    #expect(row(foot, app) == nil)
    _ = view.helper.type("k", on: &app)
    let moved = try #require(cursor(app))
    #expect(moved != foot)
    #expect(row(moved, app) != nil)
  }
}
