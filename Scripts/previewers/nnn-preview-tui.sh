# nnn with preview-tui: source this from your shell's start-up file (bash, zsh, sh), with
# scope.sh copied to a folder on PATH under that name (e.g. ~/.local/bin/scope.sh). Start nnn
# inside tmux and press ;p for the preview pane. PDFs are drawn by folio; other files go to your
# own ~/.config/ranger/scope.sh when there is one.
export NNN_FIFO="${TMPDIR:-/tmp}/nnn.fifo"
export NNN_PLUG="p:preview-tui${NNN_PLUG:+;$NNN_PLUG}"
# preview-tui hands every file to scope.sh: NNN_SCOPE from nnn 5.0, USE_SCOPE before.
export NNN_SCOPE=1 USE_SCOPE=1
