#!/usr/bin/env bash
# `make bench`: runs every benchmark on the release build and writes the results into
# docs/benchmarks.md, each between its markers (the rest of the file is kept):
#   <!-- folio-bench:begin --> … <!-- folio-bench:end -->          layout, Poppler, pipeline
#   <!-- blockart-compare:begin --> … <!-- blockart-compare:end -->  quality against chafa
#   <!-- print-memory:begin --> … <!-- print-memory:end -->          --print's peak memory
#   <!-- text-words:begin --> … <!-- text-words:end -->              the text layer against pdftotext
#   <!-- text-zoomed:begin --> … <!-- text-zoomed:end -->            the same in the viewer, zoomed
#   <!-- preview:begin --> … <!-- preview:end -->                    --preview against pdftoppm + chafa
#   <!-- pixels:begin --> … <!-- pixels:end -->                      pages as kitty images
# Set SKIP_BLOCKART=1 to leave the (long) quality comparison out.
set -euo pipefail
cd "$(dirname "$0")/.."
doc=docs/benchmarks.md

replace_between() { # marker file-with-new-text
  python3 - "$doc" "$1" "$2" <<'PY'
import sys
doc, marker, new = sys.argv[1], sys.argv[2], open(sys.argv[3]).read().strip("\n")
text = open(doc).read()
begin, end = f"<!-- {marker}:begin -->", f"<!-- {marker}:end -->"
if begin in text and end in text:
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    text = f"{head}{begin}\n{new}\n{end}{tail}"
else:
    text = f"{text.rstrip()}\n\n{begin}\n{new}\n{end}\n"
open(doc, "w").write(text)
PY
}

out=$(mktemp)
echo "Running folio-bench (release)…" >&2
{
  echo "Measured $(date -u +%Y-%m-%d) on $(nproc) cores by \`.build/release/folio-bench\`."
  echo
  .build/release/folio-bench
} > "$out"
cat "$out"
replace_between folio-bench "$out"
rm -f "$out"

echo "Measuring --print's peak memory…" >&2
./Scripts/bench-print-memory.sh > "$out"
cat "$out"
replace_between print-memory "$out"
rm -f "$out"

echo "Checking the text layer's words against pdftotext…" >&2
{
  echo '`Scripts/text-layer-words.py .build/release/folio ../shared/corpus/pdfs 12`: continuous'
  echo 'frames at 160x50 with `--text on` against the words `pdftotext -bbox` finds in the visible'
  echo 'part of the page (targets: recall ≥ 95 %, precision ≥ 98 %).'
  echo
  echo '```'
  python3 Scripts/text-layer-words.py .build/release/folio ../shared/corpus/pdfs 12 | tail -1
  echo '```'
} > "$out"
cat "$out"
replace_between text-words "$out"
rm -f "$out"

echo "Checking the text layer in the viewer, zoomed and panned (tmux)…" >&2
zoomed=(../shared/corpus/pdfs)
for extra in /usr/share/doc/libtasn1-doc/libtasn1.pdf /usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf; do
  [[ -f "$extra" ]] && zoomed+=("$extra")
done
{
  echo "\`Scripts/text-layer-zoomed.py .build/release/folio ${zoomed[*]} --pages 2\`: the viewer"
  echo 'in tmux at each size, `--mode continuous --page P`, then `z`, then `l`, then `jjj`; the'
  echo 'screen against the words `pdftotext -bbox` finds in the part of the page each rectangle'
  echo 'shows (targets: recall ≥ 95 %, precision ≥ 98 %).'
  echo
  echo '```'
  python3 Scripts/text-layer-zoomed.py .build/release/folio "${zoomed[@]}" --pages 2 | sed -n '/^$/,$p' | sed 1d
  echo '```'
} > "$out"
cat "$out"
replace_between text-zoomed "$out"
rm -f "$out"

echo "Measuring pages as kitty images (a pseudo-terminal answering as kitty)…" >&2
pixels=()
for extra in /tmp/folio-fixtures-v2/manual.pdf /usr/share/doc/libtasn1-doc/libtasn1.pdf \
  /usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf ../shared/corpus/pdfs/polylux-16x9-slides.pdf; do
  [[ -f "$extra" ]] && pixels+=("$extra")
done
{
  echo "\`Scripts/pixel-bench.py .build/release/folio ${pixels[*]}\`, measured $(date -u +%Y-%m-%d):"
  echo
  python3 Scripts/pixel-bench.py .build/release/folio "${pixels[@]}"
} > "$out"
cat "$out"
replace_between pixels "$out"
rm -f "$out"

echo "Timing --preview against pdftoppm + chafa…" >&2
{
  echo "\`Scripts/bench-preview.sh ../shared/corpus/pdfs\`, measured $(date -u +%Y-%m-%d):"
  echo
  ./Scripts/bench-preview.sh ../shared/corpus/pdfs
} > "$out"
cat "$out"
replace_between preview "$out"
rm -f "$out"

echo "Measuring a library of 10,000 PDFs…" >&2
./Scripts/library-bench.sh .build/release 10000 > "$out"
cat "$out"
replace_between library "$out"
rm -f "$out"

if [[ -z "${SKIP_BLOCKART:-}" ]]; then
  echo "Running the block-art quality comparison (long)…" >&2
  NO_BUILD=1 ./Scripts/blockart-compare.sh ../shared/corpus/pdfs "$doc"
fi
