extension TextWidth {
  /// `text` in lines of at most `limit` columns, broken between words; a word longer than a
  /// line is broken into pieces that fill lines (nothing is lost). At least one line.
  public func wrapped(_ text: String, toWidth limit: Int) -> [String] {
    guard limit > 0 else { return [text] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ").map(String.init) {
      let candidate = line.isEmpty ? word : line + " " + word
      if width(of: candidate) <= limit {
        line = candidate
        continue
      }
      if !line.isEmpty { lines.append(line) }
      line = ""
      var used = 0
      for character in word {
        let w = width(of: String(character))
        if used + w > limit, !line.isEmpty {
          lines.append(line)
          line = ""
          used = 0
        }
        line.append(character)
        used += w
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
