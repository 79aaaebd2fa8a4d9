#!/usr/bin/env bash
# Peak memory of `folio --print` (maximum resident set size, GNU time) at a terminal's size and
# at the largest accepted frame (1,000,000 cells), with the smallest and the default picture
# cache: what bounds it is the frame, never the document or the request. Prints a Markdown
# table; `Scripts/bench.sh` puts it into docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
folio=${FOLIO:-.build/release/folio}
file=${1:-../shared/corpus/pdfs/pypdf-geotopo-117p-linearized.pdf}
peak() { # arguments… → "N MiB"
  /usr/bin/time -f "%M" "$folio" --print "$@" "$file" 2>&1 >/dev/null | tail -1 \
    | awk '{ printf "%.0f MiB", $1 / 1024 }'
}
echo "Peak resident memory of \`folio --print\` on $(basename "$file"), by \`Scripts/bench-print-memory.sh\`."
echo
echo "| frame | --cache-mb 1 | --cache-mb 64 (default) | --cache-mb 1, --colors none |"
echo "|---|---|---|---|"
while read -r label arguments; do
  # shellcheck disable=SC2086
  echo "| ${label//_/ } | $(peak --cache-mb 1 --colors 256 $arguments) | $(peak --colors 256 $arguments) | $(peak --cache-mb 1 --colors none $arguments) |"
done <<'ROWS'
page_80x24 --size 80x24
page_1000x1000 --size 1000x1000
grid_1000x1000 --mode grid --size 1000x1000
continuous_2000x500 --mode continuous --size 2000x500
spread_1000x1000 --mode spread --size 1000x1000
ROWS
echo
echo "Larger frames are refused (\`--size\` holds at most 1,000,000 cells), so the difference"
echo "between the 80x24 row and the largest row bounds what any accepted \`--print\` adds to the cache."
