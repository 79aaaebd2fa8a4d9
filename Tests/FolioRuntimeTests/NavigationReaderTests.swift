import FolioCore
import FolioLayout
import FolioTestSupport
import FolioUI
import Foundation
import Testing

@testable import FolioRuntime

/// The outline and links reaching the loop: asked for, read in the background, answered as
/// events (one outline, one answer per page), remembered per version, never read up front;
/// and the loop carrying out `wantOutline` and `wantLinks` into its state, a reload starting
/// afresh.
@Suite("Navigation reader")
struct NavigationReaderTests {
  static let outline = [
    OutlineEntry(
      title: "One", depth: 0, destination: Destination(page: PageIndex(0), top: 0.5),
      startsOpen: true),
    OutlineEntry(title: "One.one", depth: 1, destination: Destination(page: PageIndex(2))),
    // A worker is not trusted with pages: one past the document leads nowhere.
    OutlineEntry(title: "Beyond", depth: 0, destination: Destination(page: PageIndex(99))),
  ]

  static let links: [Int: [PageLink]] = [
    0: [
      PageLink(
        area: PageRegion(x: 0.1, y: 0.1, width: 0.2, height: 0.05),
        target: .destination(Destination(page: PageIndex(3), top: 0.25))),
      PageLink(area: PageRegion(x: 0.1, y: 0.3, width: 0.2, height: 0.05), target: .uri("u")),
      PageLink(area: .whole, target: .destination(Destination(page: PageIndex(99)))),
    ],
    2: [PageLink(area: .whole, target: .uri("https://example.com"))],
  ]

  static func document(colorShift: Int = 0, outline: [OutlineEntry] = outline)
    -> SyntheticDocument
  {
    SyntheticDocument(
      sizes: Array(repeating: PointSize(width: 612, height: 792), count: 10),
      colorShift: colorShift, outline: outline, links: links)
  }

  /// Takes events until `condition` holds for what was taken so far (or ten seconds pass).
  static func events(
    from reader: NavigationReader, until condition: ([Event]) -> Bool
  ) -> [Event] {
    var all: [Event] = []
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      all += reader.takeEvents()
      if condition(all) { return all }
      var descriptors = [reader.wakeDescriptor].compactMap { $0 }.map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
      }
      _ = poll(&descriptors, nfds_t(descriptors.count), 20)
    }
    Issue.record("no event came that the test waited for; got \(all)")
    return all
  }

  static func outlines(_ events: [Event]) -> [DocumentOutline] {
    events.compactMap { if case .outlineRead(let outline) = $0 { outline } else { nil } }
  }

  static func pageLinks(_ events: [Event]) -> [PageLinks] {
    events.compactMap { if case .linksRead(let links) = $0 { links } else { nil } }
  }

  @Test func theOutlineIsReadOnceWhenAskedAndAnsweredFromMemoryAfter() {
    let document = Self.document()
    let reader = NavigationReader(
      version: .first, pageCount: 10, opening: DocumentOpening(open: { document }))
    #expect(reader.wakeDescriptor == nil, "no thread before the first question")
    #expect(reader.takeEvents().isEmpty)
    reader.wantOutline()
    reader.wantOutline()
    let events = Self.events(from: reader) { !Self.outlines($0).isEmpty }
    let outlines = Self.outlines(events)
    #expect(outlines.count == 1)
    #expect(outlines.first?.document == .first)
    #expect(outlines.first?.entries.map(\.title) == ["One", "One.one", "Beyond"])
    #expect(outlines.first?.entries.first?.destination == Self.outline[0].destination)
    #expect(outlines.first?.entries.last?.destination == nil)
    // Asked again: answered at once, not read again.
    reader.wantOutline()
    #expect(Self.outlines(reader.takeEvents()) == outlines)
    #expect(document.outlineReads == 1)
    #expect(document.linkReads == 0, "no page's links were read up front")
  }

  @Test func headingsAreReadOnceWhenAskedAndKeptToTheDocumentsPages() {
    let headings = [
      TaggedHeading(page: PageIndex(1), level: 2, text: "Getting started"),
      TaggedHeading(page: PageIndex(99), level: 1, text: "Beyond"),
    ]
    let document = SyntheticDocument(
      sizes: Array(repeating: PointSize(width: 612, height: 792), count: 10), headings: headings)
    let reader = NavigationReader(
      version: .first, pageCount: 10, opening: DocumentOpening(open: { document }))
    func read(_ events: [Event]) -> [DocumentHeadings] {
      events.compactMap { if case .headingsRead(let read) = $0 { read } else { nil } }
    }
    reader.wantHeadings()
    reader.wantHeadings()
    let answers = read(Self.events(from: reader) { !read($0).isEmpty })
    #expect(answers.count == 1)
    // A worker is not trusted with pages: the heading past the document is left out.
    #expect(answers.first?.on(PageIndex(1)) == [headings[0]])
    #expect(answers.first?.byPage.count == 1)
    reader.wantHeadings()
    #expect(read(reader.takeEvents()) == answers)
    #expect(document.headingReads == 1)
  }

  @Test func eachPageAskedIsAnsweredOnceAndReadOnce() {
    let document = Self.document()
    let reader = NavigationReader(
      version: DocumentVersion(number: 4), pageCount: 10,
      opening: DocumentOpening(open: { document }))
    reader.wantLinks([PageIndex(0), PageIndex(1), PageIndex(2), PageIndex(42)])
    let events = Self.events(from: reader) { Self.pageLinks($0).count == 4 }
    let answers = Dictionary(
      Self.pageLinks(events).map { ($0.page.rawValue, $0) }, uniquingKeysWith: { $1 })
    #expect(answers.count == 4)
    #expect(answers.values.allSatisfy { $0.document == DocumentVersion(number: 4) })
    // The first page's link to a page the document does not have is left out.
    #expect(answers[0]?.links == Array(Self.links[0, default: []].prefix(2)))
    #expect(answers[1]?.links == [])
    #expect(answers[2]?.links == Self.links[2])
    #expect(answers[42]?.links == [], "a page outside the document has none")
    #expect(document.linkReads == 3)
    // Asked again, with one page more: the known ones at once, page 5 when read.
    reader.wantLinks([PageIndex(2), PageIndex(0), PageIndex(5)])
    let again = Self.events(from: reader) { Self.pageLinks($0).count == 3 }
    #expect(Self.pageLinks(again).map(\.page.rawValue).sorted() == [0, 2, 5])
    #expect(document.linkReads == 4)
    #expect(document.outlineReads == 0)
  }

  /// Links of pages the screen left are withdrawn: only the pages of the latest question are
  /// answered. (The reader's one thread reads in turn, so a withdrawn read it had started is
  /// in before page 5's, and answered by nobody.)
  @Test func linksOfPagesNoLongerAskedForAreNotAnswered() {
    let reader = NavigationReader(
      version: .first, pageCount: 10, opening: DocumentOpening(open: { Self.document() }))
    reader.wantLinks([PageIndex(0), PageIndex(1), PageIndex(2)])
    reader.wantLinks([PageIndex(5)])
    var events = Self.events(from: reader) { !Self.pageLinks($0).isEmpty }
    reader.wantLinks([PageIndex(6)])
    events += Self.events(from: reader) { Self.pageLinks($0).contains { $0.page == PageIndex(6) } }
    #expect(Self.pageLinks(events).map(\.page) == [PageIndex(5), PageIndex(6)])
  }

  static func contentBoxes(_ events: [Event]) -> [[PageContentBox]] {
    events.compactMap { if case .contentBoxesRead(let boxes, _) = $0 { boxes } else { nil } }
  }

  @Test func contentBoxesComeOneEventABatch() {
    let reader = NavigationReader(
      version: DocumentVersion(number: 1), pageCount: 10,
      opening: DocumentOpening(open: { Self.document() }))
    reader.wantContentBoxes([PageIndex(0), PageIndex(1), PageIndex(2)])
    var batches: [[PageContentBox]] = []
    _ = Self.events(from: reader) { taken in
      batches = Self.contentBoxes(taken)
      return batches.joined().count == 3
    }
    #expect(Set(batches.joined().map(\.page.rawValue)) == [0, 1, 2])
    #expect(batches.allSatisfy { !$0.isEmpty })
    // Known boxes are answered at once, in one event.
    reader.wantContentBoxes([PageIndex(2), PageIndex(0), PageIndex(1)])
    let again = Self.contentBoxes(reader.takeEvents())
    #expect(again.count == 1 && again.first?.count == 3)
  }

  final class FailingWorker: PageWorker, @unchecked Sendable {
    struct Broken: Error {}
    func render(_ request: RenderRequest) throws -> RenderedPage { throw Broken() }
    func facts(of pages: Range<Int>) throws -> [PageFact] { throw Broken() }
    func texts(of pages: Range<Int>) throws -> [PageText] { throw Broken() }
    func outline() throws -> [OutlineEntry] { throw Broken() }
    func links(of pages: Range<Int>) throws -> [[PageLink]] { throw Broken() }
    func rest() {}
  }

  @Test func whatCannotBeReadIsAnsweredEmpty() {
    let reader = NavigationReader(
      version: .first, pageCount: 10,
      opening: DocumentOpening(keepsTimeLimit: false) { FailingWorker() })
    reader.wantOutline()
    reader.wantLinks([PageIndex(3)])
    let events = Self.events(from: reader) {
      Self.outlines($0).count == 1 && Self.pageLinks($0).count == 1
    }
    #expect(Self.outlines(events).first?.isEmpty == true)
    #expect(Self.pageLinks(events).first?.links == [])
  }

  // MARK: The loop

  static func browser(
    _ document: SyntheticDocument, reopened: SyntheticDocument? = nil
  ) throws -> Browser<MemoryTerminal> {
    let terminal = MemoryTerminal(size: CellSize(columns: 80, rows: 24))
    var metrics = PageMetrics(pageCount: document.pageCount)
    metrics.setSize(document.pageSize(at: PageIndex(0)), of: PageIndex(0))
    let state = AppState(
      document: DocumentFacts(pageCount: document.pageCount, title: "synthetic"), metrics: metrics,
      screenSize: terminal.size, mode: .continuous,
      style: RenderStyle(symbols: .half, colors: .truecolor),
      reload: ReloadState(canReopen: reopened != nil))
    var reopen: (@Sendable (ReopenRequest) throws -> ReopenedDocument)?
    if let next = reopened {
      reopen = { @Sendable request in
        ReopenedDocument(
          summary: DocumentSummary(
            version: request.version, pageCount: next.pageCount, title: "reopened"),
          opening: DocumentOpening(open: { next }), identity: nil)
      }
    }
    return try Browser(
      state: state, terminal: terminal, view: AppView(width: .approximate), cacheBytes: 8 << 20,
      readsAllPageFacts: false, opening: DocumentOpening(open: { document }), reopen: reopen)
  }

  /// Runs the loop's background step until `condition` holds (or ten seconds pass).
  static func pump(_ browser: Browser<MemoryTerminal>, until condition: () -> Bool) {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() && ContinuousClock.now < deadline {
      browser.pump(timeout: .milliseconds(20))
    }
    #expect(condition(), "the loop never got there")
  }

  /// Keys for the loop.
  static func type(_ text: String, into browser: Browser<MemoryTerminal>) {
    browser.send(text.map { .input(.key(.character($0))) })
  }

  @Test func theLoopMeetsTheOutlineAndLinkDemandsIntoItsState() throws {
    let browser = try Self.browser(Self.document())
    #expect(browser.state.document.outline == nil)
    // The pages on screen want their links; the outline panel wants the outline.
    Self.type("o", into: browser)
    Self.pump(browser) {
      browser.state.document.outline != nil && browser.state.document.links[PageIndex(0)] != nil
    }
    #expect(browser.state.document.outline?.document == .first)
    #expect(browser.state.document.outline?.entries.count == 3)
    #expect(browser.state.document.links[PageIndex(0)]?.count == 2)
    // Page 3 comes on screen (the panel closed): its links are asked for and taken.
    browser.send([.input(.key(.escape))])
    Self.type("3G", into: browser)
    Self.pump(browser) { browser.state.document.links[PageIndex(2)] != nil }
    #expect(browser.state.document.links[PageIndex(2)] == Self.links[2])
  }

  @Test func aReloadReadsTheNewVersionsOutlineAfresh() throws {
    let renamed = [OutlineEntry(title: "Reloaded", depth: 0, destination: nil)]
    let next = Self.document(colorShift: 1, outline: renamed)
    let browser = try Self.browser(Self.document(), reopened: next)
    Self.type("o", into: browser)
    Self.pump(browser) { browser.state.document.outline != nil }
    // Closed, so that the new version's outline is read only when the panel opens again.
    browser.send([.input(.key(.escape))])
    Self.type("R", into: browser)
    Self.pump(browser) { browser.state.document.version != .first }
    #expect(browser.state.document.outline == nil, "the state forgets the old version's outline")
    Self.type("o", into: browser)
    Self.pump(browser) { browser.state.document.outline != nil }
    #expect(browser.state.document.outline?.document == browser.state.document.version)
    #expect(browser.state.document.outline?.entries.map(\.title) == ["Reloaded"])
    #expect(next.outlineReads == 1)
  }
}

/// Every annotation of a version read for the annotations panel: in runs of pages from the
/// first, in order, each page's kept to its own page, asked twice and read once.
@Suite("Navigation reader: annotations")
struct NavigationReaderAnnotationTests {
  static func batches(_ events: [Event]) -> [AnnotationBatch] {
    events.compactMap { if case .annotationsRead(let batch) = $0 { batch } else { nil } }
  }

  @Test func everyPageIsReadInRunsFromTheFirst() {
    func note(_ page: Int, _ text: String) -> DocumentAnnotation {
      DocumentAnnotation(page: PageIndex(page), kind: .note, rectangle: .whole, note: text)
    }
    let pageCount = NavigationReader.annotationRun * 2 + 10
    let document = SyntheticDocument(
      sizes: Array(repeating: PointSize(width: 612, height: 792), count: pageCount),
      annotations: [
        0: [note(0, "first"), note(0, "second")],
        70: [note(70, "middle"), note(3, "claims another page")],
        pageCount - 1: [note(pageCount - 1, "last")],
      ])
    let reader = NavigationReader(
      version: DocumentVersion(number: 3), pageCount: pageCount,
      opening: DocumentOpening(open: { document }))
    reader.wantAnnotations()
    reader.wantAnnotations()
    let events = NavigationReaderTests.events(from: reader) { events in
      Self.batches(events).last?.pages.upperBound == pageCount
    }
    let batches = Self.batches(events)
    let run = NavigationReader.annotationRun
    #expect(batches.map(\.pages) == [0..<run, run..<2 * run, 2 * run..<pageCount])
    #expect(batches.allSatisfy { $0.document == DocumentVersion(number: 3) })
    #expect(
      batches.flatMap(\.annotations).compactMap(\.note) == ["first", "second", "middle", "last"])
    // Asked again: nothing more is read.
    reader.wantAnnotations()
    #expect(Self.batches(reader.takeEvents()).isEmpty)
  }
}
