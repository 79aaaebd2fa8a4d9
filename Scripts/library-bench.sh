#!/usr/bin/env bash
# The library benchmarks: a folder of N small PDFs (folio-bench --write-library, kept in
# /tmp between runs), then
#   - the first screen of covers: `folio --print --size 100x30 DIR`, start to end;
#   - `folio --find WORD --list DIR` with an empty text cache (cold) and again (warm), each
#     against `pdfgrep -r -c WORD DIR` timed in the same run;
#   - the viewer plus its workers, PSS, after paging through 40 screens of covers in tmux.
# Prints a Markdown table.
#
#   Scripts/library-bench.sh BUILD_FOLDER [N]
set -euo pipefail
build=${1:?usage: library-bench.sh BUILD_FOLDER [N]}
count=${2:-10000}
folder=/tmp/folio-library-bench-$count
if [[ ! -f "$folder/done" ]]; then
  rm -rf "$folder"
  "$build/folio-bench" --write-library "$count" "$folder"
  touch "$folder/done"
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"; tmux -S "$scratch/tmux" kill-server 2>/dev/null || true' EXIT
export XDG_CACHE_HOME=$scratch/cache XDG_STATE_HOME=$scratch/state XDG_CONFIG_HOME=$scratch/config \
	XDG_RUNTIME_DIR=$scratch/runtime
mkdir -m 700 "$XDG_RUNTIME_DIR"

seconds() { # seconds COMMAND…: wall time of COMMAND, output dropped
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  python3 -c "print(f'{$end - $start:.3f}')"
}

first=$(seconds "$build/folio" --print --size 100x30 "$folder")
grep=$(seconds pdfgrep -r -c quaternion "$folder")
cold=$(seconds "$build/folio" --find quaternion --list "$folder")
warm=$(seconds "$build/folio" --find quaternion --list "$folder")
same=$(cmp -s <("$build/folio" --find quaternion --list "$folder" | cut -f1,2 | sort) \
  <(pdfgrep -r -n quaternion "$folder" | cut -d: -f1,2 | tr : '\t' | sort -u) && echo yes || echo no)

# The viewer: 40 screens down the shelf, then the PSS of it and its workers.
tmux -S "$scratch/tmux" -f /dev/null new-session -d -x 100 -y 30 \
  "$build/folio $folder; sleep 60"
for _ in $(seq 1 100); do
  tmux -S "$scratch/tmux" capture-pane -p | grep -q "/ $count" && break
  sleep 0.05
done
for _ in $(seq 1 40); do
  tmux -S "$scratch/tmux" send-keys PageDown
  sleep 0.15
done
sleep 1
pss=0
for pid in $(pgrep -f "$build/folio"); do
  kib=$(awk '/^Pss:/ {print $2}' "/proc/$pid/smaps_rollup" 2>/dev/null || echo 0)
  pss=$((pss + ${kib:-0}))
done

python3 - "$count" "$first" "$grep" "$cold" "$warm" "$same" "$pss" <<'PY'
import sys
count, first, grep, cold, warm, same, pss = sys.argv[1:]
first, grep, cold, warm = map(float, (first, grep, cold, warm))
print(f"A folder of {int(count):,} PDFs of 1–4 pages (`Scripts/library-bench.sh .build/release {count}`):")
print()
print("| measure | Folio | pdfgrep | ratio | target |")
print("|---|---|---|---|---|")
print(f"| first screen of covers (`--print --size 100x30 DIR`) | {first:.2f} s | | | ≤ 1 s |")
print(f"| `--find --list`, cold cache | {cold:.2f} s | {grep:.2f} s (`-r -c`) | {cold / grep:.2f}x | ≤ 0.6x |")
print(f"| `--find --list`, warm cache | {warm:.2f} s | {grep:.2f} s | {warm / grep:.3f}x | ≤ 0.05x |")
print(f"| viewer and workers after 40 screens of covers | {int(pss) / 1024:.1f} MiB PSS | | | ≤ 150 MiB |")
print()
print(f"The same pages of the same files as `pdfgrep -r -n`: {same}.")
PY
