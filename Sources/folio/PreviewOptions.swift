import ArgumentParser
import FolioCore

/// `--preview FILE [WIDTH HEIGHT [X Y]]`: a page sized for a file manager's preview pane.
struct PreviewOptions: ParsableArguments {
  @Flag(
    help: """
      Print the first page (or --page) for a preview pane and exit: WIDTH and HEIGHT after FILE \
      (lf's and ranger's convention; X and Y are ignored), else FZF_PREVIEW_COLUMNS and \
      FZF_PREVIEW_LINES, else the terminal's size. No status line; never more than asked.
      """)
  var preview = false

  // Hidden from the help's list of arguments: the usage line and --preview say what they
  // are, and only --preview takes them.
  @Argument(
    help: ArgumentHelp(
      "More files; with --preview: WIDTH HEIGHT [X Y] of the pane.", valueName: "width-height",
      visibility: .hidden))
  var geometry: [String] = []

  func validate() throws {
    // Without --preview these are more files (a library).
    guard preview else { return }
    guard [0, 2, 4].contains(geometry.count) else {
      throw ValidationError("--preview takes FILE, then WIDTH HEIGHT and perhaps X Y")
    }
    for value in geometry where Int(value) == nil {
      throw ValidationError("--preview: '\(value)' is not a whole number")
    }
    if geometry.count >= 2, paneSize(environment: [:]) == nil {
      throw ValidationError("--preview: WIDTH and HEIGHT must be from 1 to 10,000")
    }
  }

  /// The pane's size: from the arguments, else from fzf's variables; nil when neither says.
  func paneSize(environment: [String: String]) -> CellSize? {
    func size(_ columns: String?, _ rows: String?) -> CellSize? {
      guard let columns = columns.flatMap({ Int($0) }), let rows = rows.flatMap({ Int($0) }),
        (1...10_000).contains(columns), (1...10_000).contains(rows)
      else { return nil }
      return CellSize(columns: columns, rows: rows)
    }
    if geometry.count >= 2 { return size(geometry[0], geometry[1]) }
    return size(environment["FZF_PREVIEW_COLUMNS"], environment["FZF_PREVIEW_LINES"])
  }
}
