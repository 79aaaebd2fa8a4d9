/// A heading a tagged PDF's structure tree marks (an H, H1 … H6 element): the page its
/// content is on, its level and its text. What the reading view takes for headings where
/// size and numbering alone would not tell (a body-sized heading).
public struct TaggedHeading: Hashable, Sendable {
  /// The page its content is on.
  public var page: PageIndex
  /// Its level, 1 to 6 (an H element, whose level its nesting gives, counts as 1).
  public var level: Int
  /// Its text as the structure tree gives it. Untrusted: sanitize before showing.
  public var text: String

  /// Creates a heading; the level is clamped to 1…6.
  public init(page: PageIndex, level: Int, text: String) {
    self.page = page
    self.level = min(6, max(1, level))
    self.text = text
  }

  /// Headings read at most from one document: a structure tree beyond it is read in part.
  public static let limit = 20_000
  /// The characters of a heading's text kept at most.
  public static let textLimit = 1_000
}

/// Every heading a document's structure tree marks, for one version of it; empty for a
/// document without a structure tree (most are untagged).
public struct DocumentHeadings: Hashable, Sendable {
  /// The version read.
  public var document: DocumentVersion
  /// The headings by page.
  public private(set) var byPage: [PageIndex: [TaggedHeading]]

  /// The headings of `document`, in the order given.
  public init(document: DocumentVersion, headings: [TaggedHeading]) {
    self.document = document
    byPage = Dictionary(grouping: headings, by: \.page)
  }

  /// Whether the document marks no heading.
  public var isEmpty: Bool { byPage.isEmpty }

  /// The headings on `page`, in the structure tree's order.
  public func on(_ page: PageIndex) -> [TaggedHeading] { byPage[page] ?? [] }
}
