import FolioCore
import FolioLayout
import FolioUI
import Testing

/// Selecting and copying text, from state values: the selection's start on screen, vim's
/// motions over words, lines and paragraphs, a mouse drag, and what `y` and `Y` copy.
@Suite("Text selection")
struct TextSelectionTests {
  let helper = UpdateTests()

  /// Three lines of words on page 1, the second paragraph after a gap: fractions of a Letter page.
  static func pageText() -> PageText {
    let lines: [(String, Double)] = [
      ("Terminal readers want the words", 0.10), ("not a gray texture of them.", 0.12),
      ("A new paragraph starts here,", 0.18), ("with a hyphen-", 0.20), ("ated word.", 0.22),
    ]
    return page(lines.map { ($0.0, top: $0.1, bottom: $0.1 + 0.015) })
  }

  /// Lines of letters 0.012 of the page wide from 0.1 across, each between `top` and
  /// `bottom` (fractions of the page), a break between lines.
  static func page(_ lines: [(String, top: Double, bottom: Double)]) -> PageText {
    ReflowPage.words(
      lines.map {
        ReflowPage.Line($0.0, x: 0.1, top: $0.top, height: $0.bottom - $0.top, advance: 0.012)
      }
    ).text
  }

  /// A continuous view of 40 pages with page 1's text read, zoomed so the page is wide.
  func state() -> AppState {
    var app = helper.state(pages: 40, size: CellSize(columns: 100, rows: 30), mode: .continuous)
    _ = app.update(
      .pageTextRead(page: PageIndex(0), text: Self.pageText(), document: app.document.version))
    return app
  }

  func selection(_ app: AppState) -> TextSelectionMode? { app.modes.top as? TextSelectionMode }

  @Test func xStartsOnTheFirstWordAndMotionsExtendTheSelection() {
    var app = state()
    _ = helper.type("x", on: &app)
    #expect(selection(app)?.selectedText(app) == "Terminal")
    _ = helper.type("ww", on: &app)
    #expect(selection(app)?.selectedText(app) == "Terminal readers want")
    _ = helper.type("$", on: &app)
    #expect(selection(app)?.selectedText(app) == "Terminal readers want the words")
    _ = helper.type("j", on: &app)
    #expect(
      selection(app)?.selectedText(app)
        == "Terminal readers want the words\nnot a gray texture of them.")
    _ = helper.type("b", on: &app)
    #expect(
      selection(app)?.selectedText(app) == "Terminal readers want the words\nnot a gray texture of")
    // `}` goes to the paragraph's end, `w` on to the next paragraph; `v` starts again there.
    _ = helper.type("}wv$", on: &app)
    #expect(selection(app)?.selectedText(app) == "A new paragraph starts here,")
    _ = helper.type("jj$", on: &app)
    let effects = helper.type("y", on: &app)
    let copied = "A new paragraph starts here,\nwith a hyphenated\nword."
    #expect(effects.contains(.copyToClipboard(copied)))
    #expect(app.status.message == "copied \(copied.count) characters of the selection")
    #expect(selection(app) == nil)
  }

  @Test func aDragSelectsFromThePressToTheRelease() throws {
    var app = state()
    // The first line's words on screen, from the page's frame.
    let frame = try #require(app.screenFrame(of: PageIndex(0)))
    func point(_ x: Double, _ y: Double) -> CellPoint {
      CellPoint(
        x: frame.minX + Int(x * Double(frame.size.columns)),
        y: frame.minY + Int(y * Double(frame.size.rows)))
    }
    // "gray" starts at character 6 of line 2; "them." at character 22.
    _ = app.update(
      .input(.mouse(MouseEvent(kind: .press, position: point(0.1 + 0.012 * 6.5, 0.127)))))
    #expect(selection(app) != nil)
    _ = app.update(
      .input(.mouse(MouseEvent(kind: .drag, position: point(0.1 + 0.012 * 12, 0.127)))))
    _ = app.update(
      .input(.mouse(MouseEvent(kind: .release, position: point(0.1 + 0.012 * 23, 0.127)))))
    #expect(selection(app)?.selectedText(app) == "gray texture of them.")
    #expect(helper.type("y", on: &app).contains(.copyToClipboard("gray texture of them.")))
  }

  @Test func braceStopsAtTheParagraphsEndAndParagraphsAreCopiedApart() {
    var app = state()
    // `}` from the first word: to the first paragraph's last word, not the next one's first.
    _ = helper.type("x}", on: &app)
    #expect(
      selection(app)?.selectedText(app)
        == "Terminal readers want the words\nnot a gray texture of them.")
    // Again: to the end of the next paragraph; the two are copied apart by an empty line.
    _ = helper.type("}", on: &app)
    let both =
      "Terminal readers want the words\nnot a gray texture of them.\n\nA new paragraph starts here,\nwith a hyphenated\nword."
    #expect(selection(app)?.selectedText(app) == both)
    #expect(helper.type("y", on: &app).contains(.copyToClipboard(both)))
    // `{` goes back to a paragraph's first word.
    _ = helper.type("x}}{", on: &app)
    #expect(
      selection(app)?.selectedText(app)
        == "Terminal readers want the words\nnot a gray texture of them.\n\nA")
  }

  @Test func paragraphsApartByABlankLinesSpaceAreParagraphs() {
    // Lines 0.02 apart, 0.015 tall; the third paragraph a blank line's space (less than a line
    // and a half) below the second.
    let lines: [(String, Double)] = [
      ("One paragraph of", 0.10), ("two lines.", 0.12), ("Another", 0.155), ("of two.", 0.175),
      ("A third.", 0.21),
    ]
    var text = ""
    var boxes: [TextBox] = []
    for (index, (line, y)) in lines.enumerated() {
      if index > 0 {
        text += "\n"
        boxes.append(TextBox())
      }
      for (offset, scalar) in line.unicodeScalars.enumerated() {
        text.unicodeScalars.append(scalar)
        let x = 0.1 + 0.012 * Double(offset)
        boxes.append(TextBox(left: x, top: y, right: x + 0.012, bottom: y + 0.015))
      }
    }
    let words = PageWords(PageText(text: text, boxes: boxes))
    #expect(words.words.map(\.paragraph) == [0, 0, 0, 0, 0, 1, 1, 1, 2, 2])
    #expect(
      CopiedText.text(of: [(words, 0...(words.words.count - 1))])
        == "One paragraph of\ntwo lines.\n\nAnother\nof two.\n\nA third.")
  }

  /// Two lines a row apart whose boxes overlap (fonts whose ascent and descent are taller than
  /// the line's pitch), on the page drawn in `frame`: the second line's middle low in its row.
  static func overlappingLines(in frame: CellRect) -> PageText {
    let row = 1 / Double(frame.size.rows)
    let lines: [(String, Double)] = [
      ("so it ends with <letterspace> here", 10 - 0.1), ("We select this category of words", 10.9),
    ]
    return page(lines.map { ($0.0, top: ($0.1 - 0.7) * row, bottom: ($0.1 + 0.7) * row) })
  }

  @Test func aPressOnAWordStartsOnItsLineNotTheOneAbove() throws {
    var app = helper.state(pages: 40, size: CellSize(columns: 100, rows: 30), mode: .continuous)
    let frame = try #require(app.screenFrame(of: PageIndex(0)))
    _ = app.update(
      .pageTextRead(
        page: PageIndex(0), text: Self.overlappingLines(in: frame), document: app.document.version))
    // The text layer draws "We …" on row 10 of the page (its middle is there); the line above
    // on row 9. Press on "We", release on "category" (characters 15 to 22), both on row 10.
    func cell(character: Double) -> CellPoint {
      CellPoint(
        x: frame.minX + Int((0.1 + 0.012 * character) * Double(frame.size.columns)),
        y: frame.minY + 10)
    }
    _ = app.update(.input(.mouse(MouseEvent(kind: .press, position: cell(character: 0.5)))))
    _ = app.update(.input(.mouse(MouseEvent(kind: .drag, position: cell(character: 8)))))
    _ = app.update(.input(.mouse(MouseEvent(kind: .release, position: cell(character: 18)))))
    #expect(selection(app)?.selectedText(app) == "We select this category")
    // A click on the line above's row selects its word.
    _ = app.update(
      .input(
        .mouse(
          MouseEvent(
            kind: .click, position: CellPoint(x: cell(character: 17).x, y: frame.minY + 9)))))
    #expect(selection(app)?.selectedText(app) == "<letterspace>")
  }

  @Test func theSelectionWaitsForTheTextAndYCopiesThePage() {
    var app = helper.state(pages: 40, size: CellSize(columns: 100, rows: 30), mode: .continuous)
    _ = helper.type("x", on: &app)
    #expect(app.demands.texts.contains(PageIndex(0)))
    #expect(selection(app)?.cursor == nil)
    _ = app.update(
      .pageTextRead(page: PageIndex(0), text: Self.pageText(), document: app.document.version))
    #expect(selection(app)?.selectedText(app) == "Terminal")
    _ = helper.press([.escape], on: &app)
    // Y copies the current page's text once it is read.
    var other = helper.state(pages: 40, size: CellSize(columns: 100, rows: 30), mode: .grid)
    #expect(
      !helper.type("Y", on: &other).contains {
        if case .copyToClipboard = $0 { true } else { false }
      })
    #expect(other.demands.texts == [PageIndex(0)])
    let effects = other.update(
      .pageTextRead(page: PageIndex(0), text: Self.pageText(), document: other.document.version))
    #expect(
      effects.contains(
        .copyToClipboard(
          "Terminal readers want the words\nnot a gray texture of them.\n\nA new paragraph starts here,\nwith a hyphenated\nword."
        )))
    #expect(other.demands.texts.isEmpty)
  }
}
