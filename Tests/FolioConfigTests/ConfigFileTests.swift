import FolioConfig
import FolioCore
import FolioLayout
import FolioUI
import Testing

/// The config file: settings, key bindings, and one line per problem with the rest applied.
@Suite struct ConfigFileTests {
  @Test func settingsAndKeysAreRead() {
    let config = ConfigFile.parse(
      """
      mode = "continuous"
      spreads = "book"
      rtl = true
      symbols = "quad"
      colors = "256"
      invert = true
      text = "on"
      trim = true
      cache-mb = 128
      cell-aspect = 2.2
      remember = false

      [keys]
      "J" = "page-down"
      "ctrl-f" = "follow-link"
      "space" = ""
      """, name: "c.toml")
    #expect(config.problems.isEmpty, "\(config.problems)")
    #expect(config.mode == .continuous && config.spreads == .book && config.rightToLeft == true)
    #expect(config.symbols == .quad && config.colors == .palette256 && config.invert == true)
    #expect(config.text == .on && config.trim == true && config.remember == false)
    #expect(config.cacheMegabytes == 128 && config.cellAspect == 2.2)
    #expect(config.keys.map(\.key) == [.character("J"), .control("f"), .character(" ")])
    #expect(config.keys.map(\.action) == [.page(forward: true), .linkHints, nil])
  }

  @Test func eachProblemIsOneLineWithItsLineAndTheRestApplies() {
    let config = ConfigFile.parse(
      """
      mode = "sideways"
      symbols = "half"
      shape = 3
      trim = "yes"
      cache-mb = 0

      [keys]
      "J" = "fly"
      "ctrl-ab" = "quit"
      "x" = "quit"
      """, name: "c.toml")
    #expect(
      config.problems == [
        "c.toml:1: mode must be one of grid, continuous, spread, read",
        "c.toml:3: unknown setting 'shape'",
        "c.toml:4: trim must be true or false",
        "c.toml:5: cache-mb must be a whole number from 1 to 4096",
        "c.toml:8: unknown action 'fly' (folio --list-actions)",
        "c.toml:9: unknown key 'ctrl-ab': a key is " + KeyNotation.acceptedForms,
      ])
    #expect(config.symbols == .half)
    #expect(config.keys.count == 1 && config.keys.first?.action == .quit)
    let broken = ConfigFile.parse("mode = \n", name: "b.toml")
    #expect(broken.problems.count == 1 && broken.problems[0].hasPrefix("b.toml:1: "))
  }

  @Test func bindingMovesAKeyUnbindingRemovesItAndHelpNamesTheKeys() {
    let keymap = Keymap.standard.rebinding([
      (.character("J"), .page(forward: true)), (.character("q"), nil), (.character("x"), .quit),
    ])
    #expect(keymap.binding(for: .character("J"))?.action == .page(forward: true))
    #expect(keymap.binding(for: .character("q")) == nil)
    #expect(keymap.binding(for: .character("x"))?.action == .quit)
    let quit = keymap.bindings.first { $0.action == .quit }
    #expect(quit?.keyNames == "x")
    #expect(Set(ActionNames.all.map(\.name)).count == ActionNames.all.count)
    // A key rebound on a row shown with the one above it ("n N") renames that row's keys.
    let hits = Keymap.standard.rebinding([(.character("N"), nil), (.character("p"), .previousHit)])
    #expect(hits.bindings.first { $0.action == .nextHit }?.keyNames == "n p")
    #expect(ActionNames.action(named: "next-page") == .stepPages(forward: true))
    #expect(ActionNames.action(named: "previous-page") == .stepPages(forward: false))
  }
}
