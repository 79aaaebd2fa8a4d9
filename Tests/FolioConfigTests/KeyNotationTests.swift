import FolioConfig
import FolioCore
import FolioUI
import Testing

/// The `[keys]` table reads the spellings of keys that other tools use as the same keys.
@Suite struct KeyNotationTests {
  @Test(arguments: [
    (
      ["<C-n>", "C-n", "ctrl+n", "Ctrl-N", "^N", "ctrl-n", "control-n", "<c-N>", "CTRL+N"],
      Key.control("n")
    ),
    (["<CR>", "enter", "Return", "<Enter>", "^M", "ctrl-j"], Key.enter),
    (["<Esc>", "esc", "Escape", "^["], Key.escape),
    (["<Tab>", "tab", "ctrl-i", "^I"], Key.tab),
    (["<S-Tab>", "shift-tab", "backtab", "Shift+Tab"], Key.backTab),
    (["<BS>", "backspace", "^?", "ctrl-h"], Key.backspace),
    (["<Del>", "delete"], Key.delete),
    (["<Space>", " ", "space", "SPC"], Key.character(" ")),
    (["<PageDown>", "PgDn", "pagedown", "page-down"], Key.pageDown),
    (["<Up>", "up"], Key.up),
    (["<F5>", "f5", "F5"], Key.function(5)),
    (["J", "S-j", "shift+j", "<S-j>"], Key.character("J")),
    (["<lt>", "<"], Key.character("<")),
    (["-"], Key.character("-")),
    (["^"], Key.character("^")),
  ])
  func spellingsOfOneKeyAreThatKey(spellings: [String], key: Key) {
    for spelling in spellings {
      #expect(ActionNames.key(named: spelling) == key, "\(spelling)")
    }
  }

  @Test(arguments: [
    ("<A-x>", KeyNotationError.alt), ("alt+x", .alt), ("M-x", .alt), ("<D-s>", .superKey),
    ("ctrl-1", .control), ("^@", .control), ("C-space", .control), ("shift-1", .shift),
    ("ctrl-ab", .unknown), ("", .unknown), ("\u{7}", .unknown), ("f13", .unknown),
    ("<>", .unknown), ("C-S-n", .control),
  ])
  func spellingsOfNoBindableKeyAreRefusedWithTheReason(spelling: String, error: KeyNotationError) {
    #expect(KeyNotation.key(spelling) == .failure(error), "\(spelling)")
  }

  @Test func anUnknownKeyIsToldTheFormsThatWork() {
    let config = ConfigFile.parse("[keys]\n\"ctrl-ab\" = \"quit\"\n\"<A-x>\" = \"quit\"", name: "c")
    #expect(
      config.problems == [
        "c:2: unknown key 'ctrl-ab': a key is " + KeyNotation.acceptedForms,
        "c:3: unknown key '<A-x>': Alt and Meta keys cannot be bound (a terminal sends them as "
          + "Esc, then the key)",
      ])
    for form in ["\"ctrl-n\"", "\"C-n\"", "\"<C-n>\"", "\"^N\"", "space", "f1 to f12"] {
      #expect(KeyNotation.acceptedForms.contains(form))
    }
  }

  @Test func keysBeyondTheDefaultsAreNamedInTheHelp() {
    let config = ConfigFile.parse(
      "[keys]\n\"<F5>\" = \"reload\"\n\"<S-Tab>\" = \"next-view\"\n\"<Del>\" = \"quit\"",
      name: "c")
    #expect(config.problems.isEmpty, "\(config.problems)")
    let keymap = Keymap.standard.rebinding(config.keys)
    #expect(keymap.bindings.first { $0.action == .reload }?.keyNames == "R F5")
    #expect(keymap.bindings.first { $0.action == .cycleMode }?.keyNames == "Tab S-Tab")
    #expect(keymap.bindings.first { $0.action == .quit }?.keyNames == "q Del")
  }
}
