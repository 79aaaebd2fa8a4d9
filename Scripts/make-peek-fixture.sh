#!/usr/bin/env bash
# make-peek-fixture.sh: rebuilds Tests/Fixtures/Peek/paper.pdf from paper.tex (`make
# peek-fixture`; needs texlive's pdflatex with hyperref, which the tests never run). A
# two-column paper whose citations and figure reference are internal links, for peeking at a
# reference entry and a caption. The date is fixed (SOURCE_DATE_EPOCH), so a rebuild from the
# same source gives the same file.
#
#   Scripts/make-peek-fixture.sh            (from anywhere)
set -euo pipefail
cd "$(dirname "$0")/../Tests/Fixtures/Peek"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp paper.tex "$scratch/"
(
  cd "$scratch"
  export SOURCE_DATE_EPOCH=1764374400 FORCE_SOURCE_DATE=1
  # Twice: the second run resolves the citations and the figure's number.
  for _ in 1 2; do pdflatex -interaction=batchmode -halt-on-error paper.tex >/dev/null; done
)
cp "$scratch/paper.pdf" paper.pdf
echo "Tests/Fixtures/Peek/paper.pdf rebuilt"
