#!/bin/sh
# A file viewer in ranger's scope.sh convention (FILE WIDTH HEIGHT CACHE_DIR IMAGES), for nnn's
# preview-tui (NNN_SCOPE=1, USE_SCOPE=1 before nnn 5.0) and ranger's preview_script. PDFs are
# drawn by folio; other files go to your own ranger scope.sh when there is one, else are shown
# as text (the first HEIGHT lines) or by their type.
file=$1 width=${2:-80} height=${3:-24}
# preview-tui (which sets PREVIEWPID for its pane) shows the lines in less, whose prompt takes
# the pane's last line.
[ -n "${PREVIEWPID:-}" ] && height=$((height - 1))
if [ "$(file -bL --mime-type -- "$file")" = application/pdf ]; then
  # Exit 5 tells ranger the preview fits this width and height only.
  folio --preview "$file" "$width" "$height" && exit 5
  exit 1
fi
own=${XDG_CONFIG_HOME:-$HOME/.config}/ranger/scope.sh
if [ -x "$own" ] && ! [ "$own" -ef "$0" ]; then
  exec "$own" "$@"
fi
if [ -d "$file" ]; then
  ls -p -- "$file" | head -n "$height"
  exit 0
fi
case "$(file -bL --mime-encoding -- "$file")" in
  binary) file -bL -- "$file" ;;
  # Exit 2 tells ranger to show the file as text itself; nnn shows these lines.
  *) head -n "$height" -- "$file"; exit 2 ;;
esac
