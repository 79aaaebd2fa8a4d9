import ArgumentParser

/// `--remote`, `--to` and `--synctex-forward`: driving a viewer that is already running,
/// through its control socket.
struct RemoteOptions: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      "Send COMMAND [ARGS…] (the words after the options) to a running viewer, print its answer and exit: 0 done, 1 refused, 2 no viewer.",
      discussion: """
        Commands: every action of --list-actions (with a count: next-page 3), goto PAGE|LABEL, \
        open FILE [PAGE], find TEXT, get file|files|page|label|pages|view|zoom|selection|hits|\
        section|all, subscribe [page|file|hits|selection…], quit.
        """))
  var remote = false

  @Option(
    help: ArgumentHelp(
      "With --remote: the viewer showing this PDF, or the control socket at this path (default: the one viewer running, else the newest).",
      valueName: "pdf-or-socket"))
  var to: String?

  @Option(
    help: ArgumentHelp(
      "SyncTeX forward search: show where LINE:COLUMN:TEXFILE is in FILE (also FILE#TEXFILE:LINE:COLUMN), in the viewer showing it, or in a new one.",
      valueName: "line:column:texfile"))
  var synctexForward: String?
}
