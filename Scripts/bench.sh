#!/usr/bin/env bash
# Runs every benchmark on a release build and prints Markdown sections for docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
.build/release/folio-bench
