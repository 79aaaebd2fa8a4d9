#!/bin/sh
# less: `export LESSOPEN='|~/.config/folio/less-open.sh %s'` and `export LESS=-R`.
# A PDF opens in less as its first page drawn for the terminal's size; other files pass.
case "$1" in
  *.pdf | *.PDF)
    # less reads this through a pipe, and shells rarely export COLUMNS and LINES: the size
    # comes from the terminal itself, else from those variables, else 80 x 24.
    size=$(stty size </dev/tty 2>/dev/null) || size=
    rows=${size% *} columns=${size#* }
    exec folio --preview "$1" "${columns:-${COLUMNS:-80}}" "${rows:-${LINES:-24}}" ;;
esac
exit 1
