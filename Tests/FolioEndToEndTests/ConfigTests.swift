import FolioFixtures
import Foundation
import Testing

/// The config file through the real executable: its defaults and keys in the viewer, the
/// command line winning, and a damaged file costing one line each, never the run.
@Suite("Config file")
struct ConfigTests {
  func write(_ text: String, in scratch: ScratchFolder) throws {
    let folder = scratch.path + "/config/folio"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try text.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
  }

  @Test func theViewerTakesTheConfigsDefaultsAndKeys() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("book.pdf", pages: 30)
    try write(
      """
      mode = "continuous"
      remember = false

      [keys]
      "J" = "last-page"
      "q" = ""
      "x" = "quit"
      """, in: scratch)
    let folio = try FolioSession(nil, arguments: [file], environment: scratch.environment)
    try folio.expectStatus("continuous")
    try folio.press("J")
    try folio.expectPage(30, of: 30)
    // q does nothing now; x quits.
    try folio.press("q")
    try folio.press("g")
    try folio.expectPage(1, of: 30)
    try folio.press("x")
    let screen = try folio.tmux.waitFor("[exited]")
    #expect(screen.contains { $0.contains("[exited] 0") }, "\(screen)")
    // The command line wins over the file.
    let grid = try FolioSession(
      nil, arguments: [file, "--mode", "grid"], environment: scratch.environment)
    try grid.expectStatus("grid")
    try grid.press("x")
    _ = try grid.tmux.waitFor("[exited]")
  }

  @Test func theViewerSaysWhatTheConfigHadWrongAndStartsWithTheRest() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("book.pdf", pages: 5)
    try write("mode = \"continuous\"\nzoom = 3\ntrim = 1\n", in: scratch)
    let folio = try FolioSession(nil, arguments: [file], environment: scratch.environment)
    try folio.expectStatus("continuous")
    try folio.quit()
    // Written before the screen was taken, the lines are there again once it is given back
    // (the status line says so too while the viewer runs, for a few seconds).
    let screen = try folio.tmux.waitFor("[exited]")
    #expect(screen.contains { $0.contains("config.toml:2: unknown setting 'zoom'") }, "\(screen)")
    #expect(screen.contains { $0.contains("config.toml:3: trim must be true or false") })
  }

  /// At 80x24 the problems are shown whole above the status line (wrapped, not cut at the
  /// screen's edge) until a key, and the key then does what it does.
  @Test func theViewerShowsTheConfigsProblemsWhole() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("book.pdf", pages: 5)
    try write(
      "mode = continuous\n[keys]\nbogus = \"quit\"\ncolors = \"none\"\n", in: scratch)
    let folio = try FolioSession(
      nil, arguments: [file], columns: 80, rows: 24, environment: scratch.environment)
    let screen = try folio.expectScreen("every problem, whole") { screen in
      let text = screen.rows.indices.map { screen.text(ofRow: $0) }.joined(separator: " ")
        .split(separator: " ").joined(separator: " ")
      return text.contains("config.toml:1: mode = continuous: a text value needs quotes:")
        && text.contains("pageup, pagedown, home, end, f1 to f12)")
        && text.contains("config.toml:4: colors is a setting, not a key: it goes above [keys]")
    }
    // Nothing is cut: no row of the panel ends with an ellipsis.
    let rows = screen.rows.indices.dropLast().map { screen.text(ofRow: $0) }
    #expect(!rows.contains { $0.trimmingCharacters(in: .whitespaces).hasSuffix("…") })
    // It stays until a key (no timer: see the update tests), which then acts.
    try folio.press("l")
    try folio.expectPage(2, of: 5)
    try folio.expectScreen("the panel gone") { screen in
      !screen.rows.indices.contains { screen.text(ofRow: $0).contains("config.toml") }
    }
    try folio.quit()
  }

  @Test func aDamagedConfigIsOneLineEachAndPrintStillPrints() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("paper.pdf", pages: 2)
    try write("symbols = \"ascii\"\nmode = [\nzoom = 3\n", in: scratch)
    let broken = try FolioProcess.run(
      ["--print", "--size", "20x6", file], environment: scratch.environment,
      timeLimit: .seconds(60))
    #expect(broken.status == 0)
    #expect(broken.standardOutput.split(separator: "\n").count == 6)
    // The list left open costs its line; the line after it is read on its own.
    let lines = broken.standardError.split(separator: "\n")
    #expect(lines.count == 2, "\(broken.standardError)")
    #expect(
      lines.first?.hasSuffix(
        "config.toml:2: mode = [: the list that starts with [ is not closed with ]") == true)
    #expect(lines.last?.hasSuffix("config.toml:3: unknown setting 'zoom'") == true)
    try write("symbols = \"ascii\"\nzoom = 3\n", in: scratch)
    let unknown = try FolioProcess.run(
      ["--print", "--size", "20x6", "--colors", "none", file], environment: scratch.environment,
      timeLimit: .seconds(60))
    #expect(unknown.standardError.contains("config.toml:2: unknown setting 'zoom'"))
    // The rest applied: ASCII art only.
    #expect(unknown.standardOutput.unicodeScalars.allSatisfy { $0.isASCII })
    let none = try FolioProcess.run(
      ["--no-config", "--print", "--size", "20x6", file], environment: scratch.environment,
      timeLimit: .seconds(60))
    #expect(none.standardError.isEmpty)
    let listed = try FolioProcess.run(["--list-actions"], environment: scratch.environment)
    #expect(listed.standardOutput.split(separator: "\n").contains("page-down"))
  }

  @Test func aFlagTheConfigTurnsOnTheCommandLineTurnsOff() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("paper.pdf", pages: 1)
    func printed(_ arguments: [String]) throws -> String {
      try FolioProcess.run(
        arguments + ["--print", "--size", "20x8", "--colors", "truecolor", file],
        environment: scratch.environment, timeLimit: .seconds(60)
      ).standardOutput
    }
    let plain = try printed(["--no-config"])
    let inverted = try printed(["--no-config", "--invert"])
    #expect(plain != inverted)
    try write("invert = true\n", in: scratch)
    #expect(try printed([]) == inverted)
    #expect(try printed(["--no-invert"]) == plain)
  }

  @Test func aLineThatBreaksTheSyntaxCostsThatLineAndTheRestApplies() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("book.pdf", pages: 30)
    // No quotes around continuous: that line goes, and with it nothing else.
    try write(
      """
      mode = continuous
      remember = false

      [keys]
      J = "last-page"
      x = "quit"
      """, in: scratch)
    let folio = try FolioSession(nil, arguments: [file], environment: scratch.environment)
    try folio.expectStatus("grid")
    try folio.press("J")
    try folio.expectPage(30, of: 30)
    try folio.press("x")
    _ = try folio.tmux.waitFor("[exited]")
    // A later setting applies too; the line is named, with its fix.
    try write("colors = none\nsymbols = \"ascii\"\n", in: scratch)
    let printed = try FolioProcess.run(
      ["--print", "--size", "20x6", file], environment: scratch.environment,
      timeLimit: .seconds(60))
    #expect(printed.status == 0)
    #expect(printed.standardOutput.unicodeScalars.allSatisfy { $0.isASCII })
    #expect(
      printed.standardError
        == "folio: \(scratch.path)/config/folio/config.toml:1: colors = none: a text value needs "
        + "quotes: colors = \"none\"\n")
  }

  @Test func aConfigFileNamedOnTheCommandLineMustBeThere() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("paper.pdf", pages: 1)
    let missing = scratch.path + "/missing.toml"
    let run = try FolioProcess.run(
      ["--config", missing, "--print", "--size", "20x6", file], environment: scratch.environment,
      timeLimit: .seconds(60))
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    #expect(run.standardError == "folio: --config \(missing): no such file\n")
    let folder = try FolioProcess.run(
      ["--config", scratch.path, "--print", "--size", "20x6", file],
      environment: scratch.environment, timeLimit: .seconds(60))
    #expect(
      folder.status == 2 && folder.standardError.hasSuffix("is a directory, not a config file\n"))
    // At the usual place, a missing file is no file at all: nothing is said.
    let usual = try FolioProcess.run(
      ["--print", "--size", "20x6", file], environment: scratch.environment,
      timeLimit: .seconds(60))
    #expect(usual.status == 0 && usual.standardError.isEmpty)
  }
}
