import FolioCore
import FolioPixels
import Testing

/// The choice of pixels: from `--pixels`, the terminal's replies and, inside tmux, what tmux
/// says of the terminal outside; placeholder ids and marks as kitty reads them.
@Suite("Pixel display")
struct PixelDisplayTests {
  func replies(_ text: String) -> TerminalReplies {
    TerminalReplies(reading: Array(text.utf8))
  }

  let kittyAnswer = "\u{1B}_Gi=31;OK\u{1B}\\"
  let attributes = "\u{1B}[?62;22c"
  let sixelAttributes = "\u{1B}[?63;4;22c"

  func version(_ name: String) -> String { "\u{1B}P>|\(name)\u{1B}\\" }

  @Test func outsideTmuxTheTerminalsAnswersDecide() {
    let cases: [(String, PixelDisplay)] = [
      (kittyAnswer + version("kitty(0.35.2)") + attributes, .kittyPlaceholders(throughTmux: false)),
      (kittyAnswer + version("kitty(0.26.5)") + attributes, .kittyPlacements),
      (kittyAnswer + version("ghostty 1.1.0") + attributes, .kittyPlaceholders(throughTmux: false)),
      // Answers kitty's query, not known to do placeholders.
      (kittyAnswer + version("Konsole 23.08") + attributes, .kittyPlacements),
      (kittyAnswer + version("WezTerm 20240203") + attributes, .iterm2),
      (version("XTerm(379)") + sixelAttributes, .sixel),
      (version("foot(1.16.2)") + sixelAttributes, .sixel),
      (version("XTerm(379)") + attributes, .blockArt),
      (attributes, .blockArt),
    ]
    for (answer, expected) in cases {
      let chosen = PixelDisplay.chosen(
        setting: .auto, replies: replies(answer), tmux: nil, colors: .truecolor)
      #expect(chosen.display == expected, "\(answer.debugDescription)")
      #expect(chosen.notice == nil)
    }
    // Not asked (the Linux console, screen, dumb): block art.
    #expect(
      PixelDisplay.chosen(setting: .auto, replies: nil, tmux: nil, colors: .truecolor).display
        == .blockArt)
    // Placeholder cells need 256 colors: placements in 16.
    #expect(
      PixelDisplay.chosen(
        setting: .auto, replies: replies(kittyAnswer + version("kitty(0.35.2)") + attributes),
        tmux: nil, colors: .ansi16
      ).display == .kittyPlacements)
    #expect(
      PixelDisplay.chosen(
        setting: .off, replies: replies(kittyAnswer + attributes), tmux: nil, colors: .truecolor
      ).display == .blockArt)
  }

  @Test func insideTmuxTmuxsClientDecides() {
    func chosen(
      _ client: TmuxClient, _ setting: PixelsSetting = .auto, colors: ColorMode = .palette256
    )
      -> (display: PixelDisplay, notice: String?)
    {
      PixelDisplay.chosen(setting: setting, replies: nil, tmux: client, colors: colors)
    }
    let kitty = TmuxClient(termName: "xterm-kitty", allowsPassthrough: true)
    #expect(chosen(kitty).display == .kittyPlaceholders(throughTmux: true))
    #expect(
      chosen(
        TmuxClient(termName: "xterm-256color", termType: "kitty(0.36.0)", allowsPassthrough: true)
      )
      .display == .kittyPlaceholders(throughTmux: true))
    // tmux 3.4 names an old kitty: no placeholders there, and the line says which kitty
    // would show them.
    let old = chosen(
      TmuxClient(termName: "xterm-kitty", termType: "kitty(0.26.5)", allowsPassthrough: true))
    #expect(old.display == .blockArt)
    #expect(old.notice?.contains("kitty 0.28 or newer") == true, "\(old.notice ?? "")")
    #expect(old.notice?.contains("kitty(0.26.5)") == true)
    #expect(
      chosen(TmuxClient(termName: "xterm-256color", allowsPassthrough: true)).display == .blockArt)
    // Passthrough off: block art, and how to turn it on.
    let closed = chosen(TmuxClient(termName: "xterm-kitty", allowsPassthrough: false))
    #expect(closed.display == .blockArt)
    #expect(closed.notice?.contains("allow-passthrough on") == true)
    // Too few colors for the ids.
    let few = chosen(kitty, colors: .ansi16)
    #expect(few.display == .blockArt && few.notice != nil)
    // `--pixels kitty` trusts the person; a tmux built with sixel draws sixel itself.
    #expect(
      chosen(TmuxClient(termName: "xterm", allowsPassthrough: true), .kitty).display
        == .kittyPlaceholders(throughTmux: true))
    #expect(
      chosen(TmuxClient(termName: "foot", features: ["sixel"], allowsPassthrough: false)).display
        == .sixel)
    #expect(chosen(kitty, .off).display == .blockArt)
  }

  @Test func tmuxsLineIsRead() throws {
    let client = try #require(
      TmuxClient(reading: "xterm-kitty\tkitty(0.35.2)\tbpaste,RGB,sixel\t10\t20\t1"))
    #expect(client.termName == "xterm-kitty" && client.termType == "kitty(0.35.2)")
    #expect(client.features == ["bpaste", "RGB", "sixel"])
    #expect(client.cellPixels == PixelSize(width: 10, height: 20))
    #expect(client.allowsPassthrough)
    let unknown = try #require(TmuxClient(reading: "xterm-256color\t\t\t0\t0\t0"))
    #expect(unknown.cellPixels == nil && !unknown.allowsPassthrough)
    #expect(TmuxClient(reading: "all")?.allowsPassthrough == nil)
    #expect(TmuxClient(reading: "x\t\t\t0\t0\tall")?.allowsPassthrough == true)
  }

  @Test func placeholderIDsAreColorsAndAMark() throws {
    let first = PlaceholderImageID(number: 0, isDirectColor: false)
    #expect(first.color == .indexed(16) && first.value == 16 && first.highByte == 0)
    let later = PlaceholderImageID(number: 240 * 3 + 5, isDirectColor: false)
    #expect(later.color == .indexed(21) && later.highByte == 3 && later.value == 3 << 24 | 21)
    // Direct color: 0x0001NN, never below 256 (curses would take it for a palette index).
    let direct = PlaceholderImageID(number: 240 * 3 + 5, isDirectColor: true)
    #expect(direct.color == .rgb(0, 1, 21) && direct.value == 3 << 24 | 0x115)
    // Ids come round after `count`, every one in 16–255 and a byte.
    #expect(PlaceholderImageID(number: PlaceholderImageID.count, isDirectColor: false) == first)
    var screen = ScreenBuffer(size: CellSize(columns: 3, rows: 2))
    screen.setPlaceholder(row: 2, column: 296, of: later, x: 1, y: 1)
    #expect(screen[1, 1].scalar == PlaceholderMarks.base && screen[1, 1].foreground == later.color)
    #expect(
      screen.marks(x: 1, y: 1)?.scalars.map(\.value)
        == [KittyDiacritics.scalars[2], KittyDiacritics.scalars[296], KittyDiacritics.scalars[3]])
    let read = try #require(screen.placeholder(x: 1, y: 1))
    #expect(read.row == 2 && read.column == 296 && read.idHighByte == 3)
    #expect(screen.placeholder(x: 0, y: 1) == nil)
    // Written over, the cell is no placeholder any more.
    screen[1, 1] = Cell("x")
    #expect(screen.marks(x: 1, y: 1) == nil && screen.placeholder(x: 1, y: 1) == nil)
    #expect(KittyDiacritics.scalars.count == 297 && Set(KittyDiacritics.scalars).count == 297)
  }

  @Test func aPrintedPlaceholderCellKeepsItsMarksAndColor() {
    var buffer = ScreenBuffer(size: CellSize(columns: 2, rows: 1))
    let id = PlaceholderImageID(number: 7, isDirectColor: false)
    buffer.setPlaceholder(row: 0, column: 0, of: id, x: 0, y: 0)
    buffer.setPlaceholder(row: 0, column: 1, of: id, x: 1, y: 0)
    let printed = AnsiPrinter(colorMode: .none).text(for: buffer)
    #expect(printed.contains("\u{1B}[38;5;23m"))
    #expect(printed.unicodeScalars.filter { $0.value == 0x10EEEE }.count == 2)
    #expect(
      printed.unicodeScalars.contains { $0.value == KittyDiacritics.scalars[1] },
      "the second cell's column mark")
  }
}
