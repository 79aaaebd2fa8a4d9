/// A terminal as the core sees it: a size, a way to show a screen, and input. The ncurses
/// backend and the in-memory test terminal implement it.
public protocol TerminalBackend: AnyObject {
  /// The current size in cells.
  var size: CellSize { get }

  /// The richest colors the terminal can show: frames are drawn for this mode.
  var colorMode: ColorMode { get }

  /// Shows `screen`, writing only what changed since the last call.
  func present(_ screen: ScreenBuffer)

  /// Forgets what is on screen, so the next `present` redraws everything.
  func invalidate()

  /// Waits up to `milliseconds` (negative: until something happens) for input, also waking
  /// when one of `wakeDescriptors` becomes readable; returns nil on timeout or wake-up.
  func nextEvent(timeout milliseconds: Int, wakeDescriptors: [Int32]) -> InputEvent?

  /// Gives the terminal back, stops the process until it is continued (Ctrl-Z, then `fg`),
  /// then takes the terminal again; the next `present` redraws everything.
  func suspend()

  /// Gives the terminal back as it was. Safe to call more than once.
  func restore()

  /// Puts `text` on the terminal's clipboard, where the terminal allows it. What may block
  /// (running `tmux set-buffer` inside tmux) is not done here but returned, for a service
  /// thread to run.
  func copyToClipboard(_ text: String) -> ClipboardJob?

  /// Writes `bytes` as they are, past the cells (the sequences of an image protocol, which
  /// the runtime's pixel layers make): only the terminal edge writes to the terminal.
  func writeSequences(_ bytes: [UInt8])

  /// Whether the screen was cleared since the last call (a frame drawn whole: whatever was
  /// written past the cells is gone with it).
  func takeScreenCleared() -> Bool

  /// Draws `rows` of the screen again, whole, as the last frame has them (over what was
  /// written into their cells past curses).
  func redraw(rows: [Range<Int>])
}

extension TerminalBackend {
  /// By default a terminal has no clipboard.
  public func copyToClipboard(_ text: String) -> ClipboardJob? { nil }

  /// By default nothing is written past the cells.
  public func writeSequences(_ bytes: [UInt8]) {}

  /// By default nothing says so.
  public func takeScreenCleared() -> Bool { false }

  /// By default nothing is painted into the cells.
  public func redraw(rows: [Range<Int>]) {}
}

/// The part of a copy to the clipboard that runs a program (tmux) and may block, for a service
/// thread: it answers nil when it worked, else one line for the status line saying why not.
public typealias ClipboardJob = @Sendable () -> String?
