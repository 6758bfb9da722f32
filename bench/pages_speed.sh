#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# How long `tally pages` takes on a large history: generates COMMITS x 4 configurations x 5
# repetitions x 30 regions (default 500 commits: 10,000 documents) and prints the wall time of
# building the site, and the time of reading alone (tally validate) for comparison.
# Usage: bench/pages_speed.sh [BUILD_DIR=build] [COMMITS=500]
set -euo pipefail
build="${1:-build}" commits="${2:-500}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 "$(dirname "$0")/generate_runs.py" "$work/runs" "$commits" 4 5 30
documents="$(find "$work/runs" -name '*.json' | wc -l)"
size="$(du -sh "$work/runs" | cut -f1)"
start=$(date +%s.%N)
"$build/cli/tally" validate "$work/runs" 2>/dev/null
read_seconds=$(echo "$(date +%s.%N) - $start" | bc)
start=$(date +%s.%N)
"$build/cli/tally" pages --input "$work/runs" --branch main --output "$work/public" 2>/dev/null
pages_seconds=$(echo "$(date +%s.%N) - $start" | bc)
pages="$(find "$work/public" -name '*.html' | wc -l)"
printf '%s documents (%s) on %s cores: validate %.1f s, tally pages %.1f s (%s pages written)\n' \
  "$documents" "$size" "$(nproc)" "$read_seconds" "$pages_seconds" "$pages"
