import FolioCore
import FolioLayout
import FolioStore
import FolioUI
import Testing

@testable import FolioRuntime

/// A place through the store's plain values and back, marks included.
@Suite struct PlaceValuesTests {
  @Test func aPlaceWithMarksComesBackWhole() {
    var marks = Marks()
    marks["a"] = Destination(page: PageIndex(11), top: 0.25)
    marks["Z"] = Destination(page: PageIndex(0))
    let place = Place(
      page: PageIndex(4), mode: .continuous, continuousZoom: ZoomScale(1.5), symbols: .sextant,
      marks: marks)
    let stored = place.remembered
    #expect(stored.marks == "Z 0\na 11 0.25")
    #expect(
      Place(stored, defaults: Place(page: PageIndex(0), mode: .grid, symbols: .half)) == place)
  }

  @Test(arguments: [
    "", "a", "a x", "1 3", "ab 3", "a -1", "a 3 0.5 9", "\u{1B} 3", "a 3 nan",
  ])
  func damagedMarksAreSkipped(text: String) {
    let marks = Place.marks(from: text)
    // Only "a 3 nan" makes a mark: its position is unknown.
    #expect(marks.places.count == (text == "a 3 nan" ? 1 : 0))
    if text == "a 3 nan" { #expect(marks["a"] == Destination(page: PageIndex(3))) }
  }
}
