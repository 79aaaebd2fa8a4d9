import FolioCore

/// The key after `m` or `'`: `m` + a letter sets a mark at the current place, `'` + a letter
/// returns to it (a jump), `''` returns to the place the last jump left. Any other key cancels.
/// Marks are letters, a–z and A–Z, kept per document with the remembered place.
public struct MarkMode: OverlayMode {
  /// What the letter is for.
  public enum Purpose: Hashable, Sendable {
    /// `m`: set a mark.
    case set
    /// `'` (or `` ` ``): go to a mark.
    case go
  }

  /// What the letter is for.
  public let purpose: Purpose

  /// Waits for the letter of `purpose`.
  public init(purpose: Purpose) { self.purpose = purpose }

  public mutating func handle(_ key: Key, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    guard case .character(let letter) = key else { return .close }
    switch purpose {
    case .set:
      guard Marks.isMarkLetter(letter) else {
        intents.append(.say("marks are letters"))
        return .close
      }
      intents.append(.setMark(letter))
    case .go:
      if letter == "'" || letter == "`" {
        intents.append(.returnToLastJump)
      } else if let place = state.navigation.marks[letter] {
        intents.append(.jump(to: place))
      } else {
        intents.append(.say(Marks.isMarkLetter(letter) ? "no mark \(letter)" : "marks are letters"))
      }
    }
    return .close
  }

  public func draw(
    _ state: AppState, areas: ScreenAreas, on screen: inout ScreenBuffer, width: TextWidth
  ) {
    guard let line = areas.statusLine else { return }
    let text = purpose == .set ? " m… (a letter names the mark)" : " '… (a mark's letter, or ')"
    let style = Cell(" ", attributes: [.reverse])
    for x in line.minX..<line.maxX { screen[x, line.minY] = style }
    screen.write(
      text, at: line.origin, maxWidth: line.size.columns, style: style, width: width)
  }
}

/// Marks of one document: a place for each letter set.
public struct Marks: Hashable, Sendable {
  /// The places, by letter.
  public private(set) var places: [Character: Destination] = [:]

  /// No marks.
  public init() {}

  /// Whether `letter` can name a mark: a–z or A–Z.
  public static func isMarkLetter(_ letter: Character) -> Bool {
    guard letter.isASCII, let value = letter.asciiValue else { return false }
    return (97...122).contains(value) || (65...90).contains(value)
  }

  /// The place of mark `letter`; setting a letter that cannot name a mark does nothing.
  public subscript(letter: Character) -> Destination? {
    get { places[letter] }
    set {
      guard Self.isMarkLetter(letter) else { return }
      places[letter] = newValue
    }
  }
}
