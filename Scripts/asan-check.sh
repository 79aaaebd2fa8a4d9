#!/usr/bin/env bash
# Runs an AddressSanitizer build of folio (`make asan-check` builds it into .build-asan) with
# --print in every mode over the corpus, the generated fuzz regressions and the committed ones
# (Tests/FuzzRegressions). Fails if any run prints a sanitizer report; other failures (a
# Swift trap, a one-line error) are listed but are the tests' business.
#
#   Scripts/asan-check.sh FOLIO [CORPUS]     (CORPUS: ../shared/corpus/pdfs)
set -uo pipefail

folio=${1:?usage: asan-check.sh FOLIO [CORPUS]}
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=${2:-$here/../shared/corpus/pdfs}
build=$(cd "$(dirname "$folio")/.." && pwd)
regressions=$build/fuzz-regressions
reports=$build/asan-reports
"$here/Scripts/make-fuzz-regressions.sh" "$regressions" "$corpus" >/dev/null || exit 1
rm -rf "$reports" && mkdir -p "$reports"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

export LANG=C.UTF-8 HOME=$scratch XDG_STATE_HOME=$scratch/state XDG_CACHE_HOME=$scratch/cache \
	XDG_CONFIG_HOME=$scratch/config XDG_RUNTIME_DIR=$scratch/runtime
mkdir -m 700 "$XDG_RUNTIME_DIR"
# Leaks are checked too, except what Scripts/lsan-suppressions.txt lists (library-internal).
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:fast_unwind_on_malloc=0
export LSAN_OPTIONS=suppressions=$here/Scripts/lsan-suppressions.txt:print_suppressions=0
# The sanitizer prints its own report; the Swift backtracer would only add to it.
export SWIFT_BACKTRACE=enable=no
# Under ASan glibc's own heap is never set up by a first malloc, and two render threads calling
# malloc_trim (MemoryPolicy) for the first time race its lazy set-up: a SEGV in mtrim (2 to 7
# in 300 runs of a two-thread C test under ASan, none without). A preloaded constructor sets it up
# before any thread starts.
printf '%s\n' '#include <malloc.h>' \
	'__attribute__((constructor)) static void set_up_glibc_heap(void) { malloc_trim(0); }' \
	>"$scratch/heap.c"
${CC:-cc} -shared -fPIC -o "$build/glibc-heap-set-up.so" "$scratch/heap.c" || exit 1
export LD_PRELOAD=$build/glibc-heap-set-up.so

runs=0 flagged=0 others=0
for file in "$corpus"/*.pdf "$regressions"/*.pdf "$here"/Tests/FuzzRegressions/*.pdf; do
	[ -f "$file" ] || continue
	for mode in page grid continuous spread; do
		arguments=(--print --size 60x20 --colors 256)
		[ "$mode" = page ] || arguments+=(--mode "$mode")
		# In braces with stderr closed, so that bash does not announce the signals that end a run.
		# Pages are drawn in worker processes whose standard error the viewer keeps: every
		# process writes its sanitizer report to a file of its own (log_path), read afterwards.
		rm -f "$scratch"/asan.*
		{
			ASAN_OPTIONS="$ASAN_OPTIONS:log_path=$scratch/asan" \
				timeout 300 "$folio" "${arguments[@]}" "$file" >/dev/null 2>"$scratch/stderr"
			status=$?
		} 2>/dev/null
		cat "$scratch"/asan.* >>"$scratch/stderr" 2>/dev/null
		runs=$((runs + 1))
		name=$(basename "$file" .pdf)-$mode
		if grep -q "Sanitizer" "$scratch/stderr"; then
			flagged=$((flagged + 1))
			cp "$scratch/stderr" "$reports/$name.txt"
			echo "asan-check: REPORT $(basename "$file") $mode: $(grep -m1 'ERROR: ' "$scratch/stderr")"
		elif [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
			others=$((others + 1))
			echo "asan-check: (no sanitizer report) $(basename "$file") $mode: status $status:" \
				"$(grep -m1 -E 'Fatal error|folio:' "$scratch/stderr" | cut -c1-150)"
		fi
	done
done
echo "asan-check: $runs runs, $flagged with sanitizer reports (in $reports), $others other failures"
[ "$flagged" -eq 0 ]
