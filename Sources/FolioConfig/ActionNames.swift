import FolioCore
import FolioUI

/// The names actions and keys have in the config file's `[keys]` table and in
/// `folio --list-actions`.
public enum ActionNames {
  /// Every action that can be bound, by name, in the order `--list-actions` prints them.
  public static var all: [(name: String, action: Action)] { Action.named }

  /// The action named `name`.
  public static func action(named name: String) -> Action? {
    all.first { $0.name == name }?.action
  }

  /// The key a config file names (any spelling `KeyNotation` reads: `"J"`, `"ctrl-n"`,
  /// `"<C-n>"`, `"^N"`, `"space"`, `"<CR>"`…), or nil.
  public static func key(named name: String) -> Key? {
    try? KeyNotation.key(name).get()
  }

  /// How the help overlay names `key`.
  static func display(_ key: Key) -> String {
    switch key {
    case .character(" "): return "Space"
    case .character(let character): return String(character)
    case .control(let letter): return "Ctrl-" + String(letter).uppercased()
    case .enter: return "Enter"
    case .escape: return "Esc"
    case .tab: return "Tab"
    case .backspace: return "Bksp"
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .home: return "Home"
    case .end: return "End"
    case .backTab: return "S-Tab"
    case .delete: return "Del"
    case .function(let number): return "F\(number)"
    }
  }
}

extension Keymap {
  /// This keymap with `changes` made in order: each key moves to the action given (nil:
  /// the key does nothing). An action's row in the help overlay names its keys anew.
  public func rebinding(_ changes: [(key: Key, action: Action?)]) -> Keymap {
    var rows = bindings
    var changed = Set<Int>()
    for (key, action) in changes {
      for index in rows.indices where rows[index].keys.contains(key) {
        rows[index].keys.removeAll { $0 == key }
        changed.insert(index)
      }
      guard let action else { continue }
      if let index = rows.firstIndex(where: { $0.action == action }) {
        rows[index].keys.append(key)
        changed.insert(index)
      } else {
        let name = ActionNames.all.first { $0.action == action }?.name ?? "\(action)"
        rows.append(
          Binding(
            keys: [key], action: action, keyNames: "", summary: name,
            takesCount: action.takesCountWhenBound))
        changed.insert(rows.count - 1)
      }
    }
    // A row without a summary is shown by the row with one above it ("n N": next, previous
    // hit), so that row names the keys of both.
    var shownBy = Array(rows.indices)
    for index in rows.indices.dropFirst() where rows[index].summary.isEmpty {
      shownBy[index] = shownBy[index - 1]
    }
    for shown in Set(changed.map { shownBy[$0] }) where !rows[shown].summary.isEmpty {
      rows[shown].keyNames = rows.indices.filter { shownBy[$0] == shown }
        .flatMap { rows[$0].keys }.map(ActionNames.display).joined(separator: " ")
    }
    return Keymap(rows)
  }
}
