import FolioConfig
import FolioCore
import FolioLayout
import FolioUI
import Foundation
import Testing

/// A line that breaks the TOML syntax costs that line, never the file: it is reported with
/// what is wrong (and its fix where the mistake is a common one) and the rest applies.
@Suite struct ConfigRecoveryTests {
  @Test func anUnquotedWordCostsItsLineAndTheTablesAfterItStillApply() {
    let config = ConfigFile.parse(
      """
      mode = continuous
      symbols = "quad"
      [keys]
      J = "next-page"
      """, name: "c.toml")
    #expect(
      config.problems == [
        "c.toml:1: mode = continuous: a text value needs quotes: mode = \"continuous\""
      ])
    #expect(config.mode == nil)
    #expect(config.symbols == .quad)
    #expect(config.keys.map(\.key) == [.character("J")])
    #expect(config.keys.map(\.action) == [.stepPages(forward: true)])
  }

  @Test(arguments: [
    ("trim = True", "trim = True: true and false are written in lower case: trim = true"),
    ("rtl = yes", "rtl = yes: rtl takes true or false, without quotes: rtl = true"),
    ("mode: \"grid\"", "mode: \"grid\": a setting is written as name = value: mode = \"grid\""),
    ("mode \"grid\"", "mode \"grid\": a setting is written as name = value: mode = \"grid\""),
    ("mode = \"grid", "mode = \"grid: the text needs a closing \": mode = \"grid\""),
    (
      "mode = grid # the view",
      "mode = grid # the view: a text value needs quotes: "
        + "mode = \"grid\" # the view"
    ),
    ("mode = two words", "mode = two words: a text value needs quotes: mode = \"two words\""),
    (
      "cache-mb = 12 MB",
      "cache-mb = 12 MB: only a comment (# …) may follow the value: "
        + "cache-mb = 12"
    ),
    (
      "cell-aspect = 2,2",
      "cell-aspect = 2,2: a number takes a decimal point, not a comma: "
        + "cell-aspect = 2.2"
    ),
    (
      "mode = \u{201C}grid\u{201D}",
      "mode = \u{201C}grid\u{201D}: text goes in straight quotes "
        + "(\"), not typographic ones: mode = \"grid\""
    ),
    ("mode =", "mode =: the value after = is missing"),
    ("= \"grid\"", "= \"grid\": the name before = is missing"),
    ("mode = \"C:\\docs\"", "mode = \"C:\\docs\": \\d is no escape"),
    ("mode = 012", "mode = 012: 012 is not a number"),
    ("mode = 1979-05-27", "mode = 1979-05-27: dates and times are not among Folio's settings"),
    ("[keys", "[keys: a table's name is written [name]: [keys]"),
    ("[keys]]", "[keys]]: a table's name is written [name]: [keys]"),
  ])
  func aCommonMistakeIsExplainedWithItsFix(line: String, message: String) {
    // Under a broken table header, the line after it goes too: the setting comes first.
    let config = ConfigFile.parse("symbols = \"ascii\"\n" + line, name: "c.toml")
    #expect(config.problems.count == 1, "\(config.problems)")
    #expect(config.problems.first?.hasPrefix("c.toml:2: " + message) == true, "\(config.problems)")
    #expect(config.symbols == .ascii)
  }

  @Test(arguments: [
    ("<C-n> = \"next-hit\"", "\"<C-n>\" = \"next-hit\""),
    ("^N = \"next-hit\"", "\"^N\" = \"next-hit\""),
    ("ctrl+n = \"next-hit\"", "\"ctrl+n\" = \"next-hit\""),
    ("? = \"help\"", "\"?\" = \"help\""),
  ])
  func aKeyThatNeedsQuotesIsShownWithThemAndTheOtherBindingsApply(line: String, fix: String) {
    let config = ConfigFile.parse("[keys]\nx = \"quit\"\n\(line)\nJ = \"last-page\"", name: "k")
    #expect(
      config.problems == [
        "k:3: \(line): a key with characters other than letters, digits, - and _ needs quotes: "
          + fix
      ])
    #expect(config.keys.map(\.key) == [.character("x"), .character("J")])
    // The fix it shows is a line that works.
    let fixed = ConfigFile.parse("[keys]\n" + fix, name: "k")
    #expect(fixed.problems.isEmpty && fixed.keys.count == 1, "\(fixed.problems)")
  }

  @Test func aBrokenTableHeaderTakesItsTableWithIt() {
    let config = ConfigFile.parse(
      """
      [keys
      J = "quit"
      K = "quit"
      """, name: "c.toml")
    // Not "unknown setting 'J'": the lines were meant for [keys].
    #expect(
      config.problems == [
        "c.toml:1: [keys: a table's name is written [name] (the 2 lines under it are skipped "
          + "too): [keys]"
      ])
    #expect(config.keys.isEmpty)
    // A header toml++ would assert on is refused the same way.
    for header in ["[[[", "[.", "[=]", "[[.x]]", "[ [a] ]"] {
      let odd = ConfigFile.parse("\(header)\nJ = \"quit\"\n[keys]\nK = \"quit\"", name: "o")
      #expect(odd.problems.count == 1 && odd.problems[0].hasPrefix("o:1: "), "\(odd.problems)")
      #expect(odd.keys.map(\.key) == [.character("K")], "\(header)")
    }
  }

  @Test func aKeyOrTableSetTwiceKeepsTheFirstAndSaysWhere() {
    let config = ConfigFile.parse(
      """
      mode = "grid"
      mode = "spread"
      [keys]
      J = "quit"
      "J" = "help"
      [keys]
      K = "quit"
      """, name: "c.toml")
    #expect(
      config.problems == [
        "c.toml:2: mode = \"spread\": mode is set already on line 1",
        "c.toml:5: \"J\" = \"help\": keys.J is set already on line 4",
        "c.toml:6: [keys]: the [keys] table is already on line 3 (the line under it is "
          + "skipped too)",
      ])
    #expect(config.mode == .grid)
    #expect(config.keys.map(\.action) == [.quit])
  }

  @Test func aTextOrListLeftOpenCostsTheLineThatOpensIt() {
    let text = ConfigFile.parse("a = \"\"\"abc\nmode = \"spread\"\n", name: "c")
    #expect(
      text.problems == ["c:1: a = \"\"\"abc: the text that starts with \"\"\" is never closed"])
    #expect(text.mode == .spread)
    let list = ConfigFile.parse("a = [1,\n2\nmode = \"spread\"\n", name: "c")
    #expect(list.problems == ["c:1: a = [1,: the list that starts with [ is not closed with ]"])
    #expect(list.mode == .spread)
    // Closed, they are just unknown settings, on their own lines.
    let closed = ConfigFile.parse(
      "a = \"\"\"x\ny\"\"\"\nb = [\n1,\n]\nmode = \"spread\"", name: "c")
    #expect(closed.problems == ["c:1: unknown setting 'a'", "c:3: unknown setting 'b'"])
    #expect(closed.mode == .spread)
  }

  @Test func lineNumbersStayRightAfterALineIsSkipped() {
    let config = ConfigFile.parse(
      """
      # comment
      mode = continuous

      zoom = 3
      [keys]
      J = "fly"
      """, name: "c.toml")
    #expect(config.problems.count == 3)
    #expect(config.problems[0].hasPrefix("c.toml:2: "))
    #expect(config.problems[1] == "c.toml:4: unknown setting 'zoom'")
    #expect(config.problems[2] == "c.toml:6: unknown action 'fly' (folio --list-actions)")
  }

  @Test func aSettingUnderKeysIsSaidToGoAboveIt() {
    let config = ConfigFile.parse("[keys]\nJ = \"quit\"\nmode = \"grid\"", name: "c")
    #expect(config.problems == ["c:3: mode is a setting, not a key: it goes above [keys]"])
  }
}
