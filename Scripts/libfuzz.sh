#!/usr/bin/env bash
# `make libfuzz`: runs the libFuzzer build of folio-libfuzzer for SECONDS, seeded with the shared
# corpus, the generated fuzz regressions and the committed ones (copied into a working corpus
# that libFuzzer grows). Crashing, leaking-out-of-memory and slow inputs are written to
# BUILD/findings/; the run fails if there is one.
#
#   Scripts/libfuzz.sh BUILD SECONDS [CORPUS]     (CORPUS: ../shared/corpus/pdfs)
set -euo pipefail
build=${1:?usage: libfuzz.sh BUILD SECONDS [CORPUS]}
seconds=${2:?usage: libfuzz.sh BUILD SECONDS [CORPUS]}
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=${3:-$here/../shared/corpus/pdfs}
work=$build/libfuzz-corpus
findings=$build/findings
mkdir -p "$work" "$findings"
"$here/Scripts/make-fuzz-regressions.sh" "$build/fuzz-regressions" "$corpus" >/dev/null
cp -n "$corpus"/*.pdf "$build"/fuzz-regressions/*.pdf "$here"/Tests/FuzzRegressions/*.pdf "$work"/
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export LANG=C.UTF-8 TMPDIR=$scratch HOME=$scratch XDG_STATE_HOME=$scratch/state \
  XDG_CACHE_HOME=$scratch/cache XDG_CONFIG_HOME=$scratch/config XDG_RUNTIME_DIR=$scratch/runtime
mkdir -m 700 "$XDG_RUNTIME_DIR"
# Poppler's own small leaks are known (Scripts/lsan-suppressions.txt); the fuzzer looks for
# memory errors, traps and hangs.
export ASAN_OPTIONS=detect_leaks=0
"$build"/debug/folio-libfuzzer -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 \
  -max_len=4000000 -print_final_stats=1 -artifact_prefix="$findings/" "$work"
