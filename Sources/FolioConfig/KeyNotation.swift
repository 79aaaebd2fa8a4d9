import FolioCore

/// How the config file's `[keys]` table spells keys: Folio's own names (`"J"`, `"ctrl-n"`,
/// `"space"`) and the spellings other tools use for the same keys: vim's `<C-n>`, `<CR>`,
/// `<S-Tab>`, Emacs' `C-n`, `ctrl+n`, `Ctrl-N`, the caret notation `^N`. A spelling of a key
/// that a terminal cannot send apart from others (Alt, Ctrl with a digit) is refused with the
/// reason, never taken for another key.
public enum KeyNotation {
  /// What a config file may write for a key, for the message about one it cannot read.
  public static let acceptedForms =
    "one character (\"J\", \"/\"), Ctrl and a letter (\"ctrl-n\", \"C-n\", \"<C-n>\", \"^N\"), "
    + "or a key's name (space, enter, esc, tab, shift-tab, backspace, delete, up, down, left, "
    + "right, pageup, pagedown, home, end, f1 to f12)"

  /// The key `name` spells, or why it spells none (a phrase to follow "unknown key 'NAME': ").
  public static func key(_ name: String) -> Result<Key, KeyNotationError> {
    if name.count == 1, let character = name.first {
      return plain(character).map(Result.success) ?? .failure(.unknown)
    }
    var rest = Substring(name)
    // vim's <...>, also around a whole name: <C-n>, <CR>, <Space>.
    if rest.count > 2, rest.first == "<", rest.last == ">" {
      rest = rest.dropFirst().dropLast()
    }
    // The caret notation: ^N is Ctrl-N, ^[ is Esc, ^? is Backspace (DEL).
    if rest.count == 2, rest.first == "^", let character = rest.last {
      if character == "?" { return .success(.backspace) }
      return control(character)
    }
    var modifiers: Set<Modifier> = []
    while let (modifier, remainder) = leadingModifier(of: rest) {
      modifiers.insert(modifier)
      rest = remainder
    }
    guard let base = baseKey(String(rest)) else { return .failure(.unknown) }
    if modifiers.contains(.alt) { return .failure(.alt) }
    if modifiers.contains(.superKey) { return .failure(.superKey) }
    switch (modifiers.contains(.control), modifiers.contains(.shift)) {
    case (false, false):
      return .success(base)
    case (false, true):
      switch base {
      case .tab: return .success(.backTab)
      case .character(let character) where character.isASCII && character.isLetter:
        return .success(.character(Character(character.uppercased())))
      default: return .failure(.shift)
      }
    case (true, false):
      guard case .character(let character) = base else { return .failure(.control) }
      return control(character)
    case (true, true):
      return .failure(.control)
    }
  }

  /// A modifier a spelling may put before a key.
  private enum Modifier {
    case control, shift, alt, superKey
  }

  /// Modifier names, lower-cased, each followed by `-` or `+` in a spelling.
  private static let modifierNames: [String: Modifier] = [
    "c": .control, "ctrl": .control, "control": .control, "ctl": .control,
    "s": .shift, "shift": .shift,
    "a": .alt, "alt": .alt, "m": .alt, "meta": .alt, "opt": .alt, "option": .alt,
    "d": .superKey, "super": .superKey, "cmd": .superKey, "command": .superKey, "win": .superKey,
  ]

  /// The modifier `text` starts with (`C-`, `ctrl+`, `Shift-`) and what follows it, when
  /// something does.
  private static func leadingModifier(of text: Substring) -> (Modifier, Substring)? {
    guard let separator = text.firstIndex(where: { $0 == "-" || $0 == "+" }),
      separator > text.startIndex, text.index(after: separator) < text.endIndex,
      let modifier = modifierNames[text[..<separator].lowercased()]
    else { return nil }
    return (modifier, text[text.index(after: separator)...])
  }

  /// Key names, lower-cased, with vim's and other common spellings.
  private static let names: [String: Key] = [
    "space": .character(" "), "spc": .character(" "),
    "enter": .enter, "return": .enter, "ret": .enter, "cr": .enter,
    "esc": .escape, "escape": .escape,
    "tab": .tab, "backtab": .backTab, "shift-tab": .backTab, "s-tab": .backTab,
    "backspace": .backspace, "bs": .backspace, "bksp": .backspace,
    "delete": .delete, "del": .delete,
    "up": .up, "down": .down, "left": .left, "right": .right,
    "pageup": .pageUp, "page-up": .pageUp, "pgup": .pageUp, "prior": .pageUp,
    "pagedown": .pageDown, "page-down": .pageDown, "pgdn": .pageDown, "pgdown": .pageDown,
    "next": .pageDown,
    "home": .home, "end": .end,
    // vim's names for characters that are awkward inside <...>.
    "lt": .character("<"), "bar": .character("|"), "bslash": .character("\\"),
    "minus": .character("-"), "plus": .character("+"),
  ]

  /// The key a name or a single character spells, without modifiers.
  private static func baseKey(_ text: String) -> Key? {
    if text.count == 1, let character = text.first { return plain(character) }
    let lower = text.lowercased()
    if let key = names[lower] { return key }
    if lower.count >= 2, lower.count <= 3, lower.first == "f", let number = Int(lower.dropFirst()),
      (1...12).contains(number)
    {
      return .function(number)
    }
    return nil
  }

  /// A key for one character: a printable one is itself; a space is Space.
  private static func plain(_ character: Character) -> Key? {
    guard character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && !(0x7F...0x9F ~= $0.value) })
    else { return nil }
    if character == " " { return .character(" ") }
    guard !character.isWhitespace else { return nil }
    return .character(character)
  }

  /// Ctrl with `character`, as the terminal sends it: a letter is `control(letter)` (either
  /// case); Ctrl-I, Ctrl-M and Ctrl-J, Ctrl-H and Ctrl-[ are the bytes of Tab, Enter,
  /// Backspace and Esc, so they are those keys.
  private static func control(_ character: Character) -> Result<Key, KeyNotationError> {
    let lower = Character(character.lowercased())
    switch lower {
    case "i": return .success(.tab)
    case "m", "j": return .success(.enter)
    case "h": return .success(.backspace)
    case "[": return .success(.escape)
    default:
      guard lower.isASCII, lower.isLetter else { return .failure(.control) }
      return .success(.control(lower))
    }
  }
}

/// Why a spelling in the `[keys]` table is no key Folio can bind.
public enum KeyNotationError: Error, Equatable {
  /// Not a spelling of any key.
  case unknown
  /// Alt or Meta with a key: terminals send it as Esc and then the key.
  case alt
  /// Super, Cmd or the Windows key: terminals do not pass it on.
  case superKey
  /// Ctrl with something other than a letter: a terminal cannot send it apart from others.
  case control
  /// Shift with something other than a letter or Tab: the character it types is the key.
  case shift

  /// The reason, as a phrase.
  public var reason: String {
    switch self {
    case .unknown:
      return "a key is " + KeyNotation.acceptedForms
    case .alt:
      return "Alt and Meta keys cannot be bound (a terminal sends them as Esc, then the key)"
    case .superKey:
      return "Super and Cmd keys cannot be bound (a terminal does not pass them on)"
    case .control:
      return "Ctrl goes with a letter (\"ctrl-n\"): a terminal sends no other Ctrl key apart"
    case .shift:
      return "Shift goes with a letter or Tab; for others write the character it types (\"?\")"
    }
  }
}
