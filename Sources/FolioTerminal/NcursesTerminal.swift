@preconcurrency import CNcursesw
import FolioCore
import Glibc

/// The real terminal, driven through ncursesw: sets it up (UTF-8 locale, cbreak, no echo,
/// keypad, hidden cursor, mouse, default colors, true color where terminfo has it), presents
/// screen buffers as cell diffs, decodes input, and gives the terminal back on every way out.
public final class NcursesTerminal: TerminalBackend {
  /// The richest colors this terminal shows, capped by what was asked for.
  public let colorMode: ColorMode
  private let screen: OpaquePointer
  private var pairs: ColorPairTable
  private var previous: ScreenBuffer?
  var isActive = true
  /// Whether the screen was cleared since `takeScreenCleared()` last said so.
  private var screenCleared = false
  /// Until when late answers to the terminal's queries are dropped.
  var lateRepliesUntil: ContinuousClock.Instant?
  /// Whether images were written (and must be deleted when the terminal is given back).
  var hasShownImages = false
  /// The richest colors the terminal has, whatever `--colors` or NO_COLOR asked for (image
  /// placeholder cells carry ids in colors).
  public private(set) var colorCapability = ColorMode.none
  /// Whether curses draws 24-bit colors only (a `-direct` terminfo): palette indexes then
  /// become 24-bit colors.
  public var drawsDirectColor: Bool { pairs.isDirect }
  /// What deletes every image Folio showed, written when the terminal is given back and by
  /// the crash guard: kitty's delete-all for placements; nothing for placeholder images
  /// (deleted by id on the way out; a crash leaves them in kitty's memory, off screen) and for
  /// pictures painted into the cells (gone with the screen).
  public var imageDeletion = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)
  /// The line for the status line when TERM had no terminfo entry here and another one is
  /// drawn with ("terminal: no terminfo entry for xterm-ghostty here; drawing as
  /// xterm-256color"); nil when TERM's own (or tmux's) is used.
  public let typeNotice: String?
  /// Signals read from the self-pipe and not yet returned.
  private var pendingSignals: [TerminalRestorer.Received] = []
  private let savedStandardError: Int32
  private let environment: [String: String]

  /// Takes over the terminal. `colors` caps the color mode (`--colors`, or NO_COLOR's none);
  /// with COLORTERM=truecolor/24bit and a `*-direct` terminfo entry for TERM, that entry is
  /// used so 24-bit colors reach the terminal. An xterm-like TERM without an entry here
  /// (`xterm-ghostty` over SSH) is drawn as xterm, and `typeNotice` says so.
  public init(colors requested: ColorMode?, environment: [String: String]) throws {
    self.environment = environment
    UserLocale.adopt(environment: environment)
    TerminalRestorer.install()
    let term = environment["TERM"] ?? "xterm"
    let wantsDirect =
      requested == .truecolor
      || requested == nil
        && ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
    var opened: OpaquePointer?
    // $TMUX is inherited by terminals started from a tmux shell; tmux itself also sets
    // TERM_PROGRAM=tmux, which such terminals usually replace.
    let insideTmux =
      !(environment["TMUX"] ?? "").isEmpty && [nil, "tmux"].contains(environment["TERM_PROGRAM"])
    let choices = TerminalType.choices(
      for: term, wantsDirect: wantsDirect, insideTmux: insideTmux,
      isKnown: Self.hasTerminfo(for:))
    TerminalRestorer.takeLoopSignals()
    var notice: String?
    for choice in choices {
      opened = newterm(choice.entry, stdout, stdin)
      notice = choice.notice
      if opened != nil { break }
    }
    guard let opened else {
      TerminalRestorer.releaseLoopSignals()
      throw TerminalError.unknownTerminal(term)
    }
    set_term(opened)
    // A terminal that cannot put the cursor anywhere (TERM=dumb, as in Emacs' shell) cannot
    // show a full-screen view: say so rather than draw a screen that does not appear.
    guard Self.canMoveCursor() else {
      endwin()
      delscreen(opened)
      TerminalRestorer.releaseLoopSignals()
      throw TerminalError.cannotMoveCursor(term)
    }
    screen = opened
    typeNotice = notice
    // Libraries (Poppler) may print to stderr; while curses owns the screen that would
    // scribble over it. `ErrorStream` keeps it off the screen already (and `restore()` drops
    // what they wrote); without it, stderr goes to /dev/null until `restore()`.
    if ErrorStream.isCapturing {
      savedStandardError = -1
    } else {
      savedStandardError = dup(STDERR_FILENO)
      let null = open("/dev/null", O_WRONLY)
      if null >= 0 {
        dup2(null, STDERR_FILENO)
        close(null)
      }
    }
    TerminalRestorer.activate(savedStandardError: savedStandardError)
    cbreak()
    noecho()
    nonl()
    keypad(folio_stdscr(), true)
    curs_set(0)
    set_escdelay(25)
    // Presses, releases and moves with the button down too, for dragging over text: a press
    // and release in quick succession still come as a click.
    mousemask(
      folio_button1_clicked | folio_button1_double_clicked | folio_button1_pressed
        | folio_button1_released | folio_report_mouse_position | folio_button4_pressed
        | folio_button5_pressed, nil)
    var capability = ColorMode.none
    if has_colors() {
      start_color()
      use_default_colors()
      let count = Int(folio_colors())
      capability =
        count >= 1 << 24 ? .truecolor : count >= 256 ? .palette256 : count >= 8 ? .ansi16 : .none
    }
    let effective =
      [requested ?? capability, capability].min { $0.richness < $1.richness } ?? .none
    colorMode = effective
    colorCapability = capability
    pairs = ColorPairTable(
      capacity: max(0, Int(folio_color_pairs()) - 1), isDirect: capability == .truecolor,
      paletteSize: has_colors() ? Int(folio_colors()) : 0)
  }

  deinit {
    restore()
    delscreen(screen)
  }

  /// Whether terminfo has an entry named `name` where `newterm` looks (TERMINFO,
  /// ~/.terminfo, TERMINFO_DIRS, the system's folders); the terminal is not touched.
  static func hasTerminfo(for name: String) -> Bool { folio_has_terminfo(name) == 1 }

  /// Whether the current terminal's terminfo entry can address the cursor (`cup`).
  private static func canMoveCursor() -> Bool {
    guard let address = tigetstr("cup") else { return false }
    return Int(bitPattern: address) != -1
  }

  public func restore() {
    guard isActive else { return }
    deleteImages()
    isActive = false
    endwin()
    TerminalRestorer.deactivate()
    if savedStandardError >= 0 {
      dup2(savedStandardError, STDERR_FILENO)
      close(savedStandardError)
    }
    // What libraries wrote while the screen was ours is dropped, as it always was.
    ErrorStream.discard()
  }

  public var size: CellSize {
    CellSize(columns: Int(folio_getmaxx(folio_stdscr())), rows: Int(folio_getmaxy(folio_stdscr())))
  }

  public func invalidate() {
    previous = nil
    clearok(folio_stdscr(), true)
    screenCleared = true
  }

  public func takeScreenCleared() -> Bool {
    defer { screenCleared = false }
    return screenCleared
  }

  public func copyToClipboard(_ text: String) -> ClipboardJob? {
    guard isActive else { return nil }
    writeRaw(Array(Clipboard.sequence(copying: text).utf8))
    return Clipboard.tmuxJob(copying: text, environment: environment)
  }

  public func present(_ frame: ScreenBuffer) {
    ErrorStream.trim()
    let fitted = pairs.fitting(frame, mode: colorMode)
    if pairs.needsReset(for: fitted.keys) {
      // ncurses clears the screen after this.
      screenCleared = true
      reset_color_pairs()
      pairs.removeAll()
      previous = nil
    }
    let full = previous?.size != fitted.screen.size
    if full {
      erase()
      screenCleared = true
    }
    let buffer = fitted.screen
    for y in 0..<buffer.size.rows {
      for x in 0..<buffer.size.columns {
        let cell = buffer[x, y]
        if !full, let previous, previous[x, y] == cell,
          previous.marks(x: x, y: y) == buffer.marks(x: x, y: y)
        {
          continue
        }
        if cell.isContinuation { continue }
        let pair = pairs.pair(
          for: ColorPairTable.Key(cell),
          allocate: { number, fg, bg in
            init_extended_pair(number, fg, bg)
          })
        if let marks = buffer.marks(x: x, y: y) {
          // The character and its combining marks in one cell (kitty's image placeholders).
          var text = ([cell.scalar] + marks.scalars).map { wchar_t(bitPattern: $0.value) } + [0]
          _ = folio_mvadd_wchars_pair(Int32(y), Int32(x), &text, attributes(of: cell), pair)
          continue
        }
        _ = folio_mvadd_wch_pair(
          Int32(y), Int32(x), wchar_t(bitPattern: cell.scalar.value), attributes(of: cell), pair)
      }
    }
    previous = buffer
    update()
  }

  /// Writes what curses has to write.
  func update() {
    // doupdate() ignores SIGTSTP while it writes (so as not to stop half-way), which drops a
    // Ctrl-Z typed meanwhile. Blocked instead, the signal waits and suspends once the frame is
    // out. (Worker threads block it too, so it cannot go to them.)
    var suspend = sigset_t()
    var previousMask = sigset_t()
    sigemptyset(&suspend)
    sigaddset(&suspend, SIGTSTP)
    pthread_sigmask(SIG_BLOCK, &suspend, &previousMask)
    wnoutrefresh(folio_stdscr())
    doupdate()
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
  }

  private func attributes(of cell: Cell) -> attr_t {
    var result = folio_a_normal
    if cell.attributes.contains(.bold) { result |= folio_a_bold }
    if cell.attributes.contains(.reverse) { result |= folio_a_reverse }
    if cell.attributes.contains(.underline) { result |= folio_a_underline }
    if cell.attributes.contains(.dim) { result |= folio_a_dim }
    return result
  }

  public func nextEvent(timeout milliseconds: Int, wakeDescriptors: [Int32]) -> InputEvent? {
    // Signals come first: Ctrl-C must not wait behind a held-down key.
    if let signal = takeSignal() { return signal }
    // ncurses may already hold typed-ahead input that poll() cannot see.
    if let event = readEvent() { return event }
    var descriptors = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: TerminalRestorer.signalDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    for wake in wakeDescriptors {
      descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0))
    }
    let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(clamping: milliseconds))
    if let signal = takeSignal() { return signal }
    guard ready > 0, descriptors[0].revents != 0 else { return nil }
    return readEvent()
  }

  /// The next signal the handlers passed on, as an event: a stop or suspend, or a new size
  /// (the terminal's size is read and curses resized here, in the loop).
  private func takeSignal() -> InputEvent? {
    if pendingSignals.isEmpty { pendingSignals = TerminalRestorer.takeSignals() }
    guard !pendingSignals.isEmpty else { return nil }
    switch pendingSignals.removeFirst() {
    case .process(let signal):
      return .signal(signal)
    case .windowChanged:
      var columns: UInt16 = 0
      var rows: UInt16 = 0
      var width: UInt16 = 0
      var height: UInt16 = 0
      if folio_window_pixels(STDOUT_FILENO, &columns, &rows, &width, &height) == 0, columns > 0,
        rows > 0
      {
        resize_term(Int32(rows), Int32(columns))
      }
      // What the terminal shows after a resize is not what curses last drew (the terminal
      // keeps or reflows old rows): the next frame is drawn whole.
      invalidate()
      return .resize(size)
    }
  }

  public func suspend() {
    guard isActive else { return }
    deleteImages()
    endwin()
    TerminalRestorer.stopUntilContinued()
    // Continued: the next frame takes the screen back and redraws it whole.
    invalidate()
  }

  /// Gives the terminal back while `body` runs (a password typed at a prompt of its own), then
  /// takes it again: the next frame redraws it whole.
  public func givingBack<Result>(_ body: () -> Result) -> Result {
    guard isActive else { return body() }
    deleteImages()
    endwin()
    defer { invalidate() }
    return body()
  }

  /// Reads one event without waiting (beyond ESCDELAY inside an escape sequence).
  private func readEvent() -> InputEvent? {
    wtimeout(folio_stdscr(), 0)
    var character: wint_t = 0
    let status = wget_wch(folio_stdscr(), &character)
    if status == folio_err { return nil }
    let code = Int32(bitPattern: character)
    if status != folio_key_code_yes, code == 27, let until = lateRepliesUntil {
      if ContinuousClock.now > until {
        lateRepliesUntil = nil
      } else if dropsReply() {
        return nil
      }
    }
    if status == folio_key_code_yes {
      if code == folio_key_resize { return .resize(size) }
      if code == folio_key_mouse { return readMouse() }
      return KeyDecoder.functionKey(code).map { .key($0) }
    }
    return KeyDecoder.character(UInt32(character)).map { .key($0) }
  }

  /// Whether the first mouse button is down (a drag is under way).
  private var isButtonDown = false

  private func readMouse() -> InputEvent? {
    var x: Int32 = 0
    var y: Int32 = 0
    var state: mmask_t = 0
    guard folio_getmouse(&x, &y, &state) == 0 else { return nil }
    let position = CellPoint(x: Int(x), y: Int(y))
    let kind: MouseEvent.Kind
    if state & folio_button4_pressed != 0 {
      kind = .wheelUp
    } else if state & folio_button5_pressed != 0 {
      kind = .wheelDown
    } else if state & folio_button1_double_clicked != 0 {
      kind = .doubleClick
    } else if state & folio_button1_clicked != 0 {
      kind = .click
    } else if state & folio_button1_pressed != 0 {
      kind = .press
      isButtonDown = true
    } else if state & folio_button1_released != 0 {
      kind = .release
      isButtonDown = false
    } else if state & folio_report_mouse_position != 0 {
      // Moves with no button down are not worth a frame.
      guard isButtonDown else { return nil }
      kind = .drag
    } else {
      return nil
    }
    if kind == .click || kind == .doubleClick { isButtonDown = false }
    return .mouse(
      MouseEvent(
        kind: kind, position: position, isControlHeld: state & folio_button_ctrl != 0))
  }
}

extension ColorMode {
  /// Orders modes from no color to 24-bit color.
  var richness: Int {
    switch self {
    case .none: return 0
    case .ansi16: return 1
    case .palette256: return 2
    case .truecolor: return 3
    }
  }
}
