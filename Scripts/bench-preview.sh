#!/bin/bash
# `folio --preview` as file managers call it, in Markdown for docs/benchmarks.md:
# - the first page of every PDF in CORPUS at 80x40, whole processes one after another, against
#   the usual previewer pipeline, `pdftoppm -f 1 -l 1 -scale-to 160 -png` + `chafa --size 80x40`
#   (target: at most as long);
# - the 15,000-page fixture against the 1-page one (target: as fast), when folio-bench has made
#   them (it runs first in `make bench`).
#
#   Scripts/bench-preview.sh [CORPUS]     (FOLIO: the folio to time, default the release build)
set -uo pipefail
corpus=${1:-../shared/corpus/pdfs}
folio=${FOLIO:-.build/release/folio}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export XDG_CACHE_HOME=$scratch/c XDG_STATE_HOME=$scratch/s XDG_CONFIG_HOME=$scratch/cfg
now() { date +%s.%N; }
declare -A ms poppler
files=("$corpus"/*.pdf)

start=$(now)
for f in "${files[@]}"; do
  timeout 30 "$folio" --preview "$f" 80 40 --colors truecolor >/dev/null 2>&1
done
middle=$(now)
for f in "${files[@]}"; do
  timeout 30 pdftoppm -f 1 -l 1 -scale-to 160 -png "$f" "$scratch/p" >/dev/null 2>&1
  for p in "$scratch"/p*.png; do
    [[ -e $p ]] && timeout 30 chafa --size 80x40 "$p" >/dev/null 2>&1
    rm -f "$p"
  done
done
end=$(now)
ours=$(echo "$middle - $start" | bc)
theirs=$(echo "$end - $middle" | bc)

echo "| measurement | result | target |"
echo "|---|---|---|"
printf '| first page of each of %d corpus PDFs at 80x40: `folio --preview` / pdftoppm + chafa | %.1f s / %.1f s (%.2fx) | ≤ 1x |\n' \
  "${#files[@]}" "$ours" "$theirs" "$(echo "$ours / $theirs" | bc -l)"

# The median of 7 runs of a command, in milliseconds.
median_ms() {
  local times=()
  for _ in 1 2 3 4 5 6 7; do
    local t0 t1
    t0=$(now)
    "$@" >/dev/null 2>&1
    t1=$(now)
    times+=("$(echo "($t1 - $t0) * 1000" | bc)")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 4p
}
fixtures=${TMPDIR:-/tmp}/folio-fixtures-v2
if [[ -f $fixtures/huge.pdf && -f $fixtures/one-page.pdf ]]; then
  for f in huge one-page; do
    ms[$f]=$(median_ms "$folio" --preview "$fixtures/$f.pdf" 80 40 --colors truecolor)
    poppler[$f]=$(median_ms pdftoppm -f 1 -l 1 -scale-to 160 -png "$fixtures/$f.pdf" "$scratch/q")
  done
  printf '| a preview of the 15,000-page fixture / of the 1-page one (median of 7) | %.0f ms / %.0f ms (+%.0f ms) | as fast |\n' \
    "${ms[huge]}" "${ms[one-page]}" "$(echo "${ms[huge]} - ${ms[one-page]}" | bc)"
  printf '| the same first pages with `pdftoppm -scale-to 160` alone (Poppler opening the file) | %.0f ms / %.0f ms (+%.0f ms) | |\n' \
    "${poppler[huge]}" "${poppler[one-page]}" "$(echo "${poppler[huge]} - ${poppler[one-page]}" | bc)"
fi
