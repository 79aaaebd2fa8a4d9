import FolioConfig
import FolioCore
import FolioRuntime
import FolioSyncTeX
import FolioSystem
import Foundation

/// SyncTeX for the loop (`SourceLookup`): the indexes beside PDFs read with FolioSyncTeX (each
/// once per version of its file), and the editor opened at a source line with
/// `synctex-editor-command` (never through a shell), its tmux pane selected when known.
enum SyncTeXSetup {
  /// The indexes, used from the SourceFinder's one thread (the lock keeps that true).
  private final class Indexes: @unchecked Sendable {
    private let lock = NSLock()
    private let indexes = SyncTeXIndexes()

    func index(_ pdf: String) throws -> SyncTeXIndex {
      try lock.withLock { () throws -> SyncTeXIndex in try indexes.index(pdfPath: pdf) }
    }
  }

  /// How long the editor command may take before it is left running (an editor that stays
  /// open) and how long tmux may take to select its pane.
  static let editorDeadline = Duration.seconds(3)
  static let tmuxDeadline = Duration.seconds(2)

  /// The lookup for a viewer whose config gives `editor` (nil: lines are only said), inside
  /// tmux when `environment` says so.
  static func lookup(editor: EditorCommand?, environment: [String: String]) -> SourceLookup {
    let indexes = Indexes()
    let insideTmux = environment["TMUX"] != nil
    let boxes: @Sendable (String, String, Int, Int) throws -> [SourceLookup.Box] = {
      pdf, input, line, column in
      let found = try indexes.index(pdf).boxes(line: line, column: column, input: input)
      return found.map { box in
        SourceLookup.Box(
          page: box.page, x: box.x, y: box.y, width: box.width, height: box.height)
      }
    }
    let line: @Sendable (String, PageIndex, Double, Double) throws -> SourceLookup.Line? = {
      pdf, page, x, y in
      guard let found = try indexes.index(pdf).source(page: page, x: x, y: y) else { return nil }
      return SourceLookup.Line(input: found.path, line: found.line, column: found.column)
    }
    var edit: (@Sendable (SourceLookup.Line, String?) -> String?)?
    if let editor {
      edit = { found, pane in open(editor, at: found, pane: insideTmux ? pane : nil) }
    }
    return SourceLookup(boxes: boxes, line: line, edit: edit)
  }

  /// Runs `editor` for `line`; selects tmux pane `pane` (the editor's) after; why not, or nil.
  static func open(_ editor: EditorCommand, at line: SourceLookup.Line, pane: String?)
    -> String?
  {
    let arguments = editor.arguments(input: line.input, line: line.line, column: line.column)
    let outcome = ChildRun.run(arguments, deadline: editorDeadline, leavesRunning: true)
    if let problem = outcome.problem(running: arguments[0]) { return problem }
    if let pane {
      // The pane's window first (it may be another), then the pane.
      for command in ["select-window", "select-pane"] {
        _ = ChildRun.run(["tmux", command, "-t", pane], deadline: tmuxDeadline)
      }
    }
    return nil
  }
}
