import FolioConfig
import FolioCore
import FolioRuntime
import FolioSystem
import Foundation

/// SyncTeX for the loop (`SourceLookup`): each query answered by FolioSyncTeX in a process of
/// its own (`SyncTeXQueryMode`: libsynctex never runs in the viewer), and the editor opened at
/// a source line with `synctex-editor-command` (never through a shell), its tmux pane selected
/// when known.
enum SyncTeXSetup {
  /// How long one query may take (reading a large index takes a tenth of a second).
  static let queryDeadline = Duration.seconds(20)

  /// How long the editor command may take before it is left running (an editor that stays
  /// open) and how long tmux may take to select its pane.
  static let editorDeadline = Duration.seconds(3)
  static let tmuxDeadline = Duration.seconds(2)

  /// The lookup for a viewer whose config gives `editor` (nil: lines are only said), inside
  /// tmux when `environment` says so.
  static func lookup(editor: EditorCommand?, environment: [String: String]) -> SourceLookup {
    let insideTmux = !(environment["TMUX"] ?? "").isEmpty
    let boxes: @Sendable (String, String, Int, Int) throws -> [SourceLookup.Box] = {
      pdf, input, line, column in
      try query(["boxes", pdf, input, String(line), String(column)]).compactMap { fields in
        guard fields.count == 6, fields[0] == "box", let page = Int(fields[1]),
          let x = Double(fields[2]), let y = Double(fields[3]), let width = Double(fields[4]),
          let height = Double(fields[5])
        else { return nil }
        return SourceLookup.Box(page: PageIndex(page), x: x, y: y, width: width, height: height)
      }
    }
    let line: @Sendable (String, PageIndex, Double, Double) throws -> SourceLookup.Line? = {
      pdf, page, x, y in
      let records = try query(["line", pdf, String(page.rawValue), String(x), String(y)])
      guard let fields = records.first(where: { $0.first == "line" }), fields.count == 4,
        let number = Int(fields[1]), let column = Int(fields[2])
      else { return nil }
      return SourceLookup.Line(
        input: SyncTeXQueryMode.unescaped(fields[3]), line: number,
        column: column > 0 ? column : nil)
    }
    var edit: (@Sendable (SourceLookup.Line, String?) -> String?)?
    if let editor {
      edit = { found, pane in open(editor, at: found, pane: insideTmux ? pane : nil) }
    }
    return SourceLookup(boxes: boxes, line: line, edit: edit)
  }

  /// Why a query found nothing: one line.
  struct QueryFailure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs one query in a process of its own (`SyncTeXQueryMode`); its records, split into
  /// fields.
  static func query(_ arguments: [String]) throws -> [[Substring]] {
    let outcome = ChildRun.run(
      [ForwardSearchCommand.executablePath, SyncTeXQueryMode.flag] + arguments,
      output: .captured, deadline: queryDeadline)
    let records = String(decoding: outcome.output, as: UTF8.self).split(separator: "\n")
      .map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    switch outcome.ending {
    case .exited(0): return records
    case .exited:
      let reason = records.last { $0.first == "error" }?.dropFirst().joined(separator: " ")
      throw QueryFailure(description: reason ?? "SyncTeX could not be read")
    default:
      let name =
        (arguments.dropFirst().first as String?).map {
          URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent
        } ?? "the PDF"
      let why = outcome.problem(running: "its reader") ?? "its reader failed"
      throw QueryFailure(description: "the SyncTeX file of \(name) cannot be read: \(why)")
    }
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
