#!/bin/bash
# Preview of every corpus PDF's first page at 80x40: folio --preview against pdftoppm + chafa.
corpus=${1:-../shared/corpus/pdfs}
folio=${FOLIO:-.build/release/folio}
scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
export XDG_CACHE_HOME=$scratch/c XDG_STATE_HOME=$scratch/s XDG_CONFIG_HOME=$scratch/cfg
start=$(date +%s.%N)
for f in $corpus/*.pdf; do timeout 30 $folio --preview "$f" 80 40 --colors truecolor > /dev/null 2>&1; done
mid=$(date +%s.%N)
for f in $corpus/*.pdf; do timeout 30 pdftoppm -f 1 -l 1 -scale-to 160 -png "$f" $scratch/p > /dev/null 2>&1; for p in $scratch/p*.png; do timeout 30 chafa --size 80x40 "$p" > /dev/null 2>&1; rm -f "$p"; done; done
end=$(date +%s.%N)
echo "folio --preview: $(echo "$mid - $start" | bc) s; pdftoppm + chafa: $(echo "$end - $mid" | bc) s; files: $(ls $corpus/*.pdf | wc -l)"
