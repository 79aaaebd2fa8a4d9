/// Something that reached the process from the terminal's side: a key, a mouse action, a new
/// terminal size, or a signal (Ctrl-C, Ctrl-Z, a hang-up).
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// A mouse action at a cell.
  case mouse(MouseEvent)
  /// The terminal now has this size.
  case resize(CellSize)
  /// A signal arrived; the loop decides what it means.
  case signal(ProcessSignal)
}

/// A key, decoded from the terminal's input. Control keys arrive as `control(letter)`.
public enum Key: Hashable, Sendable {
  /// A printable character.
  case character(Character)
  /// A letter typed with Ctrl held (Ctrl-D is `control("d")`).
  case control(Character)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, backspace, tab, backTab, delete
  /// A function key F1…F12.
  case function(Int)
}

/// A mouse action at a cell of the terminal.
public struct MouseEvent: Hashable, Sendable {
  /// What happened.
  public enum Kind: Hashable, Sendable {
    /// The first button went down, or up (as a drag begins and ends).
    case press, release
    /// The pointer moved with the first button down.
    case drag
    case click, doubleClick, wheelUp, wheelDown
  }

  /// What happened.
  public var kind: Kind
  /// Where, in terminal cells from the top-left.
  public var position: CellPoint
  /// Whether Ctrl was held (Ctrl+click finds the source line, SyncTeX).
  public var isControlHeld: Bool

  /// Creates a mouse event.
  public init(kind: Kind, position: CellPoint, isControlHeld: Bool = false) {
    self.kind = kind
    self.position = position
    self.isControlHeld = isControlHeld
  }
}
