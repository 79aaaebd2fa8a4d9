import FolioCore
import FolioLayout
import FolioUI
import Testing

/// Picking pages with `v` and `V`, and how `--pick` ends.
@Suite("Picking pages")
struct PickingTests {
  let helper = UpdateTests()

  @Test(arguments: [
    (PickFormat.ranges, "1-3,7,9-12\n"),
    (.lines, "1\n2\n3\n7\n9\n10\n11\n12\n"),
    (.labels, "i\nii\niii\n7\n9\n10\nx\u{1B}y\n12\n"),
  ])
  func formats(format: PickFormat, expected: String) {
    let labels: [Int: String] = [0: "i", 1: "ii", 2: "iii", 10: "x\u{1B}y"]
    let facts = DocumentFacts(pageCount: 20, title: "t", labels: labels)
    let pages = [11, 0, 2, 1, 6, 8, 9, 10, 2].map { PageIndex($0) }
    let text = format.text(of: pages, labels: facts)
    // Labels are untrusted: control characters are stripped.
    #expect(text == expected.replacingEscape())
  }

  @Test func vTogglesVPicksARangeAndTheGridMarksThem() {
    var app = helper.state()
    _ = helper.type("v", on: &app)
    _ = helper.type("ll", on: &app)
    _ = helper.type("V", on: &app)
    _ = helper.type("jv", on: &app)
    let columns = (app.view.layout as? GridLayout)?.columnCount ?? 1
    #expect(app.picking.selection.pages == Set([0, 1, 2, 2 + columns].map { PageIndex($0) }))
    _ = helper.type("v", on: &app)
    #expect(app.picking.selection.count == 3)
    #expect(helper.statusLine(of: app).contains("3 picked"))
    let screen = AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool())
    #expect(screen.rows.filter { $0.contains("✓ ") }.count >= 1)
    #expect(screen.rows.joined().components(separatedBy: "✓").count - 1 == 6, "badge and label")
  }

  @Test func enterPrintsThePickedPagesAndQuitPrintsNothing() {
    var app = helper.state()
    _ = app.update(.startPicking(.ranges))
    _ = helper.type("lvlllv", on: &app)
    let effects = helper.press([.enter], on: &app)
    #expect(effects.last == .quit(status: 0, output: "2,5\n"))
    // Nothing picked: the current page.
    var other = helper.state()
    _ = other.update(.startPicking(.lines))
    _ = helper.type("ll", on: &other)
    #expect(helper.press([.enter], on: &other).last == .quit(status: 0, output: "3\n"))
    for key in [Key.character("q"), .escape] {
      var cancelled = helper.state()
      _ = cancelled.update(.startPicking(.ranges))
      _ = helper.type("v", on: &cancelled)
      #expect(helper.press([key], on: &cancelled).last == .quit(status: 130, output: nil))
    }
    var interrupted = helper.state()
    _ = interrupted.update(.startPicking(.ranges))
    #expect(
      interrupted.update(.input(.signal(.interrupt))).last == .quit(status: 130, output: nil))
  }

  @Test func withoutPickEnterOpensAndEscapeGoesBack() {
    var app = helper.state()
    _ = helper.type("v", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(app.view.mode != .grid)
    _ = helper.press([.escape], on: &app)
    #expect(app.view.mode == .grid)
  }
}

extension String {
  /// The string with ESC removed, as sanitizing leaves a label.
  fileprivate func replacingEscape() -> String { filter { $0 != "\u{1B}" } }
}
