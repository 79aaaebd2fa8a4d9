import FolioCore
import FolioUI
import Testing

/// A small book's outline for the outline tests: entries in preorder, with pages from 0.
enum SampleOutline {
  /// (title, depth, page, top, starts open).
  static let spec: [(String, Int, Int?, Double?, Bool)] = [
    ("Preface", 0, 0, nil, false),  // 0
    ("Part I: Foundations", 0, 2, nil, true),  // 1
    ("Chapter 1 Introduction", 1, 2, 0.5, false),  // 2
    ("1.1 Motivation", 2, 3, nil, false),  // 3
    ("1.2 Scope", 2, 5, 0.25, false),  // 4
    ("Chapter 2 Background", 1, 7, nil, false),  // 5
    ("Part II: Practice", 0, 11, nil, false),  // 6
    ("Chapter 3 Methods", 1, 11, 0.3, false),  // 7
    ("3.1 Sampling", 2, 13, nil, false),  // 8
    ("Chapter 4 Results", 1, 19, nil, false),  // 9
    ("Appendix", 0, nil, nil, false),  // 10
    ("A. Tables", 1, 29, nil, false),  // 11
    ("Index", 0, 37, nil, false),  // 12
  ]

  static func outline(_ version: DocumentVersion = .first) -> DocumentOutline {
    DocumentOutline(
      document: version,
      entries: spec.map { title, depth, page, top, open in
        OutlineEntry(
          title: title, depth: depth,
          destination: page.map { Destination(page: PageIndex($0), top: top) }, startsOpen: open)
      })
  }

  static let index = OutlineIndex(outline())
}

/// The outline prepared for the panel: the tree's shape, opening and closing, the rows shown,
/// the section the reader is in (inside closed parents too), and a very large outline.
@Suite("Outline tree")
struct OutlineTreeTests {
  let index = SampleOutline.index

  func place(_ page: Int, _ reached: Double? = nil) -> ReadingPlace {
    ReadingPlace(page: PageIndex(page), reached: reached)
  }

  @Test func theIndexKnowsTheShapeOfTheTree() {
    #expect(index.count == 13)
    #expect(index.roots == [0, 1, 6, 10, 12])
    #expect(index.children(of: 1) == [2, 5])
    #expect(index.children(of: 2) == [3, 4])
    #expect(index.children(of: 3) == [])
    #expect(index.parent(of: 4) == 2 && index.parent(of: 2) == 1 && index.parent(of: 1) == nil)
    #expect(index.subtreeEnd(of: 1) == 6 && index.subtreeEnd(of: 12) == 13)
    #expect(index.hasChildren(6) && !index.hasChildren(8))
    #expect(index.subtree(of: 6, contains: 8) && !index.subtree(of: 6, contains: 10))
  }

  @Test func titlesAreSanitized() {
    let outline = DocumentOutline(
      document: .first,
      entries: [OutlineEntry(title: "Evil\u{1B}[2J\tTitle\u{202E}", depth: 0, destination: nil)])
    #expect(OutlineIndex(outline).titles == ["Evil[2J Title"])
  }

  @Test func theTreeOpensAsTheDocumentSays() {
    let tree = OutlineTree(index)
    #expect(tree.rows == [0, 1, 2, 5, 6, 10, 12])
    #expect(tree.isOpen(1) && !tree.isOpen(2) && !tree.isOpen(6))
    // A leaf is never open, whatever the document says.
    #expect(!tree.isOpen(0))
  }

  @Test func openingAndClosingChangeTheRowsOfTheSubtree() {
    var tree = OutlineTree(index)
    tree.setOpen(2, true)
    #expect(tree.rows == [0, 1, 2, 3, 4, 5, 6, 10, 12])
    tree.setOpen(1, false)
    #expect(tree.rows == [0, 1, 6, 10, 12])
    // Chapter 1 stays open inside the closed part, and shows so when the part opens again.
    tree.setOpen(1, true)
    #expect(tree.rows == [0, 1, 2, 3, 4, 5, 6, 10, 12])
    tree.setOpen(6, true)
    #expect(tree.rows == [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 12])
    // Opening an entry inside a closed one shows nothing yet.
    tree.setOpen(6, false)
    tree.setOpen(7, true)
    #expect(tree.rows == [0, 1, 2, 3, 4, 5, 6, 10, 12])
    tree.setOpen(6, true)
    #expect(tree.rows == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12])
    // A leaf cannot be opened.
    tree.setOpen(12, true)
    #expect(tree.rows.last == 12)
  }

  @Test func anEntryInsideAClosedParentIsShownByItsNearestShownAncestor() {
    var tree = OutlineTree(index)
    #expect(tree.row(of: 8) == nil)
    #expect(tree.row(showing: 8) == tree.row(of: 6))
    #expect(tree.row(showing: 3) == tree.row(of: 2))
    #expect(tree.row(showing: 5) == 3)
    #expect(tree.row(showing: 12) == 6)
    tree.reveal(8)
    #expect(tree.isOpen(6) && tree.isOpen(7))
    #expect(tree.row(of: 8) == 6)
    #expect(tree.rows == [0, 1, 2, 5, 6, 7, 8, 9, 10, 12])
  }

  @Test func theSectionIsTheLastEntryWhoseDestinationIsReached() {
    #expect(index.section(at: place(0)) == 0)
    #expect(index.section(at: place(1)) == 0)
    // Chapter 1 starts half way down page 3, its part at the top.
    #expect(index.section(at: place(2, 0.2)) == 1)
    #expect(index.section(at: place(2, 0.5)) == 1)
    #expect(index.section(at: place(2, 0.51)) == 2)
    #expect(index.section(at: place(2)) == 2)
    #expect(index.section(at: place(5, 0.1)) == 3)
    #expect(index.section(at: place(5)) == 4)
    #expect(index.section(at: place(12)) == 7)
    #expect(index.section(at: place(13)) == 8)
    // The appendix leads nowhere; its table does.
    #expect(index.section(at: place(30)) == 11)
    #expect(index.section(at: place(39)) == 12)
  }

  @Test func nothingIsCurrentBeforeTheFirstDestination() {
    let outline = DocumentOutline(
      document: .first,
      entries: [
        OutlineEntry(title: "Late", depth: 0, destination: Destination(page: PageIndex(4))),
        OutlineEntry(title: "Nowhere", depth: 0, destination: nil),
      ])
    let index = OutlineIndex(outline)
    #expect(index.section(at: place(3)) == nil)
    #expect(index.section(at: place(4, 0)) == nil)
    #expect(index.section(at: place(4, 0.01)) == 0)
    #expect(
      OutlineIndex(DocumentOutline(document: .first, entries: [])).section(at: place(9)) == nil)
  }

  /// The section is the entry whose destination is the last one at or before the place, in
  /// page order: an entry that points back (a summary at the end pointing to page 1) marks
  /// that page only, not every page after it.
  @Test func withDestinationsOutOfOrderTheLastDestinationInPageOrderWins() {
    let outline = DocumentOutline(
      document: .first,
      entries: [
        OutlineEntry(title: "Datasets", depth: 0, destination: Destination(page: PageIndex(4))),
        OutlineEntry(title: "Graphics", depth: 0, destination: Destination(page: PageIndex(20))),
        OutlineEntry(title: "Summary", depth: 0, destination: Destination(page: PageIndex(0))),
        OutlineEntry(title: "Utils", depth: 0, destination: Destination(page: PageIndex(40))),
      ])
    let index = OutlineIndex(outline)
    #expect(index.section(at: place(0)) == 2)
    #expect(index.section(at: place(3)) == 2)
    #expect(index.section(at: place(9)) == 0)
    #expect(index.section(at: place(25)) == 1)
    #expect(index.section(at: place(45)) == 3)
  }

  /// A chapter and its first section at the same place: the section, the more specific.
  @Test func ofEntriesAtOneDestinationTheLastInTheOutlineWins() {
    let outline = DocumentOutline(
      document: .first,
      entries: [
        OutlineEntry(title: "Chapter", depth: 0, destination: Destination(page: PageIndex(2))),
        OutlineEntry(title: "Section", depth: 1, destination: Destination(page: PageIndex(2))),
        OutlineEntry(title: "Next", depth: 1, destination: Destination(page: PageIndex(6))),
      ])
    #expect(OutlineIndex(outline).section(at: place(3)) == 1)
  }

  @Test func theReadingPlaceClampsItsFraction() {
    #expect(ReadingPlace(page: PageIndex(1), reached: 1).reached == nil)
    #expect(ReadingPlace(page: PageIndex(1), reached: .nan).reached == nil)
    #expect(ReadingPlace(page: PageIndex(1), reached: -2).reached == 0)
    let destination = Destination(page: PageIndex(1), top: 0.4)
    #expect(ReadingPlace(page: PageIndex(1), reached: 0.5).hasPassed(destination))
    #expect(!ReadingPlace(page: PageIndex(1), reached: 0.4).hasPassed(destination))
    #expect(ReadingPlace(page: PageIndex(2), reached: 0).hasPassed(destination))
    #expect(!ReadingPlace(page: PageIndex(0)).hasPassed(destination))
  }

  /// A book of `parts` parts of a hundred chapters of 98 sections, one page each, a part's
  /// first page shared with its first chapter; part 0 starts open.
  static func book(parts: Int, chapters: Int = 100, sections: Int = 98) -> DocumentOutline {
    var entries: [OutlineEntry] = []
    for part in 0..<parts {
      entries.append(
        OutlineEntry(
          title: "Part \(part)", depth: 0, destination: Destination(page: PageIndex(part * 9_999)),
          startsOpen: part == 0))
      for chapter in 0..<chapters {
        let first = part * 9_999 + chapter * 100
        entries.append(
          OutlineEntry(
            title: "Chapter \(part).\(chapter)", depth: 1,
            destination: Destination(page: PageIndex(first))))
        for section in 0..<sections {
          entries.append(
            OutlineEntry(
              title: "Section \(part).\(chapter).\(section)", depth: 2,
              destination: Destination(page: PageIndex(first + section + 1), top: 0.5)))
        }
      }
    }
    return DocumentOutline(document: .first, entries: entries)
  }

  /// 99,010 entries: ten parts.
  static let large = book(parts: 10)

  @Test func aLargeOutlineAnswersLikeAWalkOfAllOfIt() {
    let outline = Self.large
    let index = OutlineIndex(outline)
    #expect(index.count == 99_010)
    var tree = OutlineTree(index)
    #expect(tree.rows.count == 10 + 100)
    var random = SplitMix64(seed: 29)
    for _ in 0..<50 {
      let page = Int(random.next() % 100_000)
      let reached = Double(random.next() % 5) / 4
      let place = ReadingPlace(page: PageIndex(page), reached: reached)
      let walked = outline.entries.indices.last {
        outline.entries[$0].destination.map(place.hasPassed) ?? false
      }
      #expect(index.section(at: place) == walked)
      // Shown by itself, its chapter (in part 0, open), or its part.
      guard let walked, let row = tree.row(showing: walked) else { continue }
      let shown = tree.rows[row]
      #expect(index.subtree(of: shown, contains: walked))
      #expect(shown == walked || !tree.isOpen(shown))
    }
    // Part 1, then its first chapter.
    tree.setOpen(9_902, true)
    #expect(tree.rows.count == 110)
    tree.setOpen(9_901, true)
    #expect(tree.rows.count == 110 + 100 + 98)
    tree.reveal(99_009)
    #expect(tree.row(of: 99_009) == tree.rows.count - 1)
  }
}
