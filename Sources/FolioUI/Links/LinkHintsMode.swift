import FolioCore

/// `f`: a short hint of letters on every link on screen, as zathura and vimium show them;
/// typing a hint follows its link (`P`: peeks at where it leads, `PeekMode`). Esc, or a key no
/// hint starts with, closes the hints.
public struct LinkHintsMode: OverlayMode {
  /// What typing a hint does.
  public enum Purpose: Sendable {
    /// Follows the link.
    case follow
    /// Shows where it leads without going there.
    case peek
  }

  /// What typing a hint does.
  public let purpose: Purpose
  /// The letters hints are made of, home row first.
  static let alphabet = Array("asdfghjklqwertyuiopzxcvbnm")

  /// The links shown, with their hints.
  public let hints: [(hint: String, link: AppState.VisibleLink)]
  /// The letters typed so far.
  public private(set) var typed = ""

  /// Hints for `links`: one letter each while they fit, else all of two (or three) letters, so
  /// no hint starts another.
  public init(links: [AppState.VisibleLink], purpose: Purpose = .follow) {
    self.purpose = purpose
    let labels = Self.labels(count: links.count)
    hints = Array(zip(labels, links)).map { (hint: $0.0, link: $0.1) }
  }

  /// `count` hints of equal length, in alphabet order.
  static func labels(count: Int) -> [String] {
    var length = 1
    var capacity = alphabet.count
    while capacity < count {
      length += 1
      capacity *= alphabet.count
    }
    return (0..<count).map { number in
      var value = number
      var letters: [Character] = []
      for _ in 0..<length {
        letters.append(alphabet[value % alphabet.count])
        value /= alphabet.count
      }
      return String(letters.reversed())
    }
  }

  public mutating func handle(_ key: Key, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    switch key {
    case .backspace:
      if typed.isEmpty { return .close }
      typed.removeLast()
      return .handled
    case .character(let letter):
      let candidate = typed + String(letter).lowercased()
      let matching = hints.filter { $0.hint.hasPrefix(candidate) }
      if matching.isEmpty {
        intents.append(.say("no link “\(TerminalText.sanitized(candidate))”"))
        return .close
      }
      if let exact = matching.first(where: { $0.hint == candidate }) {
        guard purpose == .peek else {
          intents.append(.follow(exact.link.link))
          return .close
        }
        if let peek = PeekMode(link: exact.link.link) { return .replace(with: peek) }
        if case .uri(let uri) = exact.link.link.target {
          intents.append(.say("leads out of the document: \(TerminalText.sanitized(uri))"))
        }
        return .close
      }
      typed = candidate
      return .handled
    default:
      return .close
    }
  }

  public func draw(
    _ state: AppState, areas: ScreenAreas, on screen: inout ScreenBuffer, width: TextWidth
  ) {
    let style =
      state.drawing.style.colors == .none
      ? Cell(" ", attributes: [.reverse, .bold])
      : Cell(" ", foreground: .rgb(0, 0, 0), background: .rgb(255, 214, 0), attributes: [.bold])
    // Where the links are now (the view may have changed under the hints).
    var cells: [AppState.VisibleLink: CellRect] = [:]
    for visible in state.visibleLinks {
      var key = visible
      key.cells = CellRect(x: 0, y: 0, columns: 0, rows: 0)
      cells[key] = cells[key] ?? visible.cells
    }
    for (hint, visible) in hints where hint.hasPrefix(typed) {
      var key = visible
      key.cells = CellRect(x: 0, y: 0, columns: 0, rows: 0)
      guard let origin = cells[key]?.origin else { continue }
      let columns = min(hint.count, max(0, areas.main.maxX - origin.x))
      guard columns > 0, areas.main.contains(origin) else { continue }
      screen.write(hint, at: origin, maxWidth: columns, style: style, width: width)
    }
    if let line = areas.statusLine {
      let bar = Cell(" ", attributes: [.reverse])
      for x in line.minX..<line.maxX { screen[x, line.minY] = bar }
      screen.write(
        (purpose == .peek ? " peek at a link: " : " follow a link: ")
          + "type its hint (Esc cancels) " + typed, at: line.origin,
        maxWidth: line.size.columns, style: bar, width: width)
    }
  }
}
