import FolioCore
import FolioLayout
import FolioTestSupport
import FolioUI
import Testing

/// The annotations panel (`A`) in `update`, with the runtime played by the test: it asks for
/// every annotation until all pages are read, lists them as they come (any program's kinds),
/// moves, jumps, filters, deletes only after `y`, edits a note through the status line, and
/// draws untrusted text sanitized.
@Suite("Annotations panel")
struct AnnotationsPanelTests {
  let helper = UpdateTests()

  static func highlight(page: Int, text: String, note: String? = nil) -> DocumentAnnotation {
    DocumentAnnotation(
      page: PageIndex(page), kind: .highlight,
      rectangle: PageRegion(x: 0.1, y: 0.4, width: 0.5, height: 0.03),
      quadrilaterals: [PageQuadrilateral(PageRegion(x: 0.1, y: 0.4, width: 0.5, height: 0.03))],
      color: RGBA(red: 255, green: 230, blue: 0), author: "Ann", note: note, markedText: text,
      pageSize: PointSize(width: 400, height: 600))
  }

  static let annotations = [
    highlight(page: 2, text: "the grid shows every page", note: "key idea"),
    DocumentAnnotation(
      page: PageIndex(5), kind: .note,
      rectangle: PageRegion(x: 0.8, y: 0.7, width: 0.05, height: 0.03),
      note: "ask about\u{1B}[31m spreads"),
    DocumentAnnotation(
      page: PageIndex(30), kind: .other("stamp"),
      rectangle: PageRegion(x: 0.2, y: 0.2, width: 0.3, height: 0.1)),
  ]

  static func isChange(_ effect: Effect) -> Bool {
    if case .changeAnnotation = effect { return true }
    return false
  }

  func panel(_ app: AppState) -> AnnotationsPanelMode? { app.modes.top as? AnnotationsPanelMode }

  func screen(_ app: AppState) -> ScreenBuffer {
    AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool())
  }

  /// A 40-page document with the panel open and every page's annotations read, in two runs.
  func opened() -> AppState {
    var app = helper.state(pages: 40, mode: .continuous)
    _ = helper.type("A", on: &app)
    _ = app.update(
      .annotationsRead(
        AnnotationBatch(
          document: .first, pages: 0..<20, annotations: Array(Self.annotations.prefix(2)))))
    _ = app.update(
      .annotationsRead(
        AnnotationBatch(document: .first, pages: 20..<40, annotations: [Self.annotations[2]])))
    return app
  }

  @Test func aOpensThePanelAndAsksForAnnotationsUntilEveryPageIsRead() {
    var app = helper.state(pages: 40, mode: .continuous)
    #expect(!app.demands.annotations)
    _ = helper.type("A", on: &app)
    #expect(panel(app) != nil)
    #expect(app.demands.annotations)
    #expect(screen(app).rows[1].contains("reading… 0 / 40 pages"))
    // A run out of order, or of another version, is not taken.
    _ = app.update(
      .annotationsRead(AnnotationBatch(document: .first, pages: 20..<40, annotations: [])))
    _ = app.update(
      .annotationsRead(
        AnnotationBatch(
          document: DocumentVersion(number: 2), pages: 0..<20,
          annotations: [Self.annotations[0]])))
    #expect(app.document.annotations.pagesRead == 0)
    _ = app.update(
      .annotationsRead(
        AnnotationBatch(document: .first, pages: 0..<20, annotations: [Self.annotations[0]])))
    #expect(app.demands.annotations)
    #expect(screen(app).rows[0].contains("Annotations 1 · reading 20 / 40"))
    _ = app.update(
      .annotationsRead(AnnotationBatch(document: .first, pages: 20..<40, annotations: [])))
    #expect(!app.demands.annotations)
    #expect(app.document.annotations.isComplete)
    _ = helper.type("A", on: &app)
    #expect(panel(app) == nil)
    #expect(!app.demands.annotations)
  }

  @Test func rowsShowLabelKindMarkedTextAndNoteSanitized() {
    let app = opened()
    let rows = screen(app).rows
    #expect(rows[0].hasPrefix("Annotations 3"))
    #expect(rows[1].hasPrefix(" 3 █ key idea “the grid shows"), "\(rows[1])")
    #expect(rows[2].hasPrefix(" 6 ✎ ask about[31m spreads"), "\(rows[2])")
    #expect(!rows[2].contains("\u{1B}"))
    #expect(rows[3].hasPrefix("31 • stamp"), "\(rows[3])")
    // The symbol is in the annotation's colour.
    #expect(screen(app)[3, 1].foreground == .rgb(255, 230, 0))
    // The selected row is in reverse video.
    #expect(screen(app)[1, 1].attributes.contains(.reverse))
  }

  @Test func theSelectionStartsAtTheFirstAnnotationFromThePageShown() {
    var app = helper.state(pages: 40, mode: .continuous)
    _ = helper.type("10G", on: &app)
    _ = helper.type("A", on: &app)
    // The first run holds nothing at or after page 10: the selection waits for the next.
    _ = app.update(
      .annotationsRead(
        AnnotationBatch(
          document: .first, pages: 0..<20, annotations: Array(Self.annotations.prefix(2)))))
    #expect(panel(app)?.selection == 0)
    _ = app.update(
      .annotationsRead(
        AnnotationBatch(document: .first, pages: 20..<40, annotations: [Self.annotations[2]])))
    #expect(panel(app)?.selection == 2)
    // Opened again, with everything read: at once; past the last one, on the last one.
    _ = helper.type("Ak", on: &app)
    _ = helper.type("A", on: &app)
    #expect(panel(app)?.selection == 2)
    _ = helper.type("A", on: &app)
    _ = helper.type("G", on: &app)
    _ = helper.type("A", on: &app)
    #expect(panel(app)?.selection == 2)
    _ = helper.type("A5G", on: &app)
    _ = helper.type("A", on: &app)
    #expect(panel(app)?.selection == 1)
  }

  @Test func enterJumpsToTheSelectedAnnotationAndTheJumpCanBeUndone() {
    var app = opened()
    _ = helper.type("j", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(app.view.currentPage == PageIndex(5))
    #expect(panel(app) != nil)
    _ = helper.type("G", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(app.view.currentPage == PageIndex(30))
    _ = helper.type("q", on: &app)
    _ = helper.press([.control("o")], on: &app)
    #expect(app.view.currentPage == PageIndex(5))
  }

  @Test func slashFiltersOnTextNoteKindAndLabel() {
    var app = opened()
    _ = helper.type("/spreads", on: &app)
    #expect(panel(app)?.visibleAnnotations(app).map(\.page) == [PageIndex(5)])
    #expect(screen(app).rows[0].contains("/spreads▏  1 of 3"))
    _ = helper.press([.enter], on: &app)
    _ = helper.press([.escape], on: &app)
    #expect(panel(app)?.visibleAnnotations(app).count == 3)
    _ = helper.type("/stamp", on: &app)
    #expect(panel(app)?.visibleAnnotations(app).map(\.page) == [PageIndex(30)])
    _ = helper.press([.control("u")], on: &app)
    _ = helper.type("GRID", on: &app)
    #expect(panel(app)?.visibleAnnotations(app).map(\.page) == [PageIndex(2)])
    _ = helper.press([.control("u")], on: &app)
    _ = helper.type("nothing like this", on: &app)
    #expect(screen(app).rows[1].contains("none match"))
  }

  @Test func dDeletesOnlyAfterY() {
    var app = opened()
    var effects = helper.type("d", on: &app)
    #expect(effects.isEmpty)
    #expect(screen(app).rows[0].hasPrefix("delete highlight, p. 3? y/n"))
    effects = helper.type("n", on: &app)
    #expect(!effects.contains(where: Self.isChange))
    #expect(app.status.message?.contains("kept") == true)
    #expect(screen(app).rows[0].hasPrefix("Annotations 3"))
    _ = helper.type("jd", on: &app)
    effects = helper.type("y", on: &app)
    guard case .changeAnnotation(.remove(let removed)) = effects.last else {
      Issue.record("no removal: \(effects)")
      return
    }
    #expect(removed == Self.annotations[1])
    #expect(panel(app) != nil)
  }

  @Test func eEditsTheNoteOnTheStatusLine() {
    var app = opened()
    _ = helper.type("e", on: &app)
    guard let prompt = app.modes.top as? PromptMode else {
      Issue.record("no prompt")
      return
    }
    #expect(prompt.text == "key idea")
    _ = helper.press([.control("w")], on: &app)
    let effects = helper.type("point", on: &app) + helper.press([.enter], on: &app)
    guard case .changeAnnotation(.editNote(let edited, let text)) = effects.last else {
      Issue.record("no edit: \(effects)")
      return
    }
    #expect(edited == Self.annotations[0])
    #expect(text == "key point")
    // The panel is back once the note is given.
    #expect(panel(app) != nil)
  }

  @Test func aNoteTheStatusLineCannotShowIsNotEditedAndAnUnchangedOneNotWritten() {
    var app = helper.state(pages: 4, mode: .continuous)
    _ = helper.type("A", on: &app)
    let multiline = DocumentAnnotation(
      page: PageIndex(1), kind: .note, rectangle: .whole, note: "first line\nsecond line")
    _ = app.update(
      .annotationsRead(
        AnnotationBatch(
          document: .first, pages: 0..<4, annotations: [multiline, Self.annotations[0]])))
    _ = helper.type("ge", on: &app)
    #expect(!(app.modes.top is PromptMode))
    #expect(app.status.message?.contains("edit it in another program") == true)
    _ = helper.type("je", on: &app)
    #expect(app.modes.top is PromptMode)
    let effects = helper.press([.enter], on: &app)
    #expect(!effects.contains(where: Self.isChange), "an unchanged note is not written")
  }

  @Test func pagesThatCouldNotBeReadAreSaidAndTheListIsNotTakenAsWhole() {
    var app = helper.state(pages: 40, mode: .continuous)
    _ = helper.type("A", on: &app)
    _ = app.update(
      .annotationsRead(
        AnnotationBatch(document: .first, pages: 0..<20, annotations: [Self.annotations[0]])))
    _ = app.update(
      .annotationsRead(
        AnnotationBatch(document: .first, pages: 20..<40, annotations: [], isMissing: true)))
    #expect(app.document.annotations.isComplete)
    #expect(!app.document.annotations.isWhole)
    #expect(screen(app).rows[0].contains("20 pages unread"), "\(screen(app).rows[0])")
  }

  @Test func aHugeListIsCutAndSaysSo() {
    var app = helper.state(pages: 2, mode: .continuous)
    let many = Array(
      repeating: DocumentAnnotation(page: PageIndex(0), kind: .ink, rectangle: .whole),
      count: AnnotationListing.most + 5)
    _ = app.update(
      .annotationsRead(AnnotationBatch(document: .first, pages: 0..<2, annotations: many)))
    #expect(app.document.annotations.annotations.count == AnnotationListing.most)
    #expect(app.document.annotations.isCut && !app.document.annotations.isWhole)
  }

  @Test func anEmptyDocumentSaysHowToMarkAndKeysDoNothingHarmful() {
    var app = helper.state(pages: 3, mode: .continuous)
    _ = helper.type("A", on: &app)
    _ = app.update(
      .annotationsRead(AnnotationBatch(document: .first, pages: 0..<3, annotations: [])))
    #expect(screen(app).rows[1].contains("no annotations"))
    let effects = helper.type("jkGgdye", on: &app) + helper.press([.enter], on: &app)
    #expect(!effects.contains(where: Self.isChange))
    #expect(!(app.modes.top is PromptMode))
    #expect(panel(app) != nil)
  }

  @Test func aNewVersionReadsTheAnnotationsAgain() {
    var app = opened()
    #expect(!app.demands.annotations)
    _ = app.update(
      .documentReopened(
        DocumentSummary(version: DocumentVersion(number: 2), pageCount: 40, title: "t")))
    #expect(app.document.annotations.annotations.isEmpty)
    #expect(app.demands.annotations)
  }

  /// The panel beside the continuous view, golden.
  @Test func panelAt100x30() {
    var state = AppViewSnapshotTests.state(
      size: CellSize(columns: 100, rows: 30), mode: .continuous, page: 5, symbols: .quad)
    AppViewSnapshotTests.press([.character("A")], on: &state)
    _ = state.update(
      .annotationsRead(
        AnnotationBatch(
          document: .first, pages: 0..<12,
          annotations: [
            Self.highlight(page: 1, text: "a field guide", note: "title"),
            Self.highlight(page: 6, text: "見開き spreads keep pairs together"),
            DocumentAnnotation(
              page: PageIndex(9), kind: .note,
              rectangle: PageRegion(x: 0.8, y: 0.1, width: 0.05, height: 0.03),
              color: RGBA(red: 80, green: 160, blue: 255), note: "check the figures"),
          ])))
    AppViewSnapshotTests.press([.character("j")], on: &state)
    expectSnapshot(AppViewSnapshotTests.frame(state))
  }
}

/// The mouse in the annotations panel: a click selects a row, a double click goes there, the
/// wheel scrolls the list; over the pages the mouse browses as usual.
@Suite("Annotations panel: mouse")
struct AnnotationsPanelMouseTests {
  let helper = UpdateTests()

  func click(_ kind: MouseEvent.Kind, x: Int, y: Int, on app: inout AppState) {
    _ = app.update(.input(.mouse(MouseEvent(kind: kind, position: CellPoint(x: x, y: y)))))
  }

  @Test func clickSelectsDoubleClickGoesWheelScrolls() {
    var app = AnnotationsPanelTests().opened()
    let panel = { (app: AppState) in app.modes.top as? AnnotationsPanelMode }
    click(.click, x: 5, y: 3, on: &app)
    #expect(panel(app)?.selection == 2)
    #expect(app.view.currentPage == PageIndex(0))
    click(.doubleClick, x: 5, y: 2, on: &app)
    #expect(panel(app)?.selection == 1)
    #expect(app.view.currentPage == PageIndex(5))
    click(.wheelUp, x: 5, y: 2, on: &app)
    #expect(panel(app)?.selection == 0)
    // Below the last row: nothing.
    click(.click, x: 5, y: 20, on: &app)
    #expect(panel(app)?.selection == 0)
    // Over the pages the panel lets the mouse through (the panel stays open).
    click(.wheelDown, x: 80, y: 10, on: &app)
    #expect(panel(app) != nil)
  }
}
