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
    var text = ""
    var boxes: [TextBox] = []
    for (index, (line, y)) in lines.enumerated() {
      if index > 0 {
        text += "\n"
        boxes.append(TextBox())
      }
      var x = 0.1
      for scalar in line.unicodeScalars {
        text.unicodeScalars.append(scalar)
        boxes.append(TextBox(left: x, top: y, right: x + 0.012, bottom: y + 0.015))
        x += 0.012
      }
    }
    return PageText(text: text, boxes: boxes)
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
    // `}` goes to the next paragraph's first word; `v` starts again there.
    _ = helper.type("}v$", on: &app)
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
          "Terminal readers want the words\nnot a gray texture of them.\nA new paragraph starts here,\nwith a hyphenated\nword."
        )))
    #expect(other.demands.texts.isEmpty)
  }
}
