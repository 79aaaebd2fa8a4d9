import FolioCore

/// The editor an inverse search opens (`synctex-editor-command`): words split the way a shell
/// would split them (spaces, '…' and "…" quotes, backslash escapes) but never given to a
/// shell — no variables, globs, pipes or substitutions — with zathura's placeholders
/// `%{input}`, `%{line}` and `%{column}` filled in each word. The first word is the program.
public struct EditorCommand: Sendable, Equatable {
  /// The words, placeholders unfilled.
  public let words: [String]

  /// Why a command cannot be read.
  public enum Problem: Error, Equatable, CustomStringConvertible {
    case empty
    case unclosedQuote
    case trailingBackslash

    public var description: String {
      switch self {
      case .empty: return "names no program"
      case .unclosedQuote: return "has a quote that is not closed"
      case .trailingBackslash: return "ends with a backslash"
      }
    }
  }

  /// The command written as `text`.
  public init(_ text: String) throws(Problem) {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in text {
      if escaped {
        word.append(character)
        escaped = false
        continue
      }
      if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaped = true
        } else {
          word.append(character)
        }
        continue
      }
      switch character {
      case "\\":
        escaped = true
        inWord = true
      case "'", "\"":
        quote = character
        inWord = true
      case " ", "\t", "\n":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      default:
        word.append(character)
        inWord = true
      }
    }
    guard quote == nil else { throw .unclosedQuote }
    guard !escaped else { throw .trailingBackslash }
    if inWord { words.append(word) }
    guard let first = words.first, !first.isEmpty else { throw .empty }
    self.words = words
  }

  /// The program and its arguments for line `line` (column `column`, 0 when unknown) of
  /// `input`.
  public func arguments(input: String, line: Int, column: Int?) -> [String] {
    words.map { word in
      word.replacing("%{input}", with: input).replacing("%{line}", with: String(line))
        .replacing("%{column}", with: String(max(0, column ?? 0)))
    }
  }
}

extension String {
  /// This text with every `target` replaced by `replacement` (no Foundation here).
  fileprivate func replacing(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty, contains(target) else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.range(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
