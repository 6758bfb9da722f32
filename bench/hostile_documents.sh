#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The huge hostile documents, too slow for CTest: 10^4, 7*10^4 (just under the 128 MiB limit), 10^5
# and 10^6 regions (1.7 GB), through tally report and validate, and pages and gate with a baseline of
# the same size; prints the exit code, the wall time and the peak RSS (/usr/bin/time -v) of each.
# Needs ~4 GB of free disk in TMPDIR.
# Usage: bench/hostile_documents.sh [TALLY] (default build/cli/tally)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tally="${1:-$here/../build/cli/tally}"
example="$here/../examples/runs/jacobi_4ranks_2nodes.json"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# measure LABEL tally-arguments...: one line: label, exit code, seconds, peak RSS in MiB, and the
# first line of stderr
measure() {
  local label="$1" status=0
  shift
  /usr/bin/time -v -o "$work/time" timeout 1200 "$tally" "$@" > /dev/null 2> "$work/err" || status=$?
  printf '%-34s exit %-3s %8.2f s %8d MiB  %s\n' "$label" "$status" \
    "$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time" | awk -F: '{ s = 0; for (i = 1; i <= NF; ++i) s = s * 60 + $i; print s }')" \
    "$(($(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time") / 1024))" "$(head -c 150 "$work/err" | head -1)"
}

# The example's commit is the candidate; a copy of its document under an earlier commit the baseline
# (the source section is in the first 4 KiB, the regions after it).
candidate=3f9c2a1e7b6d4c5f8a0e1d2c3b4a59687f6e5d4c
for regions in 10000 70000 100000 1000000; do
  document="$work/main/candidate/run.json" baseline="$work/main/baseline/run.json"
  mkdir -p "$(dirname "$document")" "$(dirname "$baseline")"
  python3 "$here/../tests/cli/hostile_documents.py" "$example" regions "$document" "$regions"
  {
    head -c 4096 "$document" | sed -e "s/$candidate/$(printf '%040x' 1)/" -e 's/"id": "jacobi-[^"]*"/"id": "baseline"/' \
      -e 's/2026-11-21T17:03:44Z/2026-11-20T17:03:44Z/'
    tail -c +4097 "$document"
  } > "$baseline"
  echo "== $regions regions: $(du -m --apparent-size "$document" | cut -f1) MB a document, 2 documents"
  measure "report" report "$document"
  measure "validate" validate "$document"
  measure "pages (2 documents)" pages --input "$work/main" --branch main --output "$work/site"
  measure "gate (2 documents)" gate --input "$work/main" --candidate "$candidate"
  rm -rf "$work/main" "$work/site"
done
