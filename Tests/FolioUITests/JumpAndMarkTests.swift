import FolioCore
import FolioLayout
import FolioUI
import Testing

/// The jump list (`Ctrl-O`, `Ctrl-P`, `''`) and marks (`m`, `'`) in `update`.
@Suite("Jumps and marks")
struct JumpAndMarkTests {
  let helper = UpdateTests()

  @Test func theJumpListWalksBackAndForwardAndANewJumpDropsWhatIsAhead() {
    var list = JumpList()
    let places = (0..<4).map { Destination(page: PageIndex($0 * 10)) }
    list.record(leaving: places[0])
    list.record(leaving: places[1])
    // At page 20 now: back keeps 20, so forward returns to it.
    #expect(list.back(from: places[2]) == places[1])
    #expect(list.back(from: places[1]) == places[0])
    #expect(list.back(from: places[0]) == nil)
    #expect(list.forward() == places[1])
    #expect(list.forward() == places[2])
    #expect(list.forward() == nil)
    // From page 10 (after one back), a new jump drops page 20.
    _ = list.back(from: places[2])
    list.record(leaving: places[1])
    #expect(list.places == [places[0], places[1]])
    #expect(list.lastLeft == places[1])
    for page in 0..<(JumpList.capacity + 20) {
      list.record(leaving: Destination(page: PageIndex(page)))
    }
    #expect(list.places.count == JumpList.capacity)
  }

  @Test func goingToPagesIsAJumpThatCtrlOAndCtrlPWalk() {
    var app = helper.state(mode: .continuous)
    _ = helper.type("12G", on: &app)
    #expect(app.view.currentPage == PageIndex(11))
    _ = helper.type(":30", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(app.view.currentPage == PageIndex(29))
    _ = helper.type("jjj", on: &app)
    let scrolled = app.here
    _ = helper.press([.control("o")], on: &app)
    #expect(app.view.currentPage == PageIndex(11))
    _ = helper.press([.control("o")], on: &app)
    #expect(app.view.currentPage == PageIndex(0))
    _ = helper.press([.control("o")], on: &app)
    #expect(app.status.message == "no jump to go back to")
    _ = helper.press([.control("p"), .control("p")], on: &app)
    // Forward comes back to the place left, scrolled as it was.
    #expect(app.here == scrolled)
    _ = helper.press([.control("p")], on: &app)
    #expect(app.status.message == "no jump to go forward to")
  }

  @Test func quoteQuoteReturnsToThePlaceBeforeTheLastJumpAndBack() {
    var app = helper.state()
    _ = helper.type("5G", on: &app)
    _ = helper.type("30G", on: &app)
    _ = helper.type("''", on: &app)
    #expect(app.view.currentPage == PageIndex(4))
    _ = helper.type("''", on: &app)
    #expect(app.view.currentPage == PageIndex(29))
    #expect(app.modes.all.count == 1)
  }

  @Test func aMarkRemembersThePlaceAndItsReturnIsAJump() {
    var app = helper.state(mode: .continuous, remembersPlace: true)
    _ = helper.type("20Gjj", on: &app)
    let marked = app.here
    #expect(marked.page == PageIndex(19) && (marked.top ?? 0) > 0)
    let effects = helper.type("ma", on: &app)
    #expect(app.navigation.marks[Character("a")] == marked)
    #expect(app.place.marks == app.navigation.marks)
    #expect(helper.timersStarted(in: effects)[.savePlace] != nil, "a mark is saved with the place")
    _ = helper.type("g", on: &app)
    _ = helper.type("'a", on: &app)
    #expect(app.here == marked)
    _ = helper.type("''", on: &app)
    #expect(app.view.currentPage == PageIndex(0))
    _ = helper.type("'b", on: &app)
    #expect(app.status.message == "no mark b")
    _ = helper.type("m1", on: &app)
    #expect(app.status.message == "marks are letters")
    // Esc after m sets nothing and leaves the mode.
    _ = helper.type("m", on: &app)
    _ = helper.press([.escape], on: &app)
    #expect(app.modes.all.count == 1 && app.navigation.marks.places.count == 1)
  }

  @Test func searchHitsAreJumps() {
    let search = SearchUpdateTests()
    var app = helper.state(mode: .continuous)
    _ = helper.type("/x", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(search.results(app, [8: 1, 25: 1]))
    #expect(app.view.currentPage == PageIndex(8))
    _ = helper.type("n", on: &app)
    #expect(app.view.currentPage == PageIndex(25))
    _ = helper.press([.control("o")], on: &app)
    #expect(app.view.currentPage == PageIndex(8))
    _ = helper.press([.control("o")], on: &app)
    #expect(app.view.currentPage == PageIndex(0))
  }
}
