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

  /// Writes image sequences (kitty graphics) after the frame just presented; the terminal
  /// deletes the images it showed when it is given back or suspended.
  func writeImages(_ bytes: [UInt8])

  /// Whether the screen was cleared since the last call (a frame drawn whole: the terminal's
  /// images are gone with it).
  func takeScreenCleared() -> Bool

  /// Draws `rows` of the screen again, whole, as the last frame has them (over pictures
  /// painted into their cells).
  func redraw(rows: [Range<Int>])
}

extension TerminalBackend {
  /// By default a terminal has no clipboard.
  public func copyToClipboard(_ text: String) -> ClipboardJob? { nil }

  /// By default a terminal shows no images.
  public func writeImages(_ bytes: [UInt8]) {}

  /// By default nothing says so.
  public func takeScreenCleared() -> Bool { false }

  /// By default nothing is painted into the cells.
  public func redraw(rows: [Range<Int>]) {}
}

/// The part of a copy to the clipboard that runs a program (tmux) and may block, for a service
/// thread: it answers nil when it worked, else one line for the status line saying why not.
public typealias ClipboardJob = @Sendable () -> String?
