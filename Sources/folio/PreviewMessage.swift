import FolioCore

/// How `--preview` says what went wrong: file managers and fzf show its standard error in the
/// preview pane and cut every line at the pane's edge, so the reason comes first (the file is
/// the one the pane previews; its name follows) and the text is wrapped to the pane's width,
/// at most as many lines as the pane has.
enum PreviewMessage {
  /// The lines of `failure` for a pane of `size`.
  static func lines(of failure: Failure, in size: CellSize) -> [String] {
    var text = "folio: " + failure.reason
    if let path = failure.path {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      text += " (" + TerminalText.sanitized(name) + ")"
    }
    let lines = wrapped(TerminalText.sanitized(text), width: size.columns)
    guard lines.count > size.rows, size.rows > 0 else { return lines }
    let last = TextWidth.approximate.truncated(lines[size.rows - 1] + " …", toWidth: size.columns)
    return Array(lines.prefix(size.rows - 1)) + [last]
  }

  /// `text` in lines at most `width` columns wide, broken at spaces; a part in parentheses
  /// (`(it has 3 pages)`) stays on one line when it fits one, and a word wider than a line is
  /// cut.
  static func wrapped(_ text: String, width: Int) -> [String] {
    let width = max(1, width)
    let measure = TextWidth.approximate
    var lines: [String] = []
    var line = ""
    for unit in units(of: text) {
      let candidate = line.isEmpty ? unit : line + " " + unit
      if measure.width(of: candidate) <= width {
        line = candidate
        continue
      }
      if !line.isEmpty { lines.append(line) }
      line = ""
      // A unit wider than a line: its words on their own, each cut to lines if need be.
      let words =
        measure.width(of: unit) <= width ? [unit] : unit.split(separator: " ").map(String.init)
      for word in words {
        var rest = Substring(word)
        while !rest.isEmpty {
          let candidate = line.isEmpty ? String(rest) : line + " " + rest
          if measure.width(of: candidate) <= width {
            line = candidate
            break
          }
          if !line.isEmpty {
            lines.append(line)
            line = ""
            continue
          }
          // As many characters as fit, at least one.
          var taken = 0
          var used = 0
          for character in rest {
            let columns = measure.width(of: String(character))
            if taken > 0, used + columns > width { break }
            taken += 1
            used += columns
          }
          lines.append(String(rest.prefix(taken)))
          rest = rest.dropFirst(taken)
        }
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// The words of `text`, a part in parentheses as one unit.
  private static func units(of text: String) -> [String] {
    var units: [String] = []
    var group: [Substring] = []
    for word in text.split(separator: " ") {
      if !group.isEmpty {
        group.append(word)
        if word.hasSuffix(")") {
          units.append(group.joined(separator: " "))
          group = []
        }
      } else if word.hasPrefix("("), !word.hasSuffix(")") {
        group = [word]
      } else {
        units.append(String(word))
      }
    }
    if !group.isEmpty { units.append(group.joined(separator: " ")) }
    return units
  }
}
