@preconcurrency import CNcursesw
import FolioCore
import Glibc

/// The real terminal, driven through ncursesw: sets the terminal up, presents screen buffers,
/// reads input, and restores the terminal on every way out.
public final class NcursesTerminal {
  private var pairs: [ColorPairKey: Int32] = [:]
  private var previous: ScreenBuffer?
  private var isActive = false

  /// Takes over the terminal: UTF-8 locale, cbreak, no echo, keypad, hidden cursor, colors.
  /// Installs handlers so SIGINT, SIGTERM and SIGHUP restore the terminal before exiting.
  public init() throws {
    setlocale(LC_ALL, "")
    TerminalRestorer.install()
    guard initscr() != nil else { throw TerminalError.cannotInitialize }
    isActive = true
    TerminalRestorer.isCursesActive = true
    cbreak()
    noecho()
    nonl()
    keypad(folio_stdscr(), true)
    curs_set(0)
    if has_colors() {
      start_color()
      use_default_colors()
    }
    set_escdelay(25)
  }

  deinit { restore() }

  /// Gives the terminal back as it was: idempotent.
  public func restore() {
    guard isActive else { return }
    isActive = false
    TerminalRestorer.isCursesActive = false
    endwin()
  }

  /// The terminal's size in cells.
  public var size: CellSize {
    CellSize(columns: Int(folio_getmaxx(folio_stdscr())), rows: Int(folio_getmaxy(folio_stdscr())))
  }

  /// Waits up to `milliseconds` (negative: forever) for one key; nil on timeout.
  public func readKey(timeout milliseconds: Int32) -> TerminalKey? {
    wtimeout(folio_stdscr(), milliseconds)
    var character: wint_t = 0
    let status = wget_wch(folio_stdscr(), &character)
    if status == folio_err { return nil }
    if status == folio_key_code_yes {
      if Int32(character) == folio_key_resize { return .resize }
      return .function(Int32(character))
    }
    return Unicode.Scalar(UInt32(character)).map { .character($0) } ?? .function(Int32(character))
  }

  /// Draws `buffer` on the terminal, writing only cells that changed since the last call.
  public func present(_ buffer: ScreenBuffer) {
    let full = previous?.size != buffer.size
    if full { erase() }
    for y in 0..<buffer.size.rows {
      for x in 0..<buffer.size.columns {
        let cell = buffer[x, y]
        if !full, let previous, previous[x, y] == cell { continue }
        if cell.isContinuation { continue }
        var attributes = folio_a_normal
        if cell.attributes.contains(.bold) { attributes |= folio_a_bold }
        if cell.attributes.contains(.reverse) { attributes |= folio_a_reverse }
        if cell.attributes.contains(.underline) { attributes |= folio_a_underline }
        if cell.attributes.contains(.dim) { attributes |= folio_a_dim }
        let pair = colorPair(foreground: cell.foreground, background: cell.background)
        _ = folio_mvadd_wch_pair(
          Int32(y), Int32(x), wchar_t(bitPattern: cell.scalar.value), attributes, pair)
      }
    }
    previous = buffer
    refresh()
  }

  /// Forgets what is on screen so the next `present` redraws everything.
  public func invalidate() {
    previous = nil
    clearok(folio_stdscr(), true)
  }

  private func colorPair(foreground: TerminalColor, background: TerminalColor) -> Int32 {
    let key = ColorPairKey(foreground: foreground, background: background)
    if let pair = pairs[key] { return pair }
    let pair = alloc_pair(colorNumber(foreground), colorNumber(background))
    let result = pair < 0 ? 0 : pair
    pairs[key] = result
    return result
  }

  private func colorNumber(_ color: TerminalColor) -> Int32 {
    let available = Int(folio_colors())
    switch color {
    case .default:
      return -1
    case .indexed(let index):
      return Int(index) < available ? Int32(index) : Int32(Palette.nearest16(index: index, limit: available))
    case .rgb(let red, let green, let blue):
      if available >= 1 << 24 {
        let value = Int32(red) << 16 | Int32(green) << 8 | Int32(blue)
        return value < 256 ? 256 : value
      }
      let index = Palette.nearest256(red: red, green: green, blue: blue)
      return Int(index) < available
        ? Int32(index) : Int32(Palette.nearest16(index: index, limit: available))
    }
  }
}

private struct ColorPairKey: Hashable {
  var foreground: TerminalColor
  var background: TerminalColor
}

/// A key as the terminal reports it.
public enum TerminalKey: Hashable, Sendable {
  /// A typed character (letters, digits, control characters such as Ctrl-D = U+0004).
  case character(Unicode.Scalar)
  /// A function key code (KEY_UP, KEY_NPAGE, …).
  case function(Int32)
  /// The terminal changed size.
  case resize
}

/// Why the terminal could not be used.
public enum TerminalError: Error {
  /// ncurses could not start on this terminal.
  case cannotInitialize
}
