import FolioCore
import FolioFixtures
import FolioSyncTeX
import Foundation
import Testing

/// SyncTeX as an editor drives it, on the LaTeX project in Tests/Fixtures/SyncTeX (two files,
/// built with `pdflatex -synctex=1`, and a rebuild of it in `v2`): forward searches land on
/// the page and box the `synctex` tool names (expected.tsv), even while the PDF is rebuilt;
/// Ctrl+click and `E` open the editor at the line SyncTeX gives; with no viewer, one opens in
/// a tmux pane beside the editor's, or the command says why not.
@Suite("SyncTeX in the viewer", .serialized)
struct SyncTeXViewerTests {
  /// The fixture's folder.
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/SyncTeX").path

  /// A forward search and the page of the first box the `synctex` tool gave (1-based), and
  /// its top and bottom in points from the page's top.
  struct Forward {
    var version: String
    var line: Int
    var input: String
    var page: Int
    var top: Double
    var bottom: Double
  }

  /// expected.tsv's forward searches, the first box of each.
  static func forwards() throws -> [Forward] {
    let text = try String(contentsOfFile: fixture + "/expected.tsv", encoding: .utf8)
    var found: [Forward] = []
    for line in text.split(separator: "\n") where line.hasPrefix("forward\t") {
      let fields = line.split(separator: "\t").map(String.init)
      guard fields.count >= 10, let number = Int(fields[2]), let page = Int(fields[5]),
        let bottom = Double(fields[7]), let height = Double(fields[9]), height > 0
      else { continue }
      // The first box of each search only.
      if found.last.map({ $0.version == fields[1] && $0.line == number && $0.input == fields[4] })
        == true
      {
        continue
      }
      found.append(
        Forward(
          version: fields[1], line: number, input: fields[4], page: page, top: bottom - height,
          bottom: bottom))
    }
    return found
  }

  /// A copy of the project (version 1) in `scratch`, a config whose editor command writes
  /// "FILE:LINE" lines to `edits`, and the environment for the viewer and its clients.
  struct Project {
    let scratch: ScratchFolder
    let folder: String
    var pdf: String { folder + "/main.pdf" }
    var edits: String { scratch.path + "/edits.txt" }
    var report: String { scratch.path + "/view-report" }
    /// The viewer's environment (it runs in a tmux session of its own).
    var environment: [String: String] {
      scratch.environment.merging(["FOLIO_VIEW_REPORT": report]) { $1 }
    }
    /// A client's, as an editor outside tmux runs it (whatever runs the tests).
    var clientEnvironment: [String: String] {
      environment.merging(["TMUX": "", "TMUX_PANE": ""]) { $1 }
    }

    init() throws {
      scratch = try ScratchFolder()
      folder = scratch.path + "/project"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      for name in ["main.tex", "chapter.tex", "main.pdf", "main.synctex.gz"] {
        try FileManager.default.copyItem(
          atPath: SyncTeXViewerTests.fixture + "/" + name, toPath: folder + "/" + name)
      }
      let config = scratch.path + "/config/folio"
      try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
      let command = "sh -c 'printf \"%s:%s\\\\n\" \"$0\" \"$1\" >> \(edits)' %{input} %{line}"
      try "synctex-editor-command = \"\(command.replacingOccurrences(of: "\"", with: "\\\""))\"\n"
        .write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
    }

    /// `folio --synctex-forward LINE:0:INPUT main.pdf`, as an editor runs it (no terminal).
    func forward(line: Int, input: String) throws -> FolioProcess.Result {
      try FolioProcess.run(
        ["--synctex-forward", "\(line):0:\(folder)/\(input)", pdf],
        environment: clientEnvironment, timeLimit: .seconds(60))
    }

    /// The editor's lines so far.
    func edited() -> [String] {
      ((try? String(contentsOfFile: edits, encoding: .utf8)) ?? "").split(separator: "\n")
        .map(String.init)
    }

    /// Where page `page` (1-based) is on screen: the part of it shown and its cells.
    func shown(page: Int) -> (region: PageRegion, cells: CellRect)? {
      guard let text = try? String(contentsOfFile: report, encoding: .utf8) else { return nil }
      for line in text.split(separator: "\n") {
        let numbers = line.split(separator: " ").compactMap { Double($0) }
        guard numbers.count == 9, Int(numbers[0]) == page else { continue }
        return (
          PageRegion(x: numbers[1], y: numbers[2], width: numbers[3], height: numbers[4]),
          CellRect(
            x: Int(numbers[5]), y: Int(numbers[6]), columns: Int(numbers[7]),
            rows: Int(numbers[8]))
        )
      }
      return nil
    }
  }

  /// The page's height in points (A5, portrait).
  static let pageHeight = 595.276
  static let pageWidth = 419.528

  /// The rows of `screen` (ANSI-styled lines) with a cell tinted like a forward search's mark.
  static func markedRows(_ styled: String) -> [Int] {
    styled.components(separatedBy: "\n").enumerated().compactMap { row, line in
      // The current-hit tint (orange) mixed into the paper, in 256 colors or truecolor.
      let marks = ["48;5;208", "48;5;172", "48;5;209", "48;5;214", "48;5;215", "48;2;255;1"]
      return marks.contains { line.contains($0) } ? row : nil
    }
  }

  @Test func forwardSearchesLandOnThePageAndBoxSyncTeXNames() throws {
    let project = try Project()
    let session = try FolioSession(
      nil, arguments: [project.pdf], columns: 100, rows: 40, environment: project.environment)
    defer { try? session.quit() }
    // Lines of both files, on different pages (two of each file).
    var searches: [Forward] = []
    for forward in try Self.forwards() where forward.version == "v1" && forward.line < 100 {
      let same = searches.filter {
        $0.input.hasSuffix(forward.input) || forward.input.hasSuffix($0.input)
      }
      if same.count < 2, !same.contains(where: { $0.page == forward.page }) {
        searches.append(forward)
      }
    }
    #expect(Set(searches.map { $0.input.replacingOccurrences(of: "./", with: "") }).count == 2)
    for forward in searches {
      let result = try project.forward(line: forward.line, input: forward.input)
      #expect(result.status == 0, "\(forward.input):\(forward.line): \(result.standardError)")
      try session.expectPage(forward.page, of: 4)
      // The box is marked, on the rows where the page shows it (polled: the frame and its
      // report come a moment after the answer).
      var marked: [Int] = []
      var row: Int?
      let deadline = Date().addingTimeInterval(FolioSession.deadline)
      repeat {
        let styled = try session.tmux.run(["capture-pane", "-p", "-e", "-N", "-t", "folio"])
        marked = Self.markedRows(styled)
        row = project.shown(page: forward.page).map { shown in
          let top = forward.top / Self.pageHeight
          return shown.cells.minY
            + Int(((top - shown.region.y) / shown.region.height * Double(shown.cells.size.rows)))
        }
        if let row, marked.contains(where: { abs($0 - row) <= 1 }) { break }
        usleep(20_000)
      } while Date() < deadline
      #expect(
        row.map { row in marked.contains { abs($0 - row) <= 1 } } == true,
        "\(forward.input):\(forward.line): marked rows \(marked), box at row \(String(describing: row))"
      )
      // The mark goes after a moment, so the next search's is its own.
      let gone = Date().addingTimeInterval(FolioSession.deadline)
      while !Self.markedRows(
        try session.tmux.run(["capture-pane", "-p", "-e", "-N", "-t", "folio"])
      ).isEmpty && Date() < gone {
        usleep(50_000)
      }
    }
  }

  @Test func aForwardSearchDuringARebuildLandsInTheNewVersion() throws {
    let project = try Project()
    let session = try FolioSession(
      nil, arguments: [project.pdf], columns: 100, rows: 40, environment: project.environment)
    defer { try? session.quit() }
    let forwards = try Self.forwards()
    // A line that moves to another page in the rebuild.
    guard
      let moved = forwards.first(where: { old in
        old.version == "v1" && old.line < 100
          && forwards.contains {
            $0.version == "v2" && $0.line == old.line && $0.input == old.input
              && $0.page != old.page
          }
      }),
      let after = forwards.first(where: {
        $0.version == "v2" && $0.line == moved.line && $0.input == moved.input
      })
    else {
      Issue.record("the fixture has no line that moves to another page in v2")
      return
    }
    #expect(try project.forward(line: moved.line, input: moved.input).status == 0)
    try session.expectPage(moved.page, of: 4)
    // The rebuild: the index, then the PDF, renamed over the old ones, as latexmk does.
    let v2 = Self.fixture + "/v2"
    for name in ["main.synctex.gz", "main.pdf"] {
      try FileManager.default.copyItem(
        atPath: v2 + "/" + name, toPath: project.folder + "/." + name + ".new")
      #expect(rename(project.folder + "/." + name + ".new", project.folder + "/" + name) == 0)
    }
    let result = try project.forward(line: moved.line, input: moved.input)
    #expect(result.status == 0, "\(result.standardError)")
    try session.expectPage(after.page, of: 4)
    // It stays there once the new version is shown.
    try session.expectStatus("reloaded")
    try session.expectPage(after.page, of: 4)
  }

  @Test func ctrlClickAndEOpenTheEditorAtTheLineSyncTeXGives() throws {
    let project = try Project()
    let session = try FolioSession(
      nil, arguments: [project.pdf, "--mode", "continuous"], columns: 100, rows: 40,
      environment: project.environment)
    defer { try? session.quit() }
    try session.go(to: 2)
    try session.expectPage(2, of: 4)
    let index = try SyncTeXIndex(pdfPath: project.pdf)
    // A cell in the middle of page 2's text: what SyncTeX says of the point the cell shows.
    var shown = project.shown(page: 2)
    let deadline = Date().addingTimeInterval(10)
    while shown == nil && Date() < deadline {
      usleep(20_000)
      shown = project.shown(page: 2)
    }
    let page = try #require(shown)
    let cell = CellPoint(
      x: page.cells.minX + page.cells.size.columns / 2,
      y: page.cells.minY + page.cells.size.rows / 2)
    let x =
      page.region.x + (Double(cell.x - page.cells.minX) + 0.5) / Double(page.cells.size.columns)
      * page.region.width
    let y =
      page.region.y + (Double(cell.y - page.cells.minY) + 0.5) / Double(page.cells.size.rows)
      * page.region.height
    let expected = try #require(
      index.source(page: PageIndex(1), x: x * Self.pageWidth, y: y * Self.pageHeight))
    // Ctrl (16) with the first button, pressed and released.
    try session.mouse([(16, cell.x, cell.y), (19, cell.x, cell.y)])
    try session.expectStatus("opened in the editor")
    let deadlineEdit = Date().addingTimeInterval(10)
    while project.edited().isEmpty && Date() < deadlineEdit { usleep(20_000) }
    #expect(project.edited().first == "\(expected.path):\(expected.line)")
    // `E`: the line at the top of the screen, a line of this project.
    try session.press("E")
    while project.edited().count < 2 && Date() < deadlineEdit.addingTimeInterval(10) {
      usleep(20_000)
    }
    let top = try #require(project.edited().last)
    #expect(
      top.hasPrefix(project.folder + "/main.tex:")
        || top.hasPrefix(project.folder + "/chapter.tex:"), "\(top)")
  }

  @Test func withNoViewerAndATerminalTheViewerOpensThereAtThePlace() throws {
    let project = try Project()
    let target = try #require(
      try Self.forwards().first { $0.version == "v1" && $0.page > 1 && $0.line < 100 })
    // Run in a terminal (tmux's pane): it becomes the viewer, at the page SyncTeX names.
    let session = try FolioSession(
      nil,
      arguments: [
        "--synctex-forward", "\(target.line):0:\(project.folder)/\(target.input)", project.pdf,
      ], columns: 100, rows: 40, environment: project.environment)
    defer { try? session.quit() }
    try session.expectPage(target.page, of: 4)
    try session.expectStatus("continuous")
  }

  @Test func eInTextSelectionFindsTheLineOfTheCursorsWord() throws {
    let project = try Project()
    let session = try FolioSession(
      nil, arguments: [project.pdf, "--mode", "continuous"], columns: 100, rows: 40,
      environment: project.environment)
    defer { try? session.quit() }
    try session.go(to: 3)
    try session.expectPage(3, of: 4)
    // Text selection starts on the first word on screen; E asks for its line.
    try session.press("x")
    // Once its text is read, the cursor is on the first word ("y copies N characters").
    try session.expectStatus("copies")
    try session.press("E")
    let deadline = Date().addingTimeInterval(FolioSession.deadline)
    while project.edited().isEmpty && Date() < deadline { usleep(20_000) }
    let edited = try #require(project.edited().first)
    #expect(
      edited.hasPrefix(project.folder + "/chapter.tex:")
        || edited.hasPrefix(project.folder + "/main.tex:"), "\(edited)")
    // Still selecting: E changed nothing of the selection.
    try session.press("Escape")
  }

  /// With `synctex-tmux` split (the default) a pane beside the editor's in its window; with
  /// window, a window of its own.
  @Test(arguments: ["split", "window"])
  func withNoViewerInsideTmuxAViewerOpensInAPaneBesideTheEditor(opening: String) throws {
    let project = try Project()
    if opening == "window" {
      let config = project.scratch.path + "/config/folio/config.toml"
      let text = try String(contentsOfFile: config, encoding: .utf8)
      try (text + "synctex-tmux = \"window\"\n").write(
        toFile: config, atomically: true, encoding: .utf8)
    }
    let tmux = try TmuxSession(
      columns: 160, rows: 40, command: "sh", environment: project.environment)
    // The editor's pane, asked while it is the only one (a window running folio is named
    // "folio" too, as the session is).
    let editor = try tmux.paneFormat("#{pane_id}")
    let folio = FolioProcess.executable
    let forward = try Self.forwards().first { $0.version == "v1" && $0.page > 1 && $0.line < 100 }
    let target = try #require(forward)
    // As an editor runs it: no terminal, inside tmux.
    try tmux.send(
      "cd \(TmuxSession.quote(project.folder)) && \(folio) --synctex-forward \(target.line):0:\(target.input) main.pdf </dev/null >/dev/null 2>&1; echo status=$?",
      literal: true)
    try tmux.send("Enter")
    try tmux.waitFor("status=0")
    let panes = try tmux.run([
      "list-panes", "-s", "-t", tmux.name, "-F", "#{pane_id} #{pane_active}",
    ])
    .split(separator: "\n")
    #expect(panes.count == 2, "\(panes)")
    let windows = try tmux.run(["list-windows", "-t", tmux.name]).split(separator: "\n")
    #expect(windows.count == (opening == "window" ? 2 : 1), "\(windows)")
    // The editor's pane keeps the focus; the new one shows the page.
    #expect(try tmux.run(["display-message", "-p", "-t", editor, "#{pane_active}"]).hasPrefix("1"))
    let viewer = try #require(
      panes.compactMap { $0.split(separator: " ").first }.first { $0 != editor })
    let deadline = Date().addingTimeInterval(15)
    var status = ""
    while Date() < deadline {
      status =
        try tmux.run(["capture-pane", "-p", "-t", String(viewer)]).split(separator: "\n").last
        .map(String.init) ?? ""
      if status.contains("\(target.page) / 4") { break }
      usleep(50_000)
    }
    #expect(status.contains("\(target.page) / 4"), "\(status)")
  }

  @Test func aDamagedSyncTeXFileIsSaidInOneLineAndTheViewerGoesOn() throws {
    let project = try Project()
    let session = try FolioSession(
      nil, arguments: [project.pdf], columns: 100, rows: 40, environment: project.environment)
    defer { try? session.quit() }
    // A first input record without its number: libsynctex 1.21 crashes reading it.
    let index = project.folder + "/main.synctex.gz"
    let text = try ChildProcess.run("sh", ["-c", "gzip -dc < '\(index)'"]).outputText
    let damaged = text.replacingOccurrences(of: "Input:1:", with: "Input:x:")
    try damaged.write(toFile: project.folder + "/main.synctex", atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: index)
    let result = try project.forward(line: 5, input: "chapter.tex")
    #expect(result.status == 1)
    #expect(
      result.standardError.contains("cannot be read")
        && result.standardError.split(separator: "\n").count == 1,
      "\(result.standardError)")
    // The viewer is still there and answers keys.
    try session.press("G")
    try session.expectPage(4, of: 4)
  }

  @Test func withNoViewerAndNowhereToOpenOneTheCommandSaysWhy() throws {
    let project = try Project()
    let result = try project.forward(line: 5, input: "chapter.tex")
    #expect(result.status == 2)
    #expect(result.standardError.contains("no viewer shows it"), "\(result.standardError)")
    let bad = try FolioProcess.run(
      ["--synctex-forward", "nonsense", project.pdf], environment: project.clientEnvironment)
    #expect(bad.status == 2)
    #expect(bad.standardError.contains("--synctex-forward takes"), "\(bad.standardError)")
  }
}
