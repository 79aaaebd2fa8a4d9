import FolioCore
import FolioLayout
import FolioUI
import Testing

/// Links in `update`: read for the pages on screen, followed by hint or click, a URI shown and
/// copied, never opened.
@Suite("Links")
struct LinkTests {
  let helper = UpdateTests()

  /// A continuous view (page 1 from its top; the screen shows its top 45 %) with links on
  /// page 1: to page 30 (a third of the way down), and a URI.
  func linked() -> AppState {
    var app = helper.state(mode: .continuous)
    let links = [
      PageLink(
        area: PageRegion(x: 0.1, y: 0.1, width: 0.3, height: 0.05),
        target: .destination(Destination(page: PageIndex(29), top: 1.0 / 3))),
      PageLink(
        area: PageRegion(x: 0.1, y: 0.3, width: 0.5, height: 0.04),
        target: .uri("https://example.org/\u{1B}[2Jdocs")),
    ]
    _ = app.update(
      .linksRead(PageLinks(document: app.document.version, page: PageIndex(0), links: links)))
    return app
  }

  @Test func linksAreDemandedForThePagesOnScreenUntilRead() {
    var app = helper.state(mode: .continuous)
    _ = helper.type("j", on: &app)
    let pages = app.demands.links
    #expect(!pages.isEmpty && pages.count < 5, "the pages on screen: \(pages)")
    for page in pages {
      _ = app.update(.linksRead(PageLinks(document: app.document.version, page: page, links: [])))
    }
    #expect(app.demands.links.isEmpty, "pages whose links are read are not asked again")
    // The grid reads no links.
    var grid = helper.state()
    _ = helper.type("l", on: &grid)
    #expect(grid.demands.links.isEmpty)
  }

  @Test func hintsFollowAnInternalLinkAsAJump() {
    var app = linked()
    _ = helper.type("f", on: &app)
    guard let mode = app.modes.top as? LinkHintsMode else {
      Issue.record("no hints: \(String(describing: app.status.message))")
      return
    }
    #expect(mode.hints.map(\.hint) == ["a", "s"])
    let screen = AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool())
    let cell = mode.hints[0].link.cells.origin
    #expect(screen[cell.x, cell.y].scalar == "a")
    _ = helper.type("a", on: &app)
    #expect(app.modes.all.count == 1)
    #expect(app.here.page == PageIndex(29))
    #expect(abs((app.here.top ?? 0) - 1.0 / 3) < 0.1)
    _ = helper.press([.control("o")], on: &app)
    #expect(app.view.currentPage == PageIndex(0))
  }

  @Test func aURIIsShownSanitizedAndCopiedOnlyWhenAsked() {
    var app = linked()
    var effects = helper.type("fs", on: &app)
    #expect(!effects.contains { if case .copyToClipboard = $0 { true } else { false } })
    #expect(app.status.message?.contains("https://example.org/[2Jdocs") == true)
    #expect(app.status.message?.contains("\u{1B}") == false)
    effects = helper.type("y", on: &app)
    #expect(effects.contains(.copyToClipboard("https://example.org/\u{1B}[2Jdocs")))
  }

  @Test func aClickOnALinkFollowsIt() {
    var app = linked()
    let target = app.visibleLinks[0].cells
    _ = app.update(.input(.mouse(MouseEvent(kind: .click, position: target.origin))))
    #expect(app.view.currentPage == PageIndex(29))
  }

  @Test func wrongKeysAndEmptyScreensSaySo() {
    var app = linked()
    _ = helper.type("fz", on: &app)
    #expect(app.modes.all.count == 1 && app.status.message == "no link “z”")
    var plain = helper.state(mode: .continuous)
    _ = helper.type("f", on: &plain)
    #expect(plain.status.message == "reading the links…")
    for page in 0..<40 {
      _ = plain.update(
        .linksRead(PageLinks(document: plain.document.version, page: PageIndex(page), links: [])))
    }
    _ = helper.type("f", on: &plain)
    #expect(plain.status.message == "no links on screen")
    _ = helper.type("y", on: &plain)
    #expect(plain.status.message == "no link to copy: f follows one")
  }

  @Test func manyLinksGetTwoLetterHintsNoneAPrefixOfAnother() {
    var app = helper.state(mode: .continuous)
    let links = (0..<30).map { index in
      PageLink(
        area: PageRegion(x: 0.05, y: 0.05 + 0.01 * Double(index), width: 0.1, height: 0.005),
        target: .destination(Destination(page: PageIndex(index))))
    }
    _ = app.update(
      .linksRead(PageLinks(document: app.document.version, page: PageIndex(0), links: links)))
    _ = helper.type("f", on: &app)
    let hints = (app.modes.top as? LinkHintsMode)?.hints.map(\.hint) ?? []
    #expect(!hints.isEmpty && hints.allSatisfy { $0.count == 2 })
    #expect(Set(hints).count == hints.count)
  }

  @Test func hintsBesideAnOpenPanelSitOnTheirLinks() {
    var app = linked()
    let entry = OutlineEntry(title: "A", depth: 0, destination: Destination(page: PageIndex(3)))
    _ = app.update(.outlineRead(DocumentOutline(document: app.document.version, entries: [entry])))
    _ = helper.type("o", on: &app)
    _ = helper.type("f", on: &app)
    #expect(app.modes.top is LinkHintsMode)
    let origin = app.visibleLinks[0].cells.origin
    #expect(origin.x >= app.mainArea.minX && app.mainArea.minX > 0)
    let screen = AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool())
    #expect(screen[origin.x, origin.y].scalar == "a")
  }
}
