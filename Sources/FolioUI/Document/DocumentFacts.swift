import FolioCore
import FolioLayout

/// What the app knows about the version of the document it shows, without asking it again:
/// page count, title, labels and sizes read so far, and what the runtime read for the views
/// (links, the outline, content boxes, body text sizes). Text here is sanitized for the
/// terminal. Changed only through its own `take` methods, from events.
public struct DocumentFacts: Sendable {
  /// Which version of the document this is.
  public private(set) var version = DocumentVersion.first
  /// The number of pages, at least 1.
  public let pageCount: Int
  /// The title to show: the document's own, else its file name.
  public let title: String
  /// The file's name (its last path component), if it came from a file.
  public let fileName: String?
  /// Labels read so far, by page (nil: not read yet, or the label is the page number).
  public private(set) var labels: [String?]
  /// Labels that what is read of the document does not replace (a library's cover after its
  /// document was read: where it was left).
  private var fixedLabels: Set<Int> = []
  /// Page sizes, known or estimated.
  public private(set) var metrics: PageMetrics
  /// Links of pages read so far, by page.
  public private(set) var links: [PageIndex: [PageLink]] = [:]
  /// The outline, once read, and the same prepared for the panel.
  public private(set) var outline: DocumentOutline?
  public private(set) var outlineIndex: OutlineIndex?
  /// Where pages' content is (the whole page for a blank one), and a count of changes to it.
  public private(set) var contentBoxes: [PageIndex: PageRegion] = [:]
  public private(set) var contentBoxRevision = 0
  /// Body text sizes measured, by page (for `z`).
  public private(set) var bodyText: [PageIndex: BodyTextSize] = [:]
  /// The text of pages read for selecting and copying, as words, the most recent
  /// `textLimit` pages.
  public private(set) var texts: [PageIndex: PageWords] = [:]
  private var textOrder: [PageIndex] = []
  /// How many pages' text is kept.
  public static let textLimit = 64
  /// The annotations read so far (for the annotations panel).
  public private(set) var annotations: AnnotationListing

  /// Creates facts; `title`, `fileName` and `labels` are sanitized here. Sizes are estimated
  /// until read.
  public init(
    pageCount: Int, title: String, fileName: String? = nil, labels: [Int: String] = [:]
  ) {
    self.pageCount = max(1, pageCount)
    self.title = TerminalText.sanitized(title)
    self.fileName = fileName.map(TerminalText.sanitized).flatMap { $0.isEmpty ? nil : $0 }
    self.labels = Array(repeating: nil, count: max(1, pageCount))
    metrics = PageMetrics(pageCount: max(1, pageCount))
    annotations = AnnotationListing(pageCount: max(1, pageCount))
    for (page, label) in labels { setLabel(label, of: PageIndex(page)) }
  }

  /// The facts of a new version: its page count and title (the old title when it has none),
  /// its first facts; everything read of the old version is forgotten.
  func replaced(by summary: DocumentSummary) -> DocumentFacts {
    var facts = DocumentFacts(
      pageCount: summary.pageCount, title: summary.title.isEmpty ? title : summary.title,
      fileName: fileName)
    facts.version = summary.version
    facts.take(summary.pages)
    return facts
  }

  /// Records a page's label (sanitized), unless it was fixed.
  public mutating func setLabel(_ label: String?, of page: PageIndex) {
    guard labels.indices.contains(page.rawValue), !fixedLabels.contains(page.rawValue) else {
      return
    }
    labels[page.rawValue] = label.map(TerminalText.sanitized)
  }

  /// Records a page's label (sanitized), which what is read of the document no longer replaces.
  public mutating func fixLabel(_ label: String, of page: PageIndex) {
    guard labels.indices.contains(page.rawValue) else { return }
    labels[page.rawValue] = TerminalText.sanitized(label)
    fixedLabels.insert(page.rawValue)
  }

  /// Takes page sizes and labels read from the document; facts about pages it does not have
  /// are ignored.
  mutating func take(_ facts: [PageFact]) {
    for fact in facts where fact.page.rawValue >= 0 && fact.page.rawValue < pageCount {
      if let label = fact.label {
        setLabel(label, of: fact.page)
        metrics.noteLabel(columns: label.unicodeScalars.count)
      }
      if let size = fact.size?.sanitized,
        metrics.size(of: fact.page) != size || !metrics.isSizeKnown(fact.page)
      {
        metrics.setSize(size, of: fact.page)
      }
    }
  }

  /// Takes page sizes known before the first page is read (an estimate, or a library's covers).
  mutating func adopt(_ metrics: PageMetrics) { self.metrics = metrics }

  /// Takes a page's measured body text size (`z`).
  mutating func take(bodyText size: BodyTextSize, of page: PageIndex) { bodyText[page] = size }

  /// Takes one page's links, if they are of this version.
  mutating func take(_ pageLinks: PageLinks) {
    guard pageLinks.document == version else { return }
    links[pageLinks.page] = pageLinks.links
  }

  /// Takes the outline, if it is of this version, and prepares it for the panel.
  mutating func take(_ outline: DocumentOutline) {
    guard outline.document == version else { return }
    self.outline = outline
    outlineIndex = OutlineIndex(outline)
  }

  /// Takes a run of pages' annotations, if of this version.
  mutating func take(_ batch: AnnotationBatch) {
    guard batch.document == version else { return }
    annotations.take(batch)
  }

  /// Takes where pages' content is, if of this version (a blank page keeps its whole area).
  mutating func take(contentBoxes found: [PageContentBox], document: DocumentVersion) {
    guard document == version else { return }
    var changed = false
    for content in found where content.page.rawValue < pageCount {
      let box = content.box ?? .whole
      guard contentBoxes[content.page] != box else { continue }
      contentBoxes[content.page] = box
      changed = true
    }
    if changed { contentBoxRevision += 1 }
  }

  /// Takes a page's text, if of this version: its words in reading order, columns one after
  /// the other where Poppler reads a line of both at a time (`ColumnOrder`), so selecting and
  /// copying go down a column in every view.
  mutating func take(text: PageText, of page: PageIndex, document: DocumentVersion) {
    guard document == version, page.rawValue >= 0, page.rawValue < pageCount else { return }
    let words = ColumnOrder.words(of: text)
    if texts.updateValue(words, forKey: page) == nil { textOrder.append(page) }
    if textOrder.count > Self.textLimit { texts[textOrder.removeFirst()] = nil }
  }

  /// The label to show for a page: its own, else its number.
  public func label(of page: PageIndex) -> String {
    guard labels.indices.contains(page.rawValue) else { return String(page.number) }
    return labels[page.rawValue] ?? String(page.number)
  }

  /// "iv · 4 / 320", or "4 / 320" when the label is the number.
  public func position(of page: PageIndex) -> String {
    let counter = "\(page.number) / \(pageCount)"
    guard labels.indices.contains(page.rawValue), let label = labels[page.rawValue] else {
      return counter
    }
    return "\(label) · \(counter)"
  }

  /// The page a typed target names: a label read so far, else a page number. O(n).
  public func page(named target: String) -> PageIndex? {
    let text = target.trimmingCharacters(in: " ")
    if let index = labels.firstIndex(where: { $0 == text }) { return PageIndex(index) }
    if let number = Int(text), (1...pageCount).contains(number) { return PageIndex(number: number) }
    return nil
  }

  /// Whether `page` is one of the document's.
  func contains(_ page: PageIndex) -> Bool { page.rawValue >= 0 && page.rawValue < pageCount }

  /// `page` clamped to the document.
  func clamped(_ page: PageIndex) -> PageIndex {
    PageIndex(min(max(0, page.rawValue), pageCount - 1))
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
  }
}

extension DocumentFacts {
  /// What the status line calls the document in `columns` (measured with `width`): the file's
  /// name, and its title after it where both fit (two panes on two files must tell which is
  /// which; a title alone may be the same for both, or a leftover like "doc.dvi").
  public func name(in columns: Int, width: TextWidth) -> String {
    guard let fileName else { return width.truncated(title, toWidth: columns) }
    let both = fileName + " — " + title
    if title != fileName, !title.isEmpty, width.width(of: both) <= columns { return both }
    return width.truncated(fileName, toWidth: columns)
  }
}
