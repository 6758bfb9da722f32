#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# What `tally pages` costs on long histories: generates the issue's two histories (2,000 documents:
# 100 commits x 4 configurations x 5 repetitions x 30 regions; 10,000 documents: 250 x 4 x 10 x 30)
# and prints, for each, the time of reading alone (tally validate), then the time, bytes written,
# files and peak resident memory of `tally pages`, and where the bytes are.
# Usage: bench/pages_speed.sh [BUILD_DIR=build]
set -euo pipefail
build="${1:-build}"
tally="$build/cli/tally"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

seconds_since() { echo "$(date +%s.%N) - $1" | bc; }

# measure NAME COMMITS CONFIGURATIONS REPETITIONS REGIONS
measure() {
  local name="$1" runs="$work/$1/runs" site="$work/$1/public" start read_seconds pages_seconds
  /usr/bin/python3 "$(dirname "$0")/generate_runs.py" "$runs" "$2" "$3" "$4" "$5"
  start=$(date +%s.%N)
  "$tally" validate "$runs" > /dev/null 2>&1
  read_seconds=$(seconds_since "$start")
  start=$(date +%s.%N)
  /usr/bin/time -f '%M' -o "$work/$name/peak_kb" "$tally" pages --input "$runs" --branch main --output "$site" 2> /dev/null
  pages_seconds=$(seconds_since "$start")
  printf '%s: %s documents (%s) on %s cores: validate %.1f s; tally pages %.1f s, %s bytes in %s files, peak RSS %s MiB\n' \
    "$name" "$(find "$runs" -name '*.json' | wc -l)" "$(du -sh "$runs" | cut -f1)" "$(nproc)" "$read_seconds" \
    "$pages_seconds" "$(du -sb "$site" | cut -f1)" "$(find "$site" -type f | wc -l)" \
    "$(($(cat "$work/$name/peak_kb") / 1024))"
  # generate_runs.py writes one experiment, strong-scaling: its folder holds the region pages.
  for part in runs commits strong-scaling; do
    printf '  %-16s %10s bytes in %5s pages\n' "$part/" "$(du -sb "$site/main/$part" | cut -f1)" \
      "$(find "$site/main/$part" -type f | wc -l)"
  done
}

measure 2000-documents 100 4 5 30
measure 10000-documents 250 4 10 30
echo "talp-pages: not measured here; the side-by-side comparison needs talp-pages (pip install talp-pages)"
echo "and the same history in DLB's format, which generate_runs.py does not write."
