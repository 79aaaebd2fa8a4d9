import ArgumentParser
import FolioConfig
import FolioCore
import FolioStore
import FolioTerminal
import FolioUI
import Foundation

/// `--config`, `--no-config` and `--list-actions`: the config file and what it may bind.
struct ConfigOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Read this config file instead of $XDG_CONFIG_HOME/folio/config.toml.", valueName: "file"))
  var config: String?

  @Flag(help: "Read no config file.")
  var noConfig = false

  @Flag(help: "Print the names of the actions the config file's [keys] table can bind, and exit.")
  var listActions = false

  /// The config file's usual place: `$XDG_CONFIG_HOME/folio/config.toml`, else
  /// `~/.config/folio/config.toml`.
  static func defaultPath(environment: [String: String]) -> String {
    FolioDirectory.resolve("XDG_CONFIG_HOME", orHome: ".config", environment: environment)
      + "/config.toml"
  }

  /// The config file's settings, its problems written to standard error a line each. A
  /// file `--config` names that cannot be read at all is a usage error.
  func load(environment: [String: String]) throws -> ConfigFile {
    guard !noConfig else { return ConfigFile() }
    let file: ConfigFile
    do {
      file = try ConfigFile.read(
        path: config ?? Self.defaultPath(environment: environment), required: config != nil)
    } catch {
      throw Failure(path: "--config " + (config ?? ""), reason: error.reason, status: 2)
    }
    for problem in file.problems {
      StandardStreams.writeError("folio: " + TerminalText.sanitized(problem) + "\n")
    }
    return file
  }
}

extension PrintOptions {
  /// The config file's defaults where the command line said nothing (a view mode only for the
  /// viewer: with --print it would turn a page into a frame). A flag the file turns on, the
  /// command line turns off with its `--no-` form.
  mutating func adopt(_ config: ConfigFile, forViewer: Bool) {
    if forViewer, mode == nil { mode = config.mode }
    if spreads == nil { spreads = config.spreads }
    if rtl == nil, config.rightToLeft == true { rtl = true }
    if symbols == nil { symbols = config.symbols }
    if colors == nil { colors = config.colors }
    if invert == nil, config.invert == true { invert = true }
    if text == nil { text = config.text }
    // Images only to a terminal: a page printed into a file or a pipe stays text.
    if pixels == nil, isatty(STDOUT_FILENO) == 1 { pixels = config.pixels }
    if trim == nil, config.trim == true { trim = true }
    if cacheMb == nil { cacheMb = config.cacheMegabytes }
    if cellAspect == nil { cellAspect = config.cellAspect }
  }
}
