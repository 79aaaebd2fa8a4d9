#!/usr/bin/env bash
# make-synctex-fixture.sh: rebuilds the SyncTeX fixture of FolioSyncTeXTests and the answers
# of the `synctex` tool the tests compare with (`make synctex-fixture`; needs texlive's
# pdflatex and synctex, which the tests themselves never run).
#
# Tests/Fixtures/SyncTeX/ holds version 1 (main.tex inputs chapter.tex) and v2/ a rebuild of
# it (one paragraph inserted in main.tex, so the lines after it move down and onto other
# pages). Each version is built with `pdflatex -synctex=1` from inside a scratch copy of its
# folder, then only main.pdf and main.synctex.gz are kept.
#
# pdfTeX records each input as an absolute path: the folder it was built in, `/./`, the name
# (`Input:5:/tmp/x/./chapter.tex`). So that the index works from any clone, the inputs under
# the build folder are rewritten to that relative form (`Input:5:./chapter.tex`, a name
# relative to the PDF's folder, which is how synctex reads a relative name); TeX's own files
# keep their absolute paths. The dates are fixed (SOURCE_DATE_EPOCH) and gzip stores no name
# or time, so a rebuild from the same sources gives the same files.
#
# expected.tsv: what `synctex view` (forward) and `synctex edit` (inverse, first answer)
# answer on the committed files, run from inside each version's folder.
#
#   Scripts/make-synctex-fixture.sh            (from anywhere)
set -euo pipefail
cd "$(dirname "$0")/../Tests/Fixtures/SyncTeX"
fixture=$PWD
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# build FOLDER: main.pdf and main.synctex.gz in FOLDER from FOLDER/main.tex and chapter.tex.
build() {
  local folder=$1 work="$scratch/$(basename "$1")"
  mkdir -p "$work"
  cp "$folder/main.tex" "$folder/chapter.tex" "$work/"
  (cd "$work" && SOURCE_DATE_EPOCH=0 FORCE_SOURCE_DATE=1 \
    pdflatex -synctex=1 -interaction=nonstopmode -halt-on-error main.tex >/dev/null)
  cp "$work/main.pdf" "$folder/main.pdf"
  zcat "$work/main.synctex.gz" | sed "s|^\(Input:[0-9]*:\)$work/\./|\1./|" | gzip -n -9 \
    >"$folder/main.synctex.gz"
  if zcat "$folder/main.synctex.gz" | grep -q "$work"; then
    echo "make-synctex-fixture: $folder/main.synctex.gz still names $work" >&2
    exit 1
  fi
}

# forward VERSION LINE COLUMN INPUT: one row per box `synctex view` gives.
forward() {
  local version=$1 line=$2 column=$3 input=$4 folder=$fixture
  [ "$version" = v1 ] || folder=$fixture/$version
  (cd "$folder" && synctex view -i "$line:$column:$input" -o main.pdf) | awk -v prefix="forward	$version	$line	$column	$input" '
    /^Page:/ { page = substr($0, 6) }
    /^h:/ { h = substr($0, 3) }
    /^v:/ { v = substr($0, 3) }
    /^W:/ { w = substr($0, 3) }
    /^H:/ { print prefix "\t" page "\t" h "\t" v "\t" w "\t" substr($0, 3) }'
}

# inverse VERSION PAGE X Y: the first answer of `synctex edit`.
inverse() {
  local version=$1 page=$2 x=$3 y=$4 folder=$fixture
  [ "$version" = v1 ] || folder=$fixture/$version
  (cd "$folder" && synctex edit -o "$page:$x:$y:main.pdf") | awk -v prefix="inverse	$version	$page	$x	$y" '
    /^Input:/ && !input { input = substr($0, 7) }
    /^Line:/ && !line { line = substr($0, 6) }
    /^Column:/ && !done { print prefix "\t" input "\t" line "\t" substr($0, 8); done = 1 }'
}

build "$fixture"
build "$fixture/v2"

{
  echo "# What the synctex tool answers on main.pdf (v1) and v2/main.pdf: written by"
  echo "# Scripts/make-synctex-fixture.sh (make synctex-fixture), never by hand."
  echo "# forward VERSION LINE COLUMN INPUT PAGE h v W H: \`synctex view -i LINE:COLUMN:INPUT\`,"
  echo "#   one row per box in its order; h is the box's left, v its bottom (baseline + depth),"
  echo "#   W its width and H its height + depth, in points from the page's top-left; PAGE 1-based."
  echo "# inverse VERSION PAGE X Y INPUT LINE COLUMN: the first answer of"
  echo "#   \`synctex edit -o PAGE:X:Y:main.pdf\` (X, Y in points from the page's top-left)."
  for version in v1 v2; do
    forward "$version" 11 0 main.tex
    forward "$version" 31 0 ./main.tex
    forward "$version" 41 0 main.tex
    forward "$version" 48 0 main.tex
    forward "$version" 5 0 chapter.tex
    forward "$version" 22 0 chapter.tex
    forward "$version" 33 0 ./chapter.tex
    forward "$version" 20 0 chapter.tex
    forward "$version" 500 0 chapter.tex
    inverse "$version" 1 120 150
    inverse "$version" 1 200 420
    inverse "$version" 2 100 200
    inverse "$version" 2 250 480
    inverse "$version" 3 150 300
    inverse "$version" 4 120 120
  done
} >expected.tsv.tmp
mv expected.tsv.tmp expected.tsv
echo "make-synctex-fixture: $(grep -c '^forward' expected.tsv) boxes and" \
  "$(grep -c '^inverse' expected.tsv) inverse answers in $fixture/expected.tsv"
