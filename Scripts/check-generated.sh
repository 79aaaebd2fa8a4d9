#!/usr/bin/env bash
# Regenerates every file in a Generated/ folder with the script its header names and compares
# the result with the committed file: fails, naming the file, when they differ.
#
#   Scripts/check-generated.sh BUILD_FOLDER     (BUILD_FOLDER holds folio-make-sample)
#
# The palette buckets take about two minutes (numpy over all 16.7 million colors); the glyph
# coverage needs numpy, Pillow and DejaVu Sans Mono (`make bench-deps`).
set -uo pipefail
build=${1:?usage: check-generated.sh BUILD_FOLDER}
here=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failed=0

compare() {  # compare NAME COMMITTED REGENERATED
  if cmp -s "$2" "$3"; then
    echo "check-generated: $1: the same as its generator writes"
  else
    echo "check-generated: $1: differs from what its generator writes (diff $2 $3)"
    failed=1
  fi
}

"$build/folio-make-sample" "$scratch/sample.pdf" >/dev/null &&
  "$here/Scripts/embed-sample.sh" "$scratch/sample.pdf" "$scratch/SampleDocumentData.swift" &&
  compare "the built-in sample" "$here/Sources/folio/Generated/SampleDocumentData.swift" \
    "$scratch/SampleDocumentData.swift" || failed=1
python3 "$here/Scripts/make-ascii-coverage.py" >"$scratch/AsciiGlyphCoverage.swift" &&
  compare "the ASCII glyph coverage" "$here/Sources/FolioRaster/Generated/AsciiGlyphCoverage.swift" \
    "$scratch/AsciiGlyphCoverage.swift" || failed=1
python3 "$here/Scripts/make-palette-buckets.py" >"$scratch/PaletteBuckets.swift" &&
  compare "the palette buckets" "$here/Sources/FolioCore/Generated/PaletteBuckets.swift" \
    "$scratch/PaletteBuckets.swift" || failed=1
exit $failed
