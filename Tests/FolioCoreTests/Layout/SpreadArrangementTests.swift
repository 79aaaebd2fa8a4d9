import Testing

@testable import FolioCore
@testable import FolioLayout

@Suite struct SpreadArrangementTests {
  /// The spreads as lists of 0-based page indices.
  private func spreads(_ arrangement: SpreadArrangement) -> [[Int]] {
    arrangement.spreadIndices.map { arrangement.pages(inSpread: $0).map(\.rawValue) }
  }

  @Test(arguments: [
    // (mode, shifted, pages, expected spreads)
    (SpreadMode.single, false, 0, [[Int]]()),
    (.single, false, 1, [[0]]),
    (.single, false, 2, [[0], [1]]),
    (.single, true, 3, [[0], [1], [2]]),
    (.double, false, 0, []),
    (.double, false, 1, [[0]]),
    (.double, false, 2, [[0, 1]]),
    (.double, false, 5, [[0, 1], [2, 3], [4]]),
    (.double, false, 6, [[0, 1], [2, 3], [4, 5]]),
    (.double, true, 0, []),
    (.double, true, 1, [[0]]),
    (.double, true, 2, [[0], [1]]),
    (.double, true, 5, [[0], [1, 2], [3, 4]]),
    (.double, true, 6, [[0], [1, 2], [3, 4], [5]]),
    (.book, false, 0, []),
    (.book, false, 1, [[0]]),
    (.book, false, 2, [[0], [1]]),
    (.book, false, 5, [[0], [1, 2], [3, 4]]),
    (.book, false, 6, [[0], [1, 2], [3, 4], [5]]),
    (.book, true, 0, []),
    (.book, true, 1, [[0]]),
    (.book, true, 2, [[0, 1]]),
    (.book, true, 5, [[0, 1], [2, 3], [4]]),
    (.book, true, 6, [[0, 1], [2, 3], [4, 5]]),
  ])
  func spreadsOfEveryModeAndShift(mode: SpreadMode, shifted: Bool, pages: Int, expected: [[Int]]) {
    for binding in Binding.allCases {
      let arrangement = SpreadStyle(mode: mode, isShiftedByOne: shifted, binding: binding)
        .arrangement(pageCount: pages)
      #expect(arrangement.spreadCount == expected.count)
      #expect(spreads(arrangement) == expected)
      for (spread, pages) in expected.enumerated() {
        for page in pages {
          #expect(arrangement.spreadIndex(containing: PageIndex(page)) == spread)
        }
      }
    }
  }

  /// Every page count from 0 to 40 in every mode: spreads partition the pages in order, hold one
  /// or two pages, and page -> spread -> pages round-trips.
  @Test func conversionsRoundTripForEveryPageCount() {
    for mode in SpreadMode.allCases {
      for shifted in [false, true] {
        for pageCount in 0...40 {
          let arrangement = SpreadArrangement(
            pageCount: pageCount, mode: mode, isShiftedByOne: shifted)
          let flattened = spreads(arrangement).flatMap { $0 }
          #expect(flattened == Array(0..<pageCount), "\(mode) \(shifted) \(pageCount)")
          for spread in arrangement.spreadIndices {
            let pages = arrangement.pages(inSpread: spread)
            #expect((1...2).contains(pages.count))
            if mode == .single { #expect(pages.count == 1) }
            for page in pages { #expect(arrangement.spreadIndex(containing: page) == spread) }
          }
          let widest =
            arrangement.spreadIndices.map { arrangement.pages(inSpread: $0).count }.max() ?? 0
          #expect(arrangement.maximumPagesPerSpread == widest)
          #expect(arrangement.pages(inSpread: arrangement.spreadCount).isEmpty)
          #expect(arrangement.pages(inSpread: -1).isEmpty)
        }
      }
    }
  }

  @Test func pagesOutsideTheDocumentAreClamped() {
    let arrangement = SpreadArrangement(pageCount: 5, mode: .book)
    #expect(arrangement.spreadIndex(containing: PageIndex(-3)) == 0)
    #expect(arrangement.spreadIndex(containing: PageIndex(99)) == 2)
    #expect(
      SpreadArrangement(pageCount: 0, mode: .double).spreadIndex(containing: PageIndex(4)) == 0)
    #expect(SpreadArrangement(pageCount: -4).pageCount == 0)
  }

  @Test func continuousPageAndSpreadIndicesAreInverse() {
    for mode in SpreadMode.allCases {
      for shifted in [false, true] {
        for pageCount in [1, 2, 3, 7, 10] {
          let arrangement = SpreadArrangement(
            pageCount: pageCount, mode: mode, isShiftedByOne: shifted)
          var previous = -1.0
          for step in 0..<(arrangement.spreadCount * 8) {
            let index = ContinuousSpreadIndex(Double(step) / 8)
            let page = arrangement.continuousPageIndex(for: index)
            #expect(page.value > previous, "monotonic")
            previous = page.value
            #expect(page.value < Double(pageCount))
            let back = arrangement.continuousSpreadIndex(for: page)
            #expect(
              abs(back.value - index.value) < 1e-12, "\(mode) \(shifted) \(pageCount) \(index)")
            // The page holding the position belongs to the spread holding it.
            #expect(arrangement.pages(inSpread: index.spread).contains(page.page))
          }
        }
      }
    }
  }

  @Test func middleOfATwoPageSpreadIsTheStartOfItsSecondPage() {
    let arrangement = SpreadArrangement(pageCount: 6, mode: .book)
    #expect(arrangement.continuousPageIndex(for: ContinuousSpreadIndex(1.5)).value == 2)
    #expect(arrangement.continuousPageIndex(for: ContinuousSpreadIndex(0.5)).value == 0.5)
    #expect(arrangement.continuousSpreadIndex(for: ContinuousPageIndex(3.5)).value == 2.25)
    // Past the end: the last position of the document.
    #expect(
      arrangement.continuousPageIndex(for: ContinuousSpreadIndex(9)).value == Double(6).nextDown)
  }

  @Test func emptyDocumentsHaveNoSpreadsAndIndexZero() {
    for mode in SpreadMode.allCases {
      let arrangement = SpreadArrangement(pageCount: 0, mode: mode)
      #expect(arrangement.spreadCount == 0)
      #expect(arrangement.maximumPagesPerSpread == 0)
      #expect(arrangement.continuousPageIndex(for: ContinuousSpreadIndex(3)).value == 0)
      #expect(arrangement.continuousSpreadIndex(for: ContinuousPageIndex(3)).value == 0)
    }
  }

  @Test func someOfThePagesAreOneSpreadEachNearestFirst() {
    // Duplicates, disorder and pages past the end are given; each shown page counts once.
    let arrangement = SpreadArrangement(
      pageCount: 20, showing: [12, 3, 7, 3, 25, -1].map { PageIndex($0) })
    #expect(spreads(arrangement) == [[3], [7], [12]])
    #expect(arrangement.shownPages == [3, 7, 12].map { PageIndex($0) })
    #expect(arrangement.maximumPagesPerSpread == 1)
    // A page not shown belongs to the spread of the nearest shown page, the earlier on a tie.
    let nearest = (0..<20).map { arrangement.spreadIndex(containing: PageIndex($0)) }
    #expect(nearest == [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2])
    #expect(arrangement.spreadIndex(containing: PageIndex(5)) == 0)
    // On shown pages the continuous indices are inverse; other pages start the nearest spread.
    #expect(arrangement.continuousPageIndex(for: ContinuousSpreadIndex(1.25)).value == 7.25)
    #expect(arrangement.continuousSpreadIndex(for: ContinuousPageIndex(7.25)).value == 1.25)
    #expect(arrangement.continuousSpreadIndex(for: ContinuousPageIndex(10.5)).value == 2)
    let none = SpreadArrangement(pageCount: 20, showing: [])
    #expect(none.spreadCount == 0)
    #expect(none.continuousSpreadIndex(for: ContinuousPageIndex(4)).value == 0)
  }
}
