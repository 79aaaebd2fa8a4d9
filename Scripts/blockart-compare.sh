#!/usr/bin/env bash
# blockart-compare.sh CORPUS_DIR OUTPUT.md
#
# Compares folio's page pictures (`folio-bench --print-page`, the same cells as `folio --print`) with chafa (and timg for half/quad) on the first and middle page of
# every PDF in CORPUS_DIR, at 40x20, 80x40 and 160x60 cells, for the symbol sets half, quad,
# sextant, braille and ascii, with the blockart scorer (../shared/tools/blockart/score.py), and
# writes Markdown tables: median ssim_2x4 (the headline) and native SSIM per set and size; the
# same medians over the pages whose reference raster has at least 2 pixels per sub-cell sample
# (leaving out tiny pages, whose 150 dpi raster is coarser than the cells); and folio's
# pixels->cells time against Poppler's render time for the same page and size (timed one page
# at a time before the scoring, which runs in parallel).
#
# If OUTPUT.md exists and holds the markers <!-- blockart-compare:begin --> and
# <!-- blockart-compare:end -->, only the text between them is replaced (so the script can
# update docs/benchmarks.md in place); otherwise OUTPUT.md is written whole. The per-render
# scores go to $BLOCKART_CACHE/<OUTPUT name>.tsv.
#
# Environment:
#   BLOCKART          scorer directory (default: ../shared/tools/blockart from the repository)
#   BLOCKART_CACHE    cache for reference rasters and peer renders/scores, reused across runs
#                     and safe to share between parallel runs (default: .build/blockart-cache)
#   JOBS              parallel jobs (default: number of CPUs)
#   SIZES             default "40x20 80x40 160x60"
#   SYMSETS           default "half quad sextant braille ascii"
#   SKIP              file names to leave out (default: the unusable and the very slow files,
#                     see below)
#   PASSWORDS         "file.pdf=password ..." for encrypted files
#   REFERENCE_ARGS    pdftoppm's size options for the reference rasters (default "-r 150", as
#                     the scorer's run_peers.sh; the cache is keyed by page only, so use a
#                     separate BLOCKART_CACHE for other values)
#   FOLIO_ARGS        extra `folio-bench --print-page` options, e.g. "--supersampling 1" (its
#                     measurement options)
#   NO_BUILD=1        use the existing release build
#   NO_TIMING=1       skip the timing runs (for quality-only experiments)
#   ON_REFERENCE=1    folio fits its cells to the reference PNG the peers get (its
#                     --measure-raster option) instead of rendering the PDF: the rasterizers
#                     compared on identical pixels
#   FOLIO_BENCH       the folio-bench executable (default: .build/release/folio-bench)
set -euo pipefail
export LC_ALL=C.UTF-8

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
BLOCKART=${BLOCKART:-$ROOT/../shared/tools/blockart}
CACHE=${BLOCKART_CACHE:-$ROOT/.build/blockart-cache}
FOLIO_BENCH=${FOLIO_BENCH:-$ROOT/.build/release/folio-bench}
SIZES=${SIZES:-40x20 80x40 160x60}
SYMSETS=${SYMSETS:-half quad sextant braille ascii}
# ocrmypdf-invalid.pdf does not open; hugemono takes ~11 s per render; unreadable-metadata has
# only blank 0x0 pages, which the scorer cannot crop.
SKIP=${SKIP:-ocrmypdf-invalid.pdf ocrmypdf-hugemono-8400pt.pdf pypdf-unreadable-metadata.pdf}
PASSWORDS=${PASSWORDS:-pypdf-password-openpassword.pdf=openpassword}
FOLIO_ARGS=${FOLIO_ARGS:-}
REFERENCE_ARGS=${REFERENCE_ARGS:--r 150}
export BLOCKART CACHE FOLIO_BENCH FOLIO_ARGS PASSWORDS NO_TIMING ON_REFERENCE

password_for() {
  local entry
  for entry in $PASSWORDS; do
    if [ "${entry%%=*}" = "$1" ]; then printf '%s' "${entry#*=}"; fi
  done
  return 0
}

# chafa's and timg's options for a symbol set (from the scorer's peer.sh).
chafa_symbols() {
  case $1 in half) echo vhalf ;; quad) echo quad+half ;; *) echo "$1" ;; esac
}

# Writes $2 atomically from stdin.
atomic_write() { local tmp; tmp=$(mktemp "$1.XXXXXX"); cat > "$tmp"; mv -f "$tmp" "$1"; }

# One page x size x symbol set: folio (fresh) and the peers (cached), scored.
# Prints TSV rows: file page size symbols tool ssim_2x4 ssim render_ms cells_ms
job() {
  local work=$1 pdf=$2 page=$3 size=$4 sym=$5 ref=$6
  local name key pw cols rows
  name=$(basename "$pdf")
  pw=$(password_for "$name")
  cols=${size%x*}; rows=${size#*x}
  key="${name%.pdf}_p${page}_${size}_${sym}"
  local dir="$work/$key"; mkdir -p "$dir"
  # folio: the picture (its timing was taken by `timing` before the parallel jobs started).
  # shellcheck disable=SC2086
  "$FOLIO_BENCH" --print-page --page "$page" --size "$size" --symbols "$sym" --colors truecolor \
    ${pw:+--password "$pw"} ${ON_REFERENCE:+--measure-raster "$ref"} $FOLIO_ARGS "$pdf" \
    > "$dir/folio.ansi" 2> "$dir/folio.err" || true
  [ -f "$dir/timing.txt" ] || : > "$dir/timing.txt"
  # Peers, cached by page, size and set (their input is the cached reference raster).
  local peers="$CACHE/peers/$key"; mkdir -p "$peers"
  local variants="chafa chafa-w9"
  case $sym in half | quad) variants="$variants timg" ;; esac
  local v
  for v in $variants; do
    [ -s "$peers/$v.json" ] && continue
    case $v in
      chafa) chafa --size "$size" --symbols "$(chafa_symbols "$sym")" --format symbols \
        --colors full --dither none "$ref" ;;
      chafa-w9) chafa --size "$size" --symbols "$(chafa_symbols "$sym")" --format symbols \
        --colors full --dither none --work 9 "$ref" ;;
      timg) env -u TIMG_USE_UPPER_BLOCK TERM=xterm-256color COLORTERM=truecolor \
        timg -g"${cols}x${rows}" -p"${sym:0:1}" -E "$ref" ;;
    esac 2> /dev/null | atomic_write "$peers/$v.ansi"
    python3 "$BLOCKART/score.py" "$ref" "$peers/$v.ansi" 2> /dev/null | atomic_write "$peers/$v.json"
  done
  python3 "$BLOCKART/score.py" "$ref" "$dir/folio.ansi" 2> /dev/null > "$dir/folio.json" || true
  python3 - "$name" "$page" "$size" "$sym" "$dir" "$peers" $variants <<'EOF'
import json, math, re, sys
name, page, size, sym, folio_dir, peers = sys.argv[1:7]
def score(path):
    try:
        d = json.loads(open(path).read().strip().splitlines()[0])
        values = [d.get("ssim_2x4"), d.get("ssim")]
        return ["" if v is None or (isinstance(v, float) and math.isnan(v)) else str(v) for v in values]
    except Exception:
        return ["", ""]
timing = open(folio_dir + "/timing.txt").read()
m = re.search(r"render_ms=([\d.]+) cells_ms=([\d.]+)", timing)
render, cells = (m.group(1), m.group(2)) if m else ("", "")
print("\t".join([name, page, size, sym, "folio"] + score(folio_dir + "/folio.json") + [render, cells]))
for v in sys.argv[7:]:
    print("\t".join([name, page, size, sym, v] + score(f"{peers}/{v}.json") + ["", ""]))
EOF
}
export -f job password_for chafa_symbols atomic_write

# One page x size x symbol set, timed alone: folio's render and conversion, median of 7 each,
# alternating (`--timing`), into the job's directory.
timing() {
  local work=$1 pdf=$2 page=$3 size=$4 sym=$5
  local name pw dir
  name=$(basename "$pdf")
  pw=$(password_for "$name")
  dir="$work/${name%.pdf}_p${page}_${size}_${sym}"
  mkdir -p "$dir"
  # shellcheck disable=SC2086
  "$FOLIO_BENCH" --print-page --timing --page "$page" --size "$size" --symbols "$sym" --colors truecolor \
    ${pw:+--password "$pw"} $FOLIO_ARGS "$pdf" 2> "$dir/timing.txt" > /dev/null < /dev/null || true
}

if [ "${1:-}" = --job ]; then shift; job "$@"; exit 0; fi
if [ $# -ne 2 ]; then awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 2; fi
CORPUS=$1
OUT=$2
TSV=$CACHE/$(basename "${OUT%.md}").tsv
JOBS=${JOBS:-$(nproc)}

if [ "${NO_BUILD:-0}" != 1 ]; then (cd "$ROOT" && swift build -c release --product folio-bench >&2); fi
mkdir -p "$CACHE/ref" "$CACHE/peers"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/blockart-compare.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# Pages: the first and page n/2+1 of each file; references as the scorer's own run_peers.sh
# makes them (`pdftoppm -r 150`), or with $REFERENCE_ARGS.
: > "$WORK/jobs"
skipped=()
for pdf in "$CORPUS"/*.pdf; do
  name=$(basename "$pdf")
  if [[ " $SKIP " == *" $name "* ]]; then skipped+=("$name"); continue; fi
  pw=$(password_for "$name")
  count=$(pdfinfo ${pw:+-upw "$pw"} "$pdf" 2> /dev/null | awk '/^Pages:/ { print $2 }') || true
  if [ -z "${count:-}" ] || [ "$count" -lt 1 ]; then skipped+=("$name (does not open)"); continue; fi
  for page in $(printf '%s\n' 1 $((count / 2 + 1)) | sort -un); do
    ref="$CACHE/ref/${name%.pdf}_p$page.png"
    if [ ! -s "$ref" ]; then
      # shellcheck disable=SC2086
      pdftoppm ${pw:+-upw "$pw"} $REFERENCE_ARGS -f "$page" -l "$page" -png -singlefile "$pdf" \
        "$WORK/ref" 2> /dev/null && mv -f "$WORK/ref.png" "$ref" || continue
    fi
    for size in $SIZES; do
      for sym in $SYMSETS; do printf '%s\t%s\t%s\t%s\t%s\n' "$pdf" "$page" "$size" "$sym" "$ref"; done
    done
  done
done >> "$WORK/jobs"
echo "blockart-compare: $(wc -l < "$WORK/jobs") jobs on $JOBS cores; skipped: ${skipped[*]:-none}" >&2

# Timings first, one page at a time, so that no job of this script competes with them (the
# scoring below runs $JOBS at once).
if [ "${NO_TIMING:-0}" != 1 ]; then
  echo "blockart-compare: timing folio one page at a time" >&2
  while IFS=$'\t' read -r pdf page size sym _; do
    timing "$WORK" "$pdf" "$page" "$size" "$sym"
  done < "$WORK/jobs"
fi

printf 'file\tpage\tsize\tsymbols\ttool\tssim_2x4\tssim\trender_ms\tcells_ms\n' > "$TSV"
tr '\t' '\n' < "$WORK/jobs" | xargs -d '\n' -n 5 -P "$JOBS" "$0" --job "$WORK" \
  >> "$TSV" 2> "$WORK/errors" || true
[ -s "$WORK/errors" ] && sed 's/^/blockart-compare: /' "$WORK/errors" | head -20 >&2

python3 - "$TSV" "$OUT" "${skipped[*]:-none}" "$FOLIO_ARGS" "$CACHE/ref" "$SYMSETS" "$SIZES" <<'EOF'
import collections, functools, os, statistics, struct, sys
tsv, out, skipped, folio_args, refs = sys.argv[1:6]
sets, sizes = sys.argv[6].split(), sys.argv[7].split()
rows = [line.rstrip("\n").split("\t") for line in open(tsv)][1:]
score = collections.defaultdict(dict)   # (set, size, tool) -> {page: (s24, ssim)}
timing = collections.defaultdict(list)  # (set, size) -> [(render, cells)]
for f, page, size, sym, tool, s24, ssim, render, cells in rows:
    if s24 and ssim:
        score[(sym, size, tool)][(f, page)] = (float(s24), float(ssim))
    if tool == "folio" and render and cells:
        timing[(sym, size)].append((float(render), float(cells)))
def med(values):
    return statistics.median(values) if values else float("nan")
lines = ["<!-- blockart-compare:begin -->",
         "Generated by `Scripts/blockart-compare.sh` (median over the pages every tool in the row "
         "could be scored on; skipped: %s%s)." % (skipped, "; folio options: `%s`" % folio_args if folio_args else ""),
         "",
         "| symbols | size | pages | folio ssim_2x4 | best chafa ssim_2x4 | folio − chafa | folio SSIM | chafa SSIM | timg ssim_2x4 |",
         "|---|---|---|---|---|---|---|---|---|"]
# Sub-cell samples per cell of each set (columns, rows), for the resolution test below.
samples_per_cell = {"half": (1, 2), "quad": (2, 2), "sextant": (2, 3), "octant": (2, 4), "braille": (2, 4),
                    "ascii": (2, 4)}
@functools.lru_cache(maxsize=None)
def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    return struct.unpack(">II", head[16:24])
def resolves(page, sym, size):
    """Whether the page's reference raster has at least 2 pixels per sub-cell sample across
    and down, the page fitted into the cells with 1:2 cells (as the scorer's peer.sh does)."""
    name, number = page
    path = os.path.join(refs, "%s_p%s.png" % (name[:-4], number))
    if not os.path.exists(path):
        return True
    w, h = png_size(path)
    cols, rows_ = (int(v) for v in size.split("x"))
    fitted_cols = min(cols, rows_ * 2 * w / h)
    fitted_rows = fitted_cols * h / w / 2
    sx, sy = samples_per_cell.get(sym, (2, 4))
    return min(w / (fitted_cols * sx), h / (fitted_rows * sy)) >= 2
def best_chafa(sym, size, folio, keep=lambda page: True):
    """The chafa variant with the higher median over the pages it and folio were scored on
    (of those `keep` accepts): (variant, median, pages, its scores), or None."""
    best = None
    for v in ("chafa", "chafa-w9"):
        peer = score.get((sym, size, v), {})
        pages = sorted(p for p in set(folio) & set(peer) if keep(p))
        if not pages:
            continue
        m = med([peer[p][0] for p in pages])
        if best is None or m > best[1]:
            best = (v, m, pages, peer)
    return best
headline = {}  # (set, size) -> best_chafa over every page, for the second table
for sym in sets:
    for size in sizes:
        folio = score.get((sym, size, "folio"), {})
        if not folio:
            continue
        best = headline[(sym, size)] = best_chafa(sym, size, folio)
        if best is None:
            continue
        v, m, pages, peer = best
        f24 = med([folio[p][0] for p in pages])
        timg = score.get((sym, size, "timg"), {})
        tpages = [p for p in pages if p in timg]
        timg_text = "%.3f" % med([timg[p][0] for p in tpages]) if tpages else "—"
        lines.append("| %s | %s | %d | **%.3f** | %.3f (%s) | %+.3f | %.3f | %.3f | %s |" % (
            sym, size, len(pages), f24, m, v, f24 - m, med([folio[p][1] for p in pages]),
            med([peer[p][1] for p in pages]), timg_text))
lines += ["", "The same on the pages whose reference raster resolves the cells: at least 2 of its pixels "
          "per sub-cell sample across and down. On the others (tiny pages, whose 150 dpi raster is "
          "coarser than the cells) a reference cannot show what the page holds, and a drawing of "
          "the page itself scores lower than one of the coarse raster.", "",
          "| symbols | size | pages | folio ssim_2x4 | best chafa ssim_2x4 | folio − chafa | folio better on | left out |",
          "|---|---|---|---|---|---|---|---|"]
for sym in sets:
    for size in sizes:
        folio = score.get((sym, size, "folio"), {})
        everything = headline.get((sym, size))
        best = best_chafa(sym, size, folio, lambda page: resolves(page, sym, size)) if folio else None
        if best is None or everything is None:
            continue
        v, m, pages, peer = best
        f24 = med([folio[p][0] for p in pages])
        left_out = sorted(set(everything[2]) - set(pages))
        names = ", ".join("%s p%s" % (f[:-4], n) for f, n in left_out) or "none"
        lines.append("| %s | %s | %d | **%.3f** | %.3f (%s) | %+.3f | %d | %s |" % (
            sym, size, len(pages), f24, m, v, f24 - m,
            sum(folio[p][0] > peer[p][0] for p in pages), names))
lines += ["", "Folio's cost per page (median of 7 runs each, same process): Poppler rendering the page at "
          "the supersampled size folio asks for, and `BlockRasterizer.cells` turning those pixels into cells.", "",
          "| symbols | size | pages | Poppler render ms | pixels→cells ms | cells/render median | cells/render 90th pct |",
          "|---|---|---|---|---|---|---|"]
for sym in sets:
    for size in sizes:
        t = timing.get((sym, size), [])
        if not t:
            continue
        ratios = sorted(c / r for r, c in t if r > 0)
        p90 = ratios[min(len(ratios) - 1, int(0.9 * len(ratios)))]
        lines.append("| %s | %s | %d | %.2f | %.3f | %.1f %% | %.1f %% |" % (
            sym, size, len(t), med([r for r, _ in t]), med([c for _, c in t]), 100 * med(ratios), 100 * p90))
lines.append("<!-- blockart-compare:end -->")
block = "\n".join(lines) + "\n"
try:
    text = open(out).read()
except FileNotFoundError:
    text = ""
begin, end = "<!-- blockart-compare:begin -->", "<!-- blockart-compare:end -->"
if begin in text and end in text:
    text = text[:text.index(begin)] + block.rstrip("\n") + text[text.index(end) + len(end):]
else:
    text = "# Block rasterizer comparison\n\n" + block
open(out, "w").write(text)
print(block)
EOF
