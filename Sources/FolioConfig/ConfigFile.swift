import FolioCore
import FolioLayout
import FolioUI
import Foundation
import TOMLKit

/// The config file (`$XDG_CONFIG_HOME/folio/config.toml`): defaults for the command line's
/// options and key bindings. What is in it never stops the reading: each problem (a line that
/// breaks the TOML syntax, an unknown setting, a wrong type, an unknown key or action) is one
/// line naming the file and line, and every other line still applies.
public struct ConfigFile: Sendable {
  public var mode: ViewMode?
  public var spreads: SpreadMode?
  public var rightToLeft: Bool?
  public var symbols: SymbolSet?
  public var colors: ColorMode?
  public var invert: Bool?
  public var text: TextLayerMode?
  /// `--pixels`: which image protocol `--print` and `--preview` write pages in.
  public var pixels: PixelsSetting?
  public var trim: Bool?
  public var cacheMegabytes: Int?
  public var cellAspect: Double?
  public var remember: Bool?
  /// The editor an inverse search opens (`synctex-editor-command`).
  public var editorCommand: EditorCommand?
  /// The colour of each kind of mark written over the selection (`highlight-color`,
  /// `underline-color`, `strike-out-color`: "#RRGGBB").
  public var markColors: [String: RGBA] = [:]
  /// Where `--synctex-forward` opens a viewer inside tmux when it has no terminal: a pane
  /// split beside the editor's, or a window (`synctex-tmux`).
  public var tmuxOpening: TmuxOpening?
  /// `[keys]`: each key and the action it does (nil: nothing), in the file's order.
  public var keys: [(key: Key, action: Action?)] = []
  /// What could not be applied, a line each: "FILE:LINE: problem".
  public var problems: [String] = []

  /// An empty config.
  public init() {}

  /// The settings a config file may have.
  static let known: Set<String> = [
    "mode", "spreads", "rtl", "symbols", "colors", "invert", "text", "pixels", "trim", "cache-mb",
    "cell-aspect", "remember", "keys", "synctex-editor-command", "synctex-tmux",
    "highlight-color", "underline-color", "strike-out-color",
  ]

  /// The most problems listed; past them, one line says how many more there were.
  public static let problemsShown = 20
  /// The largest config file read.
  public static let largestSize = 1 << 20

  /// Reads the file at `path`. A file that is not there is an empty config, unless
  /// `required` (`--config FILE`): then it, like a file that cannot be read at all, throws;
  /// at the default place that is one problem.
  public static func read(path: String, required: Bool = false) throws(ConfigFileError)
    -> ConfigFile
  {
    do {
      return parse(bytes: try ConfigFileError.contents(of: path), name: path)
    } catch .missing where !required {
      return ConfigFile()
    } catch {
      guard !required else { throw error }
      var config = ConfigFile()
      config.problems.append(TerminalText.sanitized("\(path): \(error.reason)"))
      return config
    }
  }

  /// Reads config `text`, naming it `name` in problems.
  public static func parse(_ text: String, name: String) -> ConfigFile {
    parse(bytes: Array(text.utf8), name: name)
  }

  /// Reads config `bytes` (UTF-8), naming them `name` in problems.
  public static func parse(bytes: [UInt8], name: String) -> ConfigFile {
    var config = ConfigFile()
    let recovered = RecoveredTOML(bytes: bytes)
    let table = recovered.table
    var found = recovered.problems
    func problem(_ path: [String], _ what: String) {
      found.append(RecoveredTOML.Problem(line: recovered.lines[path] ?? 1, text: what))
    }
    func choice<T>(_ key: String, _ parse: (String) -> T?, _ names: String) -> T? {
      guard let value = table[key] else { return nil }
      guard let string = value.string, let parsed = parse(string) else {
        problem([key], "\(key) must be one of \(names)")
        return nil
      }
      return parsed
    }
    func flag(_ key: String) -> Bool? {
      guard let value = table[key] else { return nil }
      guard let bool = value.bool else {
        problem([key], "\(key) must be true or false")
        return nil
      }
      return bool
    }
    for key in table.keys where !known.contains(key) {
      problem([key], "unknown setting '\(TerminalText.sanitized(key))'")
    }
    config.mode = choice("mode", ViewMode.init(rawValue:), "grid, continuous, spread, read")
    config.spreads = choice("spreads", SpreadMode.init(rawValue:), "single, double, book")
    config.rightToLeft = flag("rtl")
    config.symbols = choice(
      "symbols", SymbolSet.init(rawValue:), "half, quad, sextant, octant, braille, ascii")
    config.colors = choice("colors", ColorMode.init(rawValue:), "truecolor, 256, 16, none")
    config.invert = flag("invert")
    config.text = choice("text", TextLayerMode.init(rawValue:), "auto, on, off")
    config.pixels = choice(
      "pixels", PixelsSetting.init(rawValue:), "auto, off, kitty, sixel, iterm2")
    config.trim = flag("trim")
    config.remember = flag("remember")
    config.tmuxOpening = choice("synctex-tmux", TmuxOpening.init(rawValue:), "split, window")
    if let value = table["synctex-editor-command"] {
      do {
        guard let text = value.string else { throw EditorCommand.Problem.empty }
        config.editorCommand = try EditorCommand(text)
      } catch {
        problem(
          ["synctex-editor-command"],
          "synctex-editor-command \(error) (a program and its arguments, as a text)")
      }
    }
    for kind in ["highlight", "underline", "strike-out"] {
      let key = kind + "-color"
      guard let value = table[key] else { continue }
      guard let text = value.string, let color = Self.color(text) else {
        problem([key], "\(key) must be a colour as \"#RRGGBB\"")
        continue
      }
      config.markColors[kind] = color
    }
    if let value = table["cache-mb"] {
      if let megabytes = value.int, (1...4096).contains(megabytes) {
        config.cacheMegabytes = megabytes
      } else {
        problem(["cache-mb"], "cache-mb must be a whole number from 1 to 4096")
      }
    }
    if let value = table["cell-aspect"] {
      let number = value.double ?? value.int.map(Double.init)
      if let number, number.isFinite, number > 0, number <= 10 {
        config.cellAspect = number
      } else {
        problem(["cell-aspect"], "cell-aspect must be a number above 0 and at most 10")
      }
    }
    if let value = table["keys"] {
      if let keys = value.table {
        config.keys = bindings(keys, lines: recovered.lines, problem: problem)
      } else {
        problem(["keys"], "keys must be a table of key = \"action\"")
      }
    }
    config.problems = shown(found, name: name)
    return config
  }

  /// The colour "#RRGGBB" (or "RRGGBB") names; nil when it names none.
  static func color(_ text: String) -> RGBA? {
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
    return RGBA(
      red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
  }

  /// The `[keys]` table's bindings in the file's order (so that a later line wins), each
  /// key and action that cannot be read a problem.
  private static func bindings(
    _ keys: TOMLTable, lines: [[String]: Int], problem: ([String], String) -> Void
  ) -> [(key: Key, action: Action?)] {
    var bindings: [(key: Key, action: Action?)] = []
    for name in keys.keys.sorted(by: { (lines[["keys", $0]] ?? 0) < (lines[["keys", $1]] ?? 0) }) {
      let path = ["keys", name]
      let shown = TerminalText.sanitized(name)
      let key: Key
      switch KeyNotation.key(name) {
      case .success(let read):
        key = read
      case .failure(let error):
        let setting = known.contains(name) && name != "keys"
        problem(
          path,
          setting
            ? "\(shown) is a setting, not a key: it goes above [keys]"
            : "unknown key '\(shown)': \(error.reason)")
        continue
      }
      guard let actionName = keys[name]?.string else {
        problem(path, "the action for '\(shown)' must be text (\"next-page\")")
        continue
      }
      if actionName.isEmpty || actionName == "none" {
        bindings.append((key, nil))
      } else if let action = ActionNames.action(named: actionName) {
        bindings.append((key, action))
      } else {
        problem(
          path, "unknown action '\(TerminalText.sanitized(actionName))' (folio --list-actions)")
      }
    }
    return bindings
  }

  /// The problems as lines, `NAME:LINE: problem`, in line order: at most `problemsShown`,
  /// then one line saying how many more there were.
  private static func shown(_ problems: [RecoveredTOML.Problem], name: String) -> [String] {
    let name = TerminalText.sanitized(name)
    let ordered = problems.enumerated().sorted {
      ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
    }.map(\.element)
    var lines = ordered.prefix(problemsShown).map { "\(name):\($0.line): \($0.text)" }
    if ordered.count > problemsShown {
      lines.append("\(name): \(ordered.count - problemsShown) more problems not shown")
    }
    return lines
  }
}
