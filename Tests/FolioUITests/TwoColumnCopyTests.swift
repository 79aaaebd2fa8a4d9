import FolioCore
import FolioLayout
import FolioUI
import Testing

/// Copying a page whose two columns Poppler reads a line of both at a time (LaTeX's default
/// gutter): the text goes down the left column, then the right, in every view.
@Suite("Copying two columns")
struct TwoColumnCopyTests {
  @Test func aPageCopiesColumnByColumn() throws {
    let helper = UpdateTests()
    var app = helper.state(pages: 3, size: CellSize(columns: 100, rows: 30), mode: .continuous)
    let lines = (1...6).map { row in
      (
        [("left line \(row) here", x: 0.1), ("right line \(row) there", x: 0.55)],
        top: 0.1 + Double(row) * 0.02
      )
    }
    _ = app.update(
      .pageTextRead(page: PageIndex(0), text: PeekTests.twoColumns(lines), document: .first))
    let effects = helper.type("Y", on: &app)
    let copied = try #require(
      effects.compactMap { effect -> String? in
        if case .copyToClipboard(let text) = effect { text } else { nil }
      }.first)
    let flat = copied.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(flat.hasPrefix("left line 1 here left line 2 here"), "\(copied)")
    #expect(flat.contains("left line 6 here right line 1 there"), "\(copied)")
  }

  @Test func aPointInTheRightColumnPicksItsWord() throws {
    let lines = (1...6).map { row in
      (
        [("left line \(row) here", x: 0.1), ("right line \(row) there", x: 0.55)],
        top: 0.1 + Double(row) * 0.02
      )
    }
    let words = ColumnOrder.words(of: PeekTests.twoColumns(lines))
    let target = try #require(
      words.words.firstIndex { words.string(of: $0) == "there" && $0.box.y > 0.15 })
    let box = words.words[target].box
    let picked = words.word(
      drawnAt: (box.x + box.width / 2, box.y + box.height / 2), rows: (top: 0, height: 0.01))
    #expect(picked == target)
  }
}
