import FolioCore
import FolioUI
import Testing

/// Lines of the reading view mapped to the words of pages and back.
@Suite("Reading layout")
struct ReadingLayoutTests {
  typealias Line = ReflowPage.Line

  /// Two pages: a running head on each, a heading, a long paragraph with a hyphenated word, a
  /// display equation.
  func layout(width: Int) -> ReadingLayout {
    let pages = (0..<2).map { page in
      ReflowPage.words(
        [Line("Running head of the paper", top: 0.03), nil]
          + [Line("\(page + 1) Section", top: 0.1, height: 0.02, advance: 0.014), nil]
          + ReflowPage.column(
            [
              "Words of a paragraph long enough to wrap over several lines of the",
              "reading view at forty columns, and a word broken by hyphen-",
              "ation at a line's end on page \(page + 1), before an equation:",
            ], top: 0.15)
          + [Line("x = α + β", x: 0.4, top: 0.22)])
    }
    let context = ReflowContext.learn(from: pages)
    let blocks = pages.enumerated().flatMap { index, words in
      PageReflow.blocks(of: words, at: PageIndex(index), label: nil, context: context)
    }
    return ReadingLayout(blocks: blocks, width: width, textWidth: .approximate)
  }

  @Test func everyWordShownIsFoundOnItsLineAndEveryLineLeadsBackToItsFirstWord() {
    for width in [80, 40, 12] {
      let layout = layout(width: width)
      for (index, line) in layout.lines.enumerated() where !line.text.isEmpty {
        let block = layout.blocks[line.block]
        guard let first = layout.firstWord(on: index) else {
          Issue.record("line \(index) at \(width) leads to no word")
          continue
        }
        #expect(first.page == block.page)
        #expect(layout.line(showing: first.word, on: first.page) == index, "width \(width)")
      }
    }
  }

  @Test func wordsMapToTheLinesThatShowThem() throws {
    let layout = layout(width: 40)
    let page = PageIndex(1)
    // The running head's words are in no block.
    #expect(layout.line(showing: 0, on: page) == nil)
    // The heading's words are on the heading's line.
    let heading = try #require(layout.line(showing: 5, on: page))
    #expect(layout.lines[heading].content == "2 Section")
    // "hyphen-" (word 30) and "ation" (31) are one word on one line.
    let hyphen = try #require(layout.line(showing: 30, on: page))
    #expect(layout.line(showing: 31, on: page) == hyphen)
    #expect(layout.lines[hyphen].content.contains("hyphenation"))
    // The equation's words are on its placeholder.
    let equation = try #require(layout.line(showing: 43, on: page))
    #expect(layout.lines[equation].content == "[mathematics, p. 2]")
    // A page's rule, and the first word after it.
    let start = try #require(layout.line(startingPage: page))
    #expect(layout.lines[start].style == .pageStart)
    #expect(layout.firstWord(on: start)?.word == 5)
    #expect(layout.firstWord(on: start)?.page == page)
  }
}
