import FolioCore
import FolioUI

/// Reads one version's outline, structure tree headings and page links for the loop, only when asked and never for the
/// whole document up front: in its lane of the version's page workers (or, used on its own, on
/// a thread and worker of its own, both started at the first question). Each answer is remembered, so the outline and each page's links are
/// read at most once for the version (a read that failed is answered as empty and not tried
/// again); a new version gets a new reader. Answers come back as events (`takeEvents()`):
/// `outlineRead` once for the questions asked before the outline came, `linksRead` for each page
/// asked. Use from the loop's thread.
public final class NavigationReader: LoopService {

  /// The version read.
  public let version: DocumentVersion
  private let pageCount: Int
  /// How to make page workers of its own (when it does not share the version's).
  private let opening: DocumentOpening?
  /// Where answers go (a private inbox when nil).
  private let inbox: LoopInbox?
  /// The page workers it reads with: the version's, or its own made at the first question.
  private var work: PageWork?
  private var service: WorkQueue<PageJob, PageJobResult>? { work?.queue }
  /// The outline, once read.
  private var outline: DocumentOutline?
  private var isOutlineAsked = false
  /// The structure tree's headings, once read.
  private var headings: DocumentHeadings?
  private var isHeadingsAsked = false
  /// The links of each page read so far.
  private var links: [Int: [PageLink]] = [:]
  /// Body text sizes measured, and the page asked for and not yet measured.
  private var bodyText: [Int: BodyTextSize?] = [:]
  private var askedBodyText: Int?
  /// Pages' text read, and the pages asked for and not yet read.
  private var texts: [Int: PageText] = [:]
  private var askedTexts: Set<Int> = []
  /// Content boxes found, and the pages asked for and not yet looked at.
  private var contentBoxes: [Int: PageRegion?] = [:]
  private var askedBoxes: Set<Int> = []
  /// Pages asked for and not yet read, each with the number of the last question naming it.
  private var askedPages: [Int: Int] = [:]
  private var questions = 0
  /// The first page whose annotations are still to be read, once they are asked for (the
  /// page count when all are read); they are read a run of `annotationRun` pages at a time.
  private var annotationsNext: Int?
  public static let annotationRun = 64
  private var pendingEvents: [Event] = []
  /// Content boxes to hand over in the next batch, one event for all of them.
  private var pendingBoxes: [PageContentBox] = []

  /// Prepares to read `version` (of `pageCount` pages) with workers from `opening`; nothing
  /// starts before the first question.
  public init(
    version: DocumentVersion, pageCount: Int, opening: DocumentOpening, inbox: LoopInbox? = nil
  ) {
    self.version = version
    self.pageCount = pageCount
    self.opening = opening
    self.inbox = inbox
  }

  /// A reader of `version` that reads with the version's page workers.
  public init(version: DocumentVersion, pageCount: Int, sharing work: PageWork) {
    self.version = version
    self.pageCount = pageCount
    opening = nil
    inbox = nil
    self.work = work
  }

  /// The descriptor that turns readable when a read finishes, once reading has started.
  public var wakeDescriptor: Int32? { service?.wakeDescriptor }

  /// Outcomes for this reader: its lane's.
  private func outcomes(in letters: [LoopInbox.Letter]) -> [(
    PageRead, Result<PageReadAnswer, any Error>
  )] {
    guard let service else { return [] }
    return service.receive(letters, inLane: PageWork.readLane).outcomes.compactMap { outcome in
      guard case .read(let read) = outcome.request else { return nil }
      return (
        read,
        outcome.result.flatMap { result in
          guard case .read(let answer) = result else {
            return .failure(DocumentError.renderFailed(reason: "a reply of the wrong kind"))
          }
          return .success(answer)
        }
      )
    }
  }

  /// Asks for the outline: answered at once when it was read, else when it is.
  public func wantOutline() {
    if let outline {
      pendingEvents.append(.outlineRead(outline))
      return
    }
    guard !isOutlineAsked else { return }
    isOutlineAsked = true
    schedule()
  }

  /// Asks for the structure tree's headings: answered at once when they were read, else when
  /// they are.
  public func wantHeadings() {
    if let headings {
      pendingEvents.append(.headingsRead(headings))
      return
    }
    guard !isHeadingsAsked else { return }
    isHeadingsAsked = true
    schedule()
  }

  /// Asks for the links of `pages`: those read already are answered at once (a page outside
  /// the document with no links), the others when they are read. Pages asked before and not
  /// named again are no longer wanted (the screen moved on): their reads are withdrawn unless
  /// a worker has started them.
  public func wantLinks(_ pages: [PageIndex]) {
    questions += 1
    var isNew = false
    let withdrawn = askedPages.keys.filter { !pages.contains(PageIndex($0)) }
    for index in withdrawn { askedPages[index] = nil }
    for page in pages {
      let index = page.rawValue
      if let known = links[index] {
        pendingEvents.append(.linksRead(PageLinks(document: version, page: page, links: known)))
      } else if !(0..<pageCount).contains(index) {
        pendingEvents.append(.linksRead(PageLinks(document: version, page: page, links: [])))
      } else {
        askedPages[index] = questions
        isNew = true
      }
    }
    if isNew || !withdrawn.isEmpty { schedule() }
  }

  /// Asks how large `page`'s body text is: answered at once when measured, else when it is.
  public func wantBodyText(_ page: PageIndex) {
    let index = page.rawValue
    if let known = bodyText[index] {
      pendingEvents.append(.bodyTextRead(page: page, size: known, document: version))
    } else if !(0..<pageCount).contains(index) {
      pendingEvents.append(.bodyTextRead(page: page, size: nil, document: version))
    } else {
      askedBodyText = index
      schedule()
    }
  }

  /// Asks for every page's annotations: they come a run of pages at a time, from the first,
  /// until the last (asked again, nothing more is read).
  public func wantAnnotations() {
    guard annotationsNext == nil else { return }
    annotationsNext = 0
    schedule()
  }

  /// Asks for the text of `pages` (with their characters' boxes), for selecting and copying:
  /// those read are answered at once.
  public func wantTexts(_ pages: [PageIndex]) {
    var isNew = false
    for page in pages {
      let index = page.rawValue
      if let known = texts[index] {
        pendingEvents.append(.pageTextRead(page: page, text: known, document: version))
      } else if !(0..<pageCount).contains(index) {
        pendingEvents.append(.pageTextRead(page: page, text: .empty, document: version))
      } else if askedTexts.insert(index).inserted {
        isNew = true
      }
    }
    if isNew { schedule() }
  }

  /// Asks where the content of `pages` is, for trimming: those known are answered at once.
  public func wantContentBoxes(_ pages: [PageIndex]) {
    var isNew = false
    for page in pages {
      let index = page.rawValue
      if let known = contentBoxes[index] {
        pendingBoxes.append(PageContentBox(page: page, box: known))
      } else if (0..<pageCount).contains(index), !askedBoxes.contains(index) {
        askedBoxes.insert(index)
        isNew = true
      }
    }
    if isNew { schedule() }
  }

  /// What was read since the last call, from its own inbox (a reader used on its own), and
  /// the answers given at once since then.
  public func takeEvents() -> [Event] {
    receive(service.map { $0.inbox.take(for: $0.address) } ?? [])
  }

  /// The answers given at once since the last call, then what `letters` bring.
  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] {
    var events = pendingEvents
    pendingEvents = []
    let outcomes = outcomes(in: letters)
    take(outcomes, into: &events)
    // The next run of annotations once one is read.
    if outcomes.contains(where: { if case .annotations = $0.0 { true } else { false } }) {
      schedule()
    }
    if !pendingBoxes.isEmpty {
      events.append(.contentBoxesRead(pendingBoxes, document: version))
      pendingBoxes = []
    }
    return events
  }

  /// What the thread answered, as events (content boxes wait in `pendingBoxes`).
  private func take(
    _ outcomes: [(PageRead, Result<PageReadAnswer, any Error>)], into events: inout [Event]
  ) {
    for (request, result) in outcomes {
      let outcome = (request: request, result: result)
      switch outcome.request {
      case .outline:
        var entries: [OutlineEntry] = []
        if case .success(.outline(let read)) = outcome.result { entries = read }
        let outline = DocumentOutline(document: version, entries: entries.map(checked))
        self.outline = outline
        if isOutlineAsked { events.append(.outlineRead(outline)) }
        isOutlineAsked = false
      case .headings:
        var read: [TaggedHeading] = []
        // A worker is not trusted with pages: a heading off the document is left out.
        if case .success(.headings(let found)) = outcome.result {
          read = found.filter { (0..<pageCount).contains($0.page.rawValue) }
        }
        let headings = DocumentHeadings(document: version, headings: read)
        self.headings = headings
        if isHeadingsAsked { events.append(.headingsRead(headings)) }
        isHeadingsAsked = false
      case .links(let index):
        var read: [PageLink] = []
        if case .success(.links(let pageLinks)) = outcome.result {
          read = pageLinks.compactMap(checked)
        }
        links[index] = read
        if askedPages.removeValue(forKey: index) != nil {
          events.append(
            .linksRead(PageLinks(document: version, page: PageIndex(index), links: read)))
        }
      case .contentBox(let index):
        var box: PageRegion?
        if case .success(.contentBox(let found)) = outcome.result { box = found }
        contentBoxes[index] = box
        if askedBoxes.remove(index) != nil {
          pendingBoxes.append(PageContentBox(page: PageIndex(index), box: box))
        }
      case .text(let index):
        var text = PageText.empty
        if case .success(.text(let read)) = outcome.result { text = read }
        // Only the last pages read are kept here: the state keeps what it needs.
        if texts.count >= 16 { texts.removeAll() }
        texts[index] = text
        if askedTexts.remove(index) != nil {
          events.append(.pageTextRead(page: PageIndex(index), text: text, document: version))
        }
      case .annotations(let pages):
        var read: [[DocumentAnnotation]] = []
        var isMissing = true
        if case .success(.annotations(let found)) = outcome.result {
          read = found
          isMissing = false
        }
        // A worker is not trusted with pages: each list keeps its own page's annotations.
        let annotations = zip(pages, read).flatMap { page, list in
          list.filter { $0.page.rawValue == page }
        }
        events.append(
          .annotationsRead(
            AnnotationBatch(
              document: version, pages: pages, annotations: annotations, isMissing: isMissing)))
        annotationsNext = pages.upperBound
      case .bodyText(let index):
        var size: BodyTextSize?
        if case .success(.bodyText(let measured)) = outcome.result { size = measured }
        bodyText[index] = size
        if askedBodyText == index {
          askedBodyText = nil
          events.append(.bodyTextRead(page: PageIndex(index), size: size, document: version))
        }
      }
    }
  }

  /// Hands the thread what is asked: the outline first, then body text and the texts asked,
  /// the structure tree's headings, the pages whose links are asked, content boxes and
  /// annotations.
  private func schedule() {
    if work == nil, let opening {
      work = try? PageWork(
        opening: opening, version: version, workerCount: 1, inbox: inbox,
        name: "folio-navigation")
    }
    guard let service else {
      // No thread to read on: everything asked is answered as empty.
      answerEverythingEmpty()
      return
    }
    let pages = askedPages.sorted { ($0.value, -$0.key) > ($1.value, -$1.key) }
    let wanted =
      (isOutlineAsked ? [PageRead.outline] : [])
      + (askedBodyText.map { [PageRead.bodyText(page: $0)] } ?? [])
      // The headings after the text: a large structure tree does not hold the text back.
      + askedTexts.sorted().map { .text(page: $0) } + (isHeadingsAsked ? [.headings] : [])
      + pages.map { .links(page: $0.key) }
      + askedBoxes.sorted().map { .contentBox(page: $0) } + annotationRun
    // Reads for the screen come after the renders on screen, before the prefetch margin's.
    service.replaceWanted(
      wanted.map { (PageJob.read($0), RenderPriority(tier: .visible, distance: 0)) },
      inLane: PageWork.readLane)
  }

  /// The next run of annotations to read, if some are asked for and unread.
  private var annotationRun: [PageRead] {
    guard let next = annotationsNext, next < pageCount else { return [] }
    return [.annotations(pages: next..<min(pageCount, next + Self.annotationRun))]
  }

  private func answerEverythingEmpty() {
    if let next = annotationsNext, next < pageCount {
      pendingEvents.append(
        .annotationsRead(
          AnnotationBatch(
            document: version, pages: next..<pageCount, annotations: [], isMissing: true)))
      annotationsNext = pageCount
    }
    if isOutlineAsked {
      let empty = DocumentOutline(document: version, entries: [])
      outline = empty
      pendingEvents.append(.outlineRead(empty))
      isOutlineAsked = false
    }
    if isHeadingsAsked {
      let empty = DocumentHeadings(document: version, headings: [])
      headings = empty
      pendingEvents.append(.headingsRead(empty))
      isHeadingsAsked = false
    }
    for page in askedPages.keys.sorted() {
      links[page] = []
      pendingEvents.append(
        .linksRead(PageLinks(document: version, page: PageIndex(page), links: [])))
    }
    askedPages = [:]
    for page in askedBoxes.sorted() {
      contentBoxes[page] = .some(nil)
      pendingBoxes.append(PageContentBox(page: PageIndex(page), box: nil))
    }
    askedBoxes = []
    for page in askedTexts.sorted() {
      pendingEvents.append(.pageTextRead(page: PageIndex(page), text: .empty, document: version))
    }
    askedTexts = []
    if let page = askedBodyText {
      bodyText[page] = .some(nil)
      pendingEvents.append(.bodyTextRead(page: PageIndex(page), size: nil, document: version))
      askedBodyText = nil
    }
  }

  /// An entry whose destination is a page of the document (a worker is not trusted with that).
  private func checked(_ entry: OutlineEntry) -> OutlineEntry {
    guard let destination = entry.destination, !isInDocument(destination) else { return entry }
    var entry = entry
    entry.destination = nil
    return entry
  }

  /// A link, unless it leads to a page the document does not have.
  private func checked(_ link: PageLink) -> PageLink? {
    if case .destination(let destination) = link.target, !isInDocument(destination) {
      return nil
    }
    return link
  }

  private func isInDocument(_ destination: Destination) -> Bool {
    (0..<pageCount).contains(destination.page.rawValue)
  }
}
