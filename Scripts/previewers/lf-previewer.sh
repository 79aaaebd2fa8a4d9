#!/bin/sh
# lf: `set previewer ~/.config/lf/folio-previewer.sh` (lf calls it with FILE WIDTH HEIGHT X Y).
# PDFs are drawn by folio; anything else is left to lf (exit 1: no preview).
case "$1" in
  *.pdf | *.PDF) exec folio --preview "$1" "$2" "$3" "$4" "$5" ;;
esac
exit 1
