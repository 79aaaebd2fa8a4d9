import FolioFixtures
import Foundation
import Testing

/// The file-manager set-ups of `Scripts/previewers` run in the file managers themselves, in
/// tmux: each must show in its preview pane exactly the lines folio printed, sized to fit it.
/// yazi comes from `make test-tools`, ranger from Debian; nnn's preview-tui is not packaged,
/// so that test runs when `FOLIO_PREVIEW_TUI` names a copy of the plugin.
@Suite("File-manager previews")
struct FileManagerPreviewTests {
  static let previewers = InstallTests.root + "/Scripts/previewers"

  /// yazi from `make test-tools`, else from PATH.
  static let yazi: String? = {
    let tools = InstallTests.root + "/.build/tools/bin/yazi"
    if FileManager.default.isExecutableFile(atPath: tools) { return tools }
    return RecordingFolio.onPath("yazi")
  }()

  /// A copy of nnn's preview-tui plugin, named by `FOLIO_PREVIEW_TUI`.
  static let previewTUI = ProcessInfo.processInfo.environment["FOLIO_PREVIEW_TUI"]

  /// In CI every tool `make test` provides must be there: a missing one fails, not skips.
  static let inCI = ProcessInfo.processInfo.environment["CI"] == "true"

  /// A document alone in a folder of its own: the file manager starts on it, and the
  /// recording's files changing elsewhere do not make it reload the folder (and the preview)
  /// again and again.
  static func documentAlone(in scratch: ScratchFolder, pages: Int) throws -> (
    folder: String, file: String
  ) {
    let folder = scratch.path + "/documents"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return (folder, try scratch.writeDocument("documents/paper.pdf", pages: pages))
  }

  @Test(.enabled(if: yazi != nil || inCI))
  func yaziShowsFolioAndTurnsPagesWithSeek() throws {
    let yazi = try #require(Self.yazi, "yazi not found: run make test-tools")
    let scratch = try ScratchFolder()
    let folio = try RecordingFolio(in: scratch)
    let (documents, file) = try Self.documentAlone(in: scratch, pages: 3)
    var environment = folio.environment(scratch)
    environment["YAZI_CONFIG_HOME"] = Self.previewers + "/yazi"
    let session = try TmuxSession(
      columns: 120, rows: 30, command: "\(yazi) \(TmuxSession.quote(documents))",
      environment: environment)
    try folio.expectShown(in: session, file: file, page: "1")
    // J seeks the preview: the next page, and no further than the last.
    for page in ["2", "3", "3"] {
      try session.send("J")
      try folio.expectShown(in: session, file: file, page: page)
    }
  }

  @Test(.enabled(if: RecordingFolio.onPath("ranger") != nil || inCI))
  func rangerShowsFolioThroughScopeSh() throws {
    let scratch = try ScratchFolder()
    let folio = try RecordingFolio(in: scratch)
    let file = try Self.documentAlone(in: scratch, pages: 2).file
    let configuration = scratch.path + "/ranger"
    try FileManager.default.createDirectory(
      atPath: configuration, withIntermediateDirectories: true)
    let lines = try String(contentsOfFile: Self.previewers + "/ranger-rc.conf", encoding: .utf8)
    try lines.replacingOccurrences(
      of: "~/.config/folio/scope.sh", with: Self.previewers + "/scope.sh"
    ).write(toFile: configuration + "/rc.conf", atomically: true, encoding: .utf8)
    // ranger turns previews off for root after reading rc.conf; tests may run as root.
    let command = [
      "ranger", "--confdir=" + configuration, "--cmd=set use_preview_script true",
      "--cmd=set preview_files true", "--selectfile=" + file,
    ].map(TmuxSession.quote).joined(separator: " ")
    let session = try TmuxSession(
      columns: 120, rows: 30, command: command, environment: folio.environment(scratch))
    try folio.expectShown(in: session, file: file, page: nil)
  }

  @Test(.enabled(if: previewTUI != nil))
  func nnnPreviewTUIShowsFolioThroughScopeSh() throws {
    let plugin = try #require(Self.previewTUI)
    let scratch = try ScratchFolder()
    let folio = try RecordingFolio(in: scratch)
    let (documents, file) = try Self.documentAlone(in: scratch, pages: 2)
    let plugins = scratch.path + "/config/nnn/plugins"
    try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: plugin, toPath: plugins + "/preview-tui")
    // preview-tui runs `scope.sh` from PATH: the set-up's script under that name.
    try FileManager.default.createSymbolicLink(
      atPath: folio.folder + "/scope.sh", withDestinationPath: Self.previewers + "/scope.sh")
    // The set-up's lines, sourced as a shell start-up file would.
    var environment = folio.environment(scratch)
    environment["TMPDIR"] = scratch.path
    let setup = TmuxSession.quote(Self.previewers + "/nnn-preview-tui.sh")
    let session = try TmuxSession(
      columns: 160, rows: 30,
      command: "sh -c "
        + TmuxSession.quote(". \(setup) && exec nnn \(TmuxSession.quote(documents))"),
      environment: environment)
    try session.waitFor("paper.pdf")
    try session.send("\\;")
    try session.send("p")
    try folio.expectShown(in: session, file: file, page: nil, pane: "1")
  }

  /// The set-up's script as preview-tui and ranger call it, without them: a PDF is folio's
  /// page at the size given, a text file its first lines, a binary file its type.
  @Test func scopeShPreviewsAPDFTextAndOtherFiles() throws {
    let scratch = try ScratchFolder()
    let folio = try RecordingFolio(in: scratch)
    let file = try scratch.writeDocument("paper.pdf", pages: 2)
    let text = scratch.path + "/notes"
    try (1...40).map { "line \($0)" }.joined(separator: "\n").write(
      toFile: text, atomically: true, encoding: .utf8)
    var environment = ProcessInfo.processInfo.environment.merging(folio.environment(scratch)) {
      $1
    }
    environment["PREVIEWPID"] = nil
    let scope = Self.previewers + "/scope.sh"
    let pdf = try ChildProcess.run(
      scope, [file, "50", "12", scratch.path, "False"], environment: environment,
      timeLimit: .seconds(60))
    #expect(pdf.status == 5, "\(pdf.errorText)")
    #expect(pdf.outputText.split(separator: "\n").count == 12)
    // Under preview-tui less shows the lines, and its prompt takes a row.
    environment["PREVIEWPID"] = scratch.path + "/previewpid"
    let underNnn = try ChildProcess.run(
      scope, [file, "50", "12", scratch.path, "True"], environment: environment,
      timeLimit: .seconds(60))
    #expect(underNnn.outputText.split(separator: "\n").count == 11)
    environment["PREVIEWPID"] = nil
    let notes = try ChildProcess.run(
      scope, [text, "50", "5", scratch.path, "False"], environment: environment)
    #expect(notes.status == 2 && notes.outputText == "line 1\nline 2\nline 3\nline 4\nline 5\n")
    let binary = try ChildProcess.run(
      scope, [FolioProcess.executable, "50", "5", scratch.path, "False"], environment: environment)
    #expect(binary.status == 0 && binary.outputText.contains("ELF"))
  }
}
