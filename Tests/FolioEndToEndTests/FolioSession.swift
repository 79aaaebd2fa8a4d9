import FolioFixtures
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real `folio` running in its own tmux session, read back the way a person reads it: the
/// status line (last row), the selected thumbnail's label (reverse video), the page labels on
/// screen. Every `expect…` polls until its condition holds and records an issue (with the
/// screen) when the deadline passes.
final class FolioSession {
  /// How the document reaches folio: named on the command line, piped, or redirected.
  enum Delivery { case path, pipe, redirect }

  let tmux: TmuxSession
  private(set) var columns: Int
  private(set) var rows: Int
  /// folio's process id (the pane's shell runs it as its child).
  private(set) var pid: pid_t = 0

  /// How long a key may take to show on screen before a test fails: generous, since the
  /// tests share two cores.
  static let deadline = 10.0

  /// Starts `folio FIXTURE ARGUMENTS…` (the sample document when `fixture` is nil) in a
  /// `columns` x `rows` terminal and waits for its first frame (a status line with the page).
  /// With `delivery` other than `.path`, the document comes on standard input instead:
  /// `sh -c 'cat FIXTURE | folio - ARGUMENTS…'` or `sh -c 'folio - ARGUMENTS… < FIXTURE'`
  /// (`pid` is then the shell's). With `shellLine`, folio runs inside that bash command line,
  /// where `FOLIO` stands for its command (`FOLIO | cat > out`).
  init(
    _ fixture: FixtureLibrary.Name?, arguments: [String] = [], columns: Int = 100, rows: Int = 30,
    environment: [String: String] = [:], delivery: Delivery = .path, shellLine: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    self.columns = columns
    self.rows = rows
    let path = try fixture.map { try FixtureLibrary.path($0) }
    var command: String
    if delivery != .path, let path {
      let folio = ([FolioProcess.executable, "-"] + arguments).map(TmuxSession.quote)
        .joined(separator: " ")
      let quoted = TmuxSession.quote(path)
      let line = delivery == .pipe ? "cat \(quoted) | \(folio)" : "\(folio) < \(quoted)"
      command = "sh -c " + TmuxSession.quote(line)
    } else {
      let words = [FolioProcess.executable] + [path].compactMap { $0 } + arguments
      command = words.map(TmuxSession.quote).joined(separator: " ")
      if let shellLine {
        command =
          "bash -c " + TmuxSession.quote(shellLine.replacingOccurrences(of: "FOLIO", with: command))
      }
    }
    tmux = try TmuxSession(
      columns: columns, rows: rows, command: command, environment: environment)
    let status = try waitForStatus(sourceLocation: sourceLocation) { Self.position(in: $0) != nil }
    if Self.position(in: status) == nil {
      Issue.record(
        "folio did not draw its first frame: \(try tmux.screen())", sourceLocation: sourceLocation)
    }
    pid = (try? TmuxSession.children(of: tmux.panePID()).first) ?? 0
  }

  // MARK: Input

  /// Goes to page `number` with the `:` prompt.
  func go(to number: Int) throws {
    try type(":\(number)")
    try press("Enter")
  }

  /// Sends tmux key names ("j", "Enter", "C-d", "PPage").
  func press(_ keys: String...) throws {
    try tmux.run(["send-keys", "-t", tmux.name] + keys)
  }

  /// Types text literally (":17", "12j").
  func type(_ text: String) throws {
    // tmux reads an argument ending in ";" as the end of a command (the ";" is dropped); "\;"
    // is a literal semicolon there.
    let argument = text.hasSuffix(";") ? String(text.dropLast()) + "\\;" : text
    try tmux.run(["send-keys", "-t", tmux.name, "-l", argument])
  }

  /// Returns once folio has handled every key sent so far: keys are handled in order, so once
  /// a count typed after them shows on the status line, they are done (the count is then
  /// cancelled with Escape). Not for use while a count is pending or the help is shown.
  func sync(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try type("9")
    let marked = try waitForStatus { $0.contains("9…") }
    if !marked.contains("9…") {
      Issue.record("folio did not take keys: “\(marked)”", sourceLocation: sourceLocation)
    }
    try press("Escape")
    try waitForStatus { !$0.contains("9…") }
  }

  /// Mouse events in the X10 encoding ncurses reads for TERM=tmux-256color (kmous=\E[M):
  /// button code (0 press, 3 release, 64/65 wheel up/down) and 0-based cell position.
  func mouse(_ events: [(button: Int, column: Int, row: Int)]) throws {
    var text = ""
    for event in events {
      text += "\u{1B}[M"
      for value in [32 + event.button, 33 + event.column, 33 + event.row] {
        text.unicodeScalars.append(Unicode.Scalar(UInt8(min(value, 255))))
      }
    }
    try type(text)
  }

  /// A click (press and release) on a cell.
  func click(column: Int, row: Int) throws {
    try mouse([(0, column, row), (3, column, row)])
  }

  /// A double click on a cell.
  func doubleClick(column: Int, row: Int) throws {
    try mouse([(0, column, row), (3, column, row), (0, column, row), (3, column, row)])
  }

  /// `count` wheel steps down (or up) over a cell.
  func wheel(down: Bool, count: Int = 1, column: Int = 10, row: Int = 5) throws {
    try mouse(Array(repeating: (down ? 65 : 64, column, row), count: count))
  }

  /// Resizes the terminal.
  func resize(columns: Int, rows: Int) throws {
    try tmux.resize(columns: columns, rows: rows)
    self.columns = columns
    self.rows = rows
  }

  // MARK: Reading the screen

  /// The screen as plain text rows (exactly `rows` of them).
  func screen() throws -> [String] {
    Array(try tmux.screen().prefix(rows))
  }

  /// The screen with its styles.
  func styled() throws -> StyledScreen {
    StyledScreen(try tmux.styledScreen())
  }

  /// The status line: the last row.
  func status() throws -> String {
    try screen().last ?? ""
  }

  /// Whether folio is still running.
  var isAlive: Bool {
    guard pid > 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(after: close)...].split(separator: " ").first
    return state != "Z" && state != "X"
  }

  /// The page number and page count the status line shows ("iv · 4 / 24" → (4, 24)): the
  /// last such pair, as a search's counts ("hit 2 / 9") come before it.
  static func position(in status: String) -> (page: Int, count: Int)? {
    guard let match = status.matches(of: #/(\d+) / (\d+)/#).last else { return nil }
    return (Int(match.1) ?? 0, Int(match.2) ?? 0)
  }

  /// The labels drawn in reverse video above the status line: the selected thumbnail in the
  /// grid, the current spread's pages in the filmstrip.
  func markedLabels() throws -> [String] {
    try styled().runs(rows: 0..<(rows - 1)) { $0.isReverse && $0.isBold }.map(\.text)
  }

  /// Every page label on screen above the status line (dim, or reverse when marked), with
  /// where it is.
  func labels() throws -> [StyledScreen.Run] {
    try styled().runs(rows: 0..<(rows - 1)) { $0.isDim || ($0.isReverse && $0.isBold) }
  }

  // MARK: Waiting

  /// Polls the status line until `condition` holds (or the deadline passes); returns the
  /// last status line.
  @discardableResult
  func waitForStatus(
    timeout: Double = deadline, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (String) -> Bool
  ) throws -> String {
    let screen = try tmux.waitForScreen(timeout: timeout) { screen in
      condition(screen.count >= rows ? screen[rows - 1] : "")
    }
    return screen.count >= rows ? screen[rows - 1] : ""
  }

  /// Waits until the status line contains every fragment.
  @discardableResult
  func expectStatus(
    _ fragments: String..., timeout: Double = deadline,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let status = try waitForStatus(timeout: timeout) { status in
      fragments.allSatisfy { status.contains($0) }
    }
    for fragment in fragments where !status.contains(fragment) {
      Issue.record(
        "status line lacks “\(fragment)”: “\(status)”\n\(try screen().joined(separator: "\n"))",
        sourceLocation: sourceLocation)
    }
    return status
  }

  /// Waits until the status line shows page `page` of `count`.
  @discardableResult
  func expectPage(
    _ page: Int, of count: Int, timeout: Double = deadline,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let status = try waitForStatus(timeout: timeout) { status in
      Self.position(in: status).map { $0 == (page, count) } ?? false
    }
    let shown = Self.position(in: status)
    #expect(
      shown?.page == page && shown?.count == count,
      "expected page \(page) / \(count), status: “\(status)”",
      sourceLocation: sourceLocation)
    return status
  }

  /// Waits until the one marked (selected) label is `label`.
  func expectSelected(
    _ label: String, timeout: Double = deadline, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var marked: [String] = []
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
      marked = try markedLabels()
      if marked == [label] { return }
      usleep(20_000)
    } while Date() < deadline
    Issue.record(
      "selected label \(marked), expected [\(label)]\n\(try screen().joined(separator: "\n"))",
      sourceLocation: sourceLocation)
  }

  /// Polls the styled screen until `condition` holds; records an issue with `what` if it
  /// never does. Returns the last screen.
  @discardableResult
  func expectScreen(
    _ what: String, timeout: Double = deadline, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (StyledScreen) -> Bool
  ) throws -> StyledScreen {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = try styled()
    while !condition(screen) && Date() < deadline {
      usleep(30_000)
      screen = try styled()
    }
    if !condition(screen) {
      Issue.record(
        "\(what)\n\(try self.screen().joined(separator: "\n"))", sourceLocation: sourceLocation)
    }
    return screen
  }

  /// Waits until every key sent so far is handled and nothing is left to render (the status
  /// line stops saying "rendering").
  func waitForRenders(timeout: Double = 30) throws {
    try sync()
    try waitForStatus(timeout: timeout) {
      !$0.contains("rendering") && Self.position(in: $0) != nil
    }
  }

  /// Quits with `q` and checks folio exits with status 0.
  func quit(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try press("q")
    let screen = try tmux.waitFor("[exited]")
    #expect(
      screen.contains { $0.contains("[exited] 0") }, "\(screen)", sourceLocation: sourceLocation)
  }
}
