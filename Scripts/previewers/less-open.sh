#!/bin/sh
# less: `export LESSOPEN='|~/.config/folio/less-open.sh %s'` and `export LESS=-R`.
# A PDF opens in less as its first page drawn for the terminal's size; other files pass.
case "$1" in
  *.pdf | *.PDF) exec folio --preview "$1" "${COLUMNS:-80}" "${LINES:-24}" ;;
esac
exit 1
