import TOMLKit

/// Where each key path of a config file is set, which TOMLKit does not keep: each line is read
/// alone by TOMLKit, under the last table header above it. A statement over several lines
/// (which does not parse alone) has no place, nor a line inside a `"""` text.
enum KeyPaths {
  /// Calls `body` with each key path a line sets (`["mode"]`, `["keys"]`, `["keys", "J"]`)
  /// and that line (from 0). `lines` are lines `UnsafeTOMLLine` passed.
  static func each(in lines: ArraySlice<String>, _ body: ([String], Int) -> Void) {
    var table: [String] = []
    for (index, line) in zip(lines.indices, lines) {
      let trimmed = line.trimmingSpaces
      guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), let parsed = parse(line) else { continue }
      if line.isHeader {
        table = []
        var inner = parsed
        while inner.count == 1, let key = inner.keys.first {
          table.append(key)
          body(table, index)
          guard let next = inner[key]?.table else { break }
          inner = next
        }
      } else {
        paths(of: parsed, under: table) { body($0, index) }
      }
    }
  }

  /// `line` read alone; a statement whose value goes on over more lines (`b = [`) as its key
  /// with any value.
  private static func parse(_ line: String) -> TOMLTable? {
    if let table = try? TOMLTable(string: line) { return table }
    guard !line.isHeader, let equals = line.firstIndex(of: "=") else { return nil }
    let key = String(line[..<equals]) + "= 0"
    guard UnsafeTOMLLine.problem(key) == nil else { return nil }
    return try? TOMLTable(string: key)
  }

  /// The line (from 1) where each key path is first set.
  static func firstLines(_ lines: [String]) -> [[String]: Int] {
    var found: [[String]: Int] = [:]
    each(in: lines[...]) { path, line in
      if found[path] == nil { found[path] = line + 1 }
    }
    return found
  }

  /// Each key path in `table`, under `prefix`, inline tables included.
  private static func paths(of table: TOMLTable, under prefix: [String], _ body: ([String]) -> Void)
  {
    for key in table.keys {
      body(prefix + [key])
      if let inner = table[key]?.table { paths(of: inner, under: prefix + [key], body) }
    }
  }
}

extension String {
  /// Whether the line is a table header as written (`[keys]`, `[[x]]`, or a broken one).
  var isHeader: Bool { trimmingSpaces.hasPrefix("[") }

  /// Without spaces and tabs at either end.
  var trimmingSpaces: String {
    let bounds = { (character: Character) in character == " " || character == "\t" }
    guard let first = firstIndex(where: { !bounds($0) }),
      let last = lastIndex(where: { !bounds($0) })
    else { return "" }
    return String(self[first...last])
  }
}
