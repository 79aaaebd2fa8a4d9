import FolioConfig
import FolioCore
import Testing

/// The colours of marks written over the selection, from the config file.
@Suite("Mark colours")
struct MarkColorTests {
  @Test func markColoursAreReadAndBadOnesSaid() {
    let config = ConfigFile.parse(
      "highlight-color = \"#80ff00\"\nunderline-color = \"0000ff\"\nstrike-out-color = \"red\"\n",
      name: "c")
    #expect(config.markColors["highlight"] == RGBA(red: 0x80, green: 0xff, blue: 0))
    #expect(config.markColors["underline"] == RGBA(red: 0, green: 0, blue: 0xff))
    #expect(config.markColors["strike-out"] == nil)
    #expect(config.problems.count == 1 && config.problems[0].contains("strike-out-color"))
  }
}
