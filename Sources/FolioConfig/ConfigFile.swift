import FolioCore
import FolioLayout
import FolioUI
import Foundation
import TOMLKit

/// The config file (`$XDG_CONFIG_HOME/folio/config.toml`): defaults for the command line's
/// options and key bindings. Reading never fails: a file that is not there is an empty
/// config, and each problem (bad TOML, an unknown key, a wrong type, an unknown action) is one
/// line naming the file and line, the rest of the file still applied.
public struct ConfigFile: Sendable {
  public var mode: ViewMode?
  public var spreads: SpreadMode?
  public var rightToLeft: Bool?
  public var symbols: SymbolSet?
  public var colors: ColorMode?
  public var invert: Bool?
  public var text: TextLayerMode?
  public var trim: Bool?
  public var cacheMegabytes: Int?
  public var cellAspect: Double?
  public var remember: Bool?
  /// `[keys]`: each key and the action it does (nil: nothing), in the file's order.
  public var keys: [(key: Key, action: Action?)] = []
  /// What could not be applied, a line each: "FILE:LINE: problem".
  public var problems: [String] = []

  /// An empty config.
  public init() {}

  /// Reads the file at `path`; `required` (`--config FILE`) makes a missing file a problem.
  public static func read(path: String, required: Bool = false) -> ConfigFile {
    guard FileManager.default.fileExists(atPath: path) else {
      var config = ConfigFile()
      if required { config.problems.append("\(path): no such file") }
      return config
    }
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else {
      var config = ConfigFile()
      config.problems.append("\(path): cannot be read as UTF-8 text")
      return config
    }
    return parse(text, name: path)
  }

  /// Reads config `text`, naming it `name` in problems.
  public static func parse(_ text: String, name: String) -> ConfigFile {
    var config = ConfigFile()
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      config.problems.append("\(name):\(error.source.begin.line): \(error.description)")
      return config
    } catch {
      config.problems.append("\(name): \(error)")
      return config
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func problem(_ key: String, _ what: String, inKeys: Bool = false) {
      config.problems.append("\(name):\(line(of: key, in: lines, inKeys: inKeys)): \(what)")
    }
    func choice<T>(_ key: String, _ parse: (String) -> T?, _ names: String) -> T? {
      guard let value = table[key] else { return nil }
      guard let string = value.string, let parsed = parse(string) else {
        problem(key, "\(key) must be one of \(names)")
        return nil
      }
      return parsed
    }
    func flag(_ key: String) -> Bool? {
      guard let value = table[key] else { return nil }
      guard let bool = value.bool else {
        problem(key, "\(key) must be true or false")
        return nil
      }
      return bool
    }
    let known: Set<String> = [
      "mode", "spreads", "rtl", "symbols", "colors", "invert", "text", "trim", "cache-mb",
      "cell-aspect", "remember", "keys",
    ]
    for key in table.keys where !known.contains(key) {
      problem(key, "unknown setting '\(TerminalText.sanitized(key))'")
    }
    config.mode = choice("mode", ViewMode.init(rawValue:), "grid, continuous, spread")
    config.spreads = choice("spreads", SpreadMode.init(rawValue:), "single, double, book")
    config.rightToLeft = flag("rtl")
    config.symbols = choice(
      "symbols", SymbolSet.init(rawValue:), "half, quad, sextant, octant, braille, ascii")
    config.colors = choice("colors", ColorMode.init(rawValue:), "truecolor, 256, 16, none")
    config.invert = flag("invert")
    config.text = choice("text", TextLayerMode.init(rawValue:), "auto, on, off")
    config.trim = flag("trim")
    config.remember = flag("remember")
    if let value = table["cache-mb"] {
      if let megabytes = value.int, (1...4096).contains(megabytes) {
        config.cacheMegabytes = megabytes
      } else {
        problem("cache-mb", "cache-mb must be a whole number from 1 to 4096")
      }
    }
    if let value = table["cell-aspect"] {
      let number = value.double ?? value.int.map(Double.init)
      if let number, number.isFinite, number > 0, number <= 10 {
        config.cellAspect = number
      } else {
        problem("cell-aspect", "cell-aspect must be a number above 0 and at most 10")
      }
    }
    if let value = table["keys"] {
      guard let keys = value.table else {
        problem("keys", "keys must be a table of key = \"action\"")
        return config
      }
      // In the file's order, so that a later line wins.
      let ordered = keys.keys.sorted {
        line(of: $0, in: lines, inKeys: true) < line(of: $1, in: lines, inKeys: true)
      }
      for name in ordered {
        guard let key = ActionNames.key(named: name) else {
          problem(name, "unknown key '\(TerminalText.sanitized(name))'", inKeys: true)
          continue
        }
        guard let actionName = keys[name]?.string else {
          problem(
            name, "the action for '\(TerminalText.sanitized(name))' must be a string", inKeys: true)
          continue
        }
        if actionName.isEmpty || actionName == "none" {
          config.keys.append((key, nil))
        } else if let action = ActionNames.action(named: actionName) {
          config.keys.append((key, action))
        } else {
          problem(
            name, "unknown action '\(TerminalText.sanitized(actionName))' (folio --list-actions)",
            inKeys: true)
        }
      }
    }
    return config
  }

  /// The line (from 1) where `key` is set: the first line starting with it (quoted or not)
  /// followed by `=`, in the `[keys]` table when `inKeys`; 1 when not found.
  static func line(of key: String, in lines: [String], inKeys: Bool) -> Int {
    var inKeysTable = false
    for (index, raw) in lines.enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("[") {
        inKeysTable = line.hasPrefix("[keys]")
        continue
      }
      guard inKeysTable == inKeys else { continue }
      for form in [key, "\"\(key)\"", "'\(key)'"] where line.hasPrefix(form) {
        let rest = line.dropFirst(form.count).trimmingCharacters(in: .whitespaces)
        if rest.hasPrefix("=") { return index + 1 }
      }
    }
    return 1
  }
}
