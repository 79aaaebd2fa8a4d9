import FolioCore
import FolioLayout
import FolioUI
import Testing

/// `p`: pages as images or block art, where the terminal shows images; a word where it does
/// not.
@Suite("Pixels toggle")
struct PixelsToggleTests {
  let helper = UpdateTests()

  @Test func pTogglesImagesWhereTheTerminalShowsThem() {
    var app = helper.state()
    _ = helper.type("p", on: &app)
    #expect(app.drawing.pixels == .unavailable)
    #expect(app.status.message?.contains("not shown in this terminal") == true)
    _ = app.update(.pixelsAvailable)
    #expect(app.drawing.pixels == .on)
    _ = helper.type("p", on: &app)
    #expect(app.drawing.pixels == .off)
    _ = helper.type("p", on: &app)
    #expect(app.drawing.pixels == .on)
  }
}
