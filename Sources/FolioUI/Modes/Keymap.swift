import FolioCore

/// Which key does what: a data table, shown as is by the `?` overlay.
public struct Keymap: Sendable {
  /// One row of the table: the keys, the action, and the words the overlay shows.
  public struct Binding: Sendable {
    /// Keys that trigger the action.
    public var keys: [Key]
    /// What they do.
    public var action: Action
    /// How the overlay names the keys ("j ↓").
    public var keyNames: String
    /// How the overlay describes the action.
    public var summary: String
    /// Whether a count typed before the key (`12j`) repeats or parameterizes it.
    public var takesCount: Bool

    /// Creates a row.
    public init(keys: [Key], action: Action, keyNames: String, summary: String, takesCount: Bool) {
      self.keys = keys
      self.action = action
      self.keyNames = keyNames
      self.summary = summary
      self.takesCount = takesCount
    }
  }

  /// The rows, in the order the overlay lists them.
  public let bindings: [Binding]
  private let table: [Key: Int]

  /// Creates a keymap from rows; a key listed twice keeps its first row.
  public init(_ bindings: [Binding]) {
    self.bindings = bindings
    var table: [Key: Int] = [:]
    for (row, binding) in bindings.enumerated() {
      for key in binding.keys where table[key] == nil { table[key] = row }
    }
    self.table = table
  }

  /// The row for a key, if the key does anything.
  public func binding(for key: Key) -> Binding? {
    table[key].map { bindings[$0] }
  }

  /// Folio's keys: vim and less habits.
  public static let standard = Keymap([
    row(
      [.character("j"), .down], .move(.down), "j ↓", "down (grid: select below; spread: next)",
      count: true),
    row([.character("k"), .up], .move(.up), "k ↑", "up", count: true),
    row(
      [.character("h"), .left], .move(.left), "h ←", "left (spread: previous, or pan when zoomed)",
      count: true),
    row([.character("l"), .right], .move(.right), "l →", "right", count: true),
    row(
      [.pageDown, .character(" "), .control("f")], .page(forward: true), "PgDn Space",
      "next screen", count: true),
    row(
      [.pageUp, .character("b"), .control("b")], .page(forward: false), "PgUp b", "previous screen",
      count: true),
    row(
      [.character("J")], .stepPages(forward: true), "J K", "next, previous page (as in zathura)",
      count: true),
    row([.character("K")], .stepPages(forward: false), "", "", count: true),
    row(
      [.character(">")], .panHalf(forward: true), "< >", "pan half a screen right, left",
      count: true),
    row([.character("<")], .panHalf(forward: false), "", "", count: true),
    row([.control("d")], .halfPage(forward: true), "Ctrl-D", "half a screen down", count: true),
    row([.control("u")], .halfPage(forward: false), "Ctrl-U", "half a screen up", count: true),
    row([.home, .character("g")], .first, "g Home", "first page", count: false),
    row([.end, .character("G")], .last, "G End", "last page; NG: page N", count: true),
    row([.character(":")], .prompt, ":", "go to a page number or label", count: false),
    row(
      [.character("/")], .searchPrompt, "/", "search the text as you type",
      count: false),
    row([.character("n")], .nextHit, "n N", "next, previous hit", count: true),
    row([.character("N")], .previousHit, "", "", count: true),
    row([.character("L")], .hitsPanel, "L", "list of hits", count: false),
    row([.character("&")], .onlyHits, "&", "only pages with hits", count: false),
    row([.character("o")], .outlinePanel, "o", "outline (contents)", count: false),
    row(
      [.character("A")], .annotationsPanel, "A", "annotations: highlights, notes (d deletes)",
      count: false),
    row([.character("f")], .linkHints, "f y", "follow a link, copy its URI", count: false),
    row([.character("y")], .copyLink, "", "", count: false),
    row(
      [.character("P")], .peekLink, "P", "peek at where a link leads (Enter goes there)",
      count: false),
    row([.character("x")], .selectText, "x Y", "select text to copy, copy the page", count: false),
    row([.character("Y")], .copyPage, "", "", count: false),
    row([.control("o")], .jumpBack, "^O ^P", "back, forward through jumps", count: true),
    row([.control("p")], .jumpForward, "", "", count: true),
    row([.character("m")], .setMark, "mx 'x", "set, go to mark x; '' back", count: false),
    row([.character("'"), .character("`")], .goToMark, "", "", count: false),
    row([.character("v")], .toggleSelection, "v V", "pick a page, pick up to here", count: false),
    row([.character("V")], .selectRange, "", "", count: false),
    row(
      [.enter], .open, "Enter", "open the page: its spread, or screen-wide if a spread is narrow",
      count: false),
    row([.escape, .backspace], .back, "Esc Bksp", "back to the grid", count: false),
    row([.tab], .cycleMode, "Tab", "grid → continuous → spread", count: false),
    row(
      [.character("1")], .show(.grid), "1 2 3 4",
      "grid, continuous, spread, reading (the text reflowed)",
      count: false),
    row([.character("2")], .show(.continuous), "", "", count: false),
    row([.character("3")], .show(.spread), "", "", count: false),
    row([.character("4")], .show(.read), "", "", count: false),
    row([.character("+")], .zoomIn, "+ - = z", "zoom in, out, reset, to read", count: true),
    row([.character("-")], .zoomOut, "", "", count: true),
    row([.character("=")], .zoomReset, "", "", count: false),
    row([.character("z")], .readingZoom, "", "", count: false),
    row([.character("s")], .cycleSpreadMode, "s", "single / double / book spreads", count: false),
    row([.character("r")], .toggleBinding, "r", "right-to-left binding", count: false),
    row([.character("S")], .toggleShift, "S", "shift spreads by one page", count: false),
    row([.character("F")], .toggleShelf, "F", "filmstrip on/off", count: false),
    row([.character("c")], .cycleSymbols, "c", "next symbol set", count: false),
    row([.character("i")], .toggleInvert, "i", "invert (dark paper)", count: false),
    row([.character("T")], .toggleTrim, "T", "trim the margins", count: false),
    row([.character("t")], .cycleTextLayer, "t", "text: where legible, all, none", count: false),
    row([.character("p")], .togglePixels, "p", "pages as images or block art", count: false),
    row([.character("R")], .reload, "R", "reload the file", count: false),
    row(
      [.character("E")], .showSource, "E", "its source line in the editor (SyncTeX)", count: false),
    row(
      [.character("[")], .previousDocument, "[ ]", "previous, next document of the library",
      count: false),
    row([.character("]")], .nextDocument, "", "", count: false),
    row(
      [.character("O")], .cycleOrder, "O", "library: by name, last opened, modified",
      count: false),
    row([.character("?")], .toggleHelp, "?", "this help", count: false),
    row([.character("q")], .quit, "q", "quit", count: false),
  ])

  private static func row(
    _ keys: [Key], _ action: Action, _ names: String, _ summary: String, count: Bool
  ) -> Binding {
    Binding(keys: keys, action: action, keyNames: names, summary: summary, takesCount: count)
  }
}
