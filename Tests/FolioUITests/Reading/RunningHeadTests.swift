import FolioCore
import FolioUI
import Testing

/// Running heads as books and manuals set them: a twoside head naming the section (changing
/// from page to page) beside the chapter, a little below the usual band; a head in a larger
/// display font over a page of small print; and a table of contents' numbers, repeated at the
/// same heights on its pages, which are text.
@Suite("Running heads")
struct RunningHeadTests {
  typealias Line = ReflowPage.Line

  static let body = [
    "The body of the page differs from one page to the next, and it reads",
    "on over a few lines of the column to the end of its paragraph here.",
  ]

  @Test func aBooksHeadWithItsChangingSectionIsLeftOut() {
    // LaTeX's book class on A4: the head's foot at 0.127 of the page.
    let sections = ["1.2. INSTALLATION", "1.3. QUICK GUIDE", "1.4. OVERVIEW", "1.5. LIMITS"]
    let pages = sections.enumerated().map { number, section in
      ReflowPage.words(
        [
          Line(section, x: 0.15, top: 0.115),
          Line("CHAPTER 1. GETTING STARTED", x: 0.55, top: 0.115), nil,
        ]
          + ReflowPage.column(Self.body.map { "\($0) \(number)" }, top: 0.2))
    }
    let blocks = PageReflow.blocks(
      of: pages[2], at: PageIndex(2), label: nil, context: ReflowContext.learn(from: pages))
    let text = blocks.dropFirst().map(\.text).joined(separator: " ")
    #expect(!text.contains("OVERVIEW"))
    #expect(!text.contains("CHAPTER"))
    #expect(text.hasPrefix("The body of the page"))
  }

  @Test func aHeadInALargerFontOverSmallPrintIsLeftOut() {
    let pages = (1...3).map { number in
      ReflowPage.words(
        [Line("Chapter 2: Calculating the Page Layout \(number)", top: 0.01, height: 0.014), nil]
          + (0..<20).map {
            Line(
              "small print of a long table, row \($0) of page \(number)",
              top: 0.1 + Double($0) * 0.012, height: 0.009)
          })
    }
    let blocks = PageReflow.blocks(
      of: pages[1], at: PageIndex(1), label: nil, context: ReflowContext.learn(from: pages))
    #expect(!blocks.dropFirst().contains { $0.text.contains("Calculating") })
  }

  @Test func aMarginsLabelBesideTheFirstLineTakesNothingWithIt() {
    // "Notes" repeats at the top of every page's margin, level with the first line of text.
    let pages = (0..<3).map { number in
      ReflowPage.words(
        [
          Line("Notes", x: 0.02, top: 0.1),
          Line(
            "The first line of text, level with the margin's label, on the \(["left", "right", "last"][number]) page",
            x: 0.2,
            top: 0.1),
        ] + ReflowPage.column(Self.body, x: 0.2, top: 0.116))
    }
    let blocks = PageReflow.blocks(
      of: pages[1], at: PageIndex(1), label: nil, context: ReflowContext.learn(from: pages))
    let text = blocks.dropFirst().map(\.text).joined(separator: " ")
    #expect(text.hasPrefix("The first line of text, level with the margin's label, on the right"))
    #expect(!text.contains("Notes"))
  }

  @Test func aFooterOfDigitsAndSignsRepeatedIsLeftOut() {
    let pages = (0..<3).map { number in
      ReflowPage.words(
        ReflowPage.column(Self.body.map { "\($0) \(number)" }, top: 0.2)
          + [nil, Line("12/05/2024", x: 0.45, top: 0.95)])
    }
    let blocks = PageReflow.blocks(
      of: pages[1], at: PageIndex(1), label: nil, context: ReflowContext.learn(from: pages))
    #expect(!blocks.contains { $0.text.contains("12/05/2024") })
  }

  @Test func aTableOfContentsNumbersAreText() {
    let titles = [
      "Headers", "Footers", "Floats", "Lists", "Margins", "Titles", "Letters", "Indexes", "Notes",
    ]
    let pages = (0..<3).map { page in
      ReflowPage.words(
        [Line("Contents", x: 0.1, top: 0.01), Line("\(page + 9)", x: 0.85, top: 0.01), nil]
          + (0..<3).flatMap { row -> [Line] in
            let top = 0.067 + Double(row) * 0.023
            return [
              Line("3.\(page * 3 + row + 10).", x: 0.1, top: top),
              Line("\(titles[page * 3 + row]) of the contents", x: 0.18, top: top),
            ]
          })
    }
    let blocks = PageReflow.blocks(
      of: pages[1], at: PageIndex(1), label: nil, context: ReflowContext.learn(from: pages))
    let text = blocks.dropFirst().map(\.text).joined(separator: " ")
    #expect(text.contains("3.13."))
    #expect(text.contains("Lists of the contents"))
    #expect(!text.contains("Contents"))
  }
}
