import FolioCore

/// Reads keys into actions with vim-style counts: digits typed first are a count for the
/// next key that takes one (`12j`, `40G`). A lone 1, 2 or 3 that no key follows within the
/// timeout (or that a key without a count follows) picks a mode instead.
public struct KeySequence: Hashable, Sendable {
  /// Digits typed so far, if any.
  public private(set) var pendingDigits: String = ""

  /// Creates an empty sequence.
  public init() {}

  /// The count typed so far, if any.
  public var pendingCount: Int? { Int(pendingDigits) }

  /// Feeds a key; returns the actions to perform now, each with its count (nil when none was
  /// typed).
  public mutating func feed(_ key: Key, keymap: Keymap = .standard) -> [(Action, Int?)] {
    if case .character(let character) = key, let digit = character.wholeNumberValue,
      character.isASCII, pendingDigits.count < 9, !(pendingDigits.isEmpty && digit == 0)
    {
      pendingDigits.append(character)
      return []
    }
    var actions: [(Action, Int?)] = []
    let digits = pendingDigits
    pendingDigits = ""
    // Escape after digits cancels the count, as in vim.
    if key == .escape && !digits.isEmpty { return [] }
    guard let binding = keymap.binding(for: key) else {
      return lonelyDigitAction(digits, keymap: keymap)
    }
    if binding.takesCount, let count = Int(digits) {
      actions.append((binding.action, count))
    } else {
      actions += lonelyDigitAction(digits, keymap: keymap)
      actions.append((binding.action, nil))
    }
    return actions
  }

  /// No key followed the digits in time: a lone mode digit picks its mode, other counts lapse.
  public mutating func timeOut(keymap: Keymap = .standard) -> [(Action, Int?)] {
    let digits = pendingDigits
    pendingDigits = ""
    return lonelyDigitAction(digits, keymap: keymap)
  }

  private func lonelyDigitAction(_ digits: String, keymap: Keymap) -> [(Action, Int?)] {
    guard digits.count == 1, let character = digits.first,
      let binding = keymap.binding(for: .character(character))
    else { return [] }
    return [(binding.action, nil)]
  }
}
