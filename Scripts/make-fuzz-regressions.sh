#!/usr/bin/env bash
# Writes the page-box inputs that once crashed folio into OUTDIR: every box of BOXES as the
# /MediaBox of the first and of the last page of a three-page corpus file (the last page is
# the one the background page-size reader alone used to reach), and of the only page of a
# one-page file. Deterministic (qpdf --deterministic-id), made with qpdf, perl and fix-qdf.
#
#   Scripts/make-fuzz-regressions.sh OUTDIR [CORPUS]     (CORPUS: ../shared/corpus/pdfs)
set -euo pipefail

out=${1:?usage: make-fuzz-regressions.sh OUTDIR [CORPUS]}
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=${2:-$here/../shared/corpus/pdfs}
multi=$corpus/polylux-16x9-slides.pdf # 3 pages
single=$corpus/pypdf-annotated.pdf    # 1 page

# name:box. PDF numbers have no exponents: Poppler reads [0 0 1e17 792] as a broken box and
# uses US Letter, so the values are written out (the last entry checks that case).
BOXES=(
	"width-1e17:[0 0 100000000000000000 792]"
	"height-1e17:[0 0 612 100000000000000000]"
	"height-1e-14:[0 0 612 0.00000000000001]"
	"width-1e-18:[0 0 0.000000000000000001 792]"
	"width-2e63:[0 0 9223372036854775808 8400]"
	"sliver-1e13x0.001:[0 0 10000000000000 0.001]"
	"exponent-written:[0 0 1e17 792]"
)

mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# set_box QDF PAGE BOX OUTPUT: the QDF with page PAGE's /MediaBox (added if it inherits one)
# replaced by BOX, cross-reference table repaired.
set_box() {
	PAGE=$2 BOX=$3 perl -0777 -pe '
		my ($page, $box) = ($ENV{PAGE}, $ENV{BOX});
		s{(%% Page \Q$page\E\n.*?)(endobj)}{
			my ($object, $end) = ($1, $2);
			$object =~ s{/MediaBox\s*(\[[^\]]*\]|\d+\s+\d+\s+R)}{/MediaBox $box}
				or $object =~ s{<<\n}{<<\n  /MediaBox $box\n};
			$object . $end
		}se;
	' "$1" >"$work/edited.qdf"
	fix-qdf "$work/edited.qdf" >"$4"
}

qpdf --qdf --object-streams=disable --deterministic-id "$multi" "$work/multi.qdf"
qpdf --qdf --object-streams=disable --deterministic-id "$single" "$work/single.qdf"
pages=$(qpdf --show-npages "$multi")
for entry in "${BOXES[@]}"; do
	name=${entry%%:*}
	box=${entry#*:}
	set_box "$work/multi.qdf" 1 "$box" "$out/mediabox-$name-first-page.pdf"
	set_box "$work/multi.qdf" "$pages" "$box" "$out/mediabox-$name-last-page.pdf"
	set_box "$work/single.qdf" 1 "$box" "$out/mediabox-$name-only-page.pdf"
done
echo "wrote $((${#BOXES[@]} * 3)) regression inputs to $out"
