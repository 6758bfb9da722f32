#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# With TALLY_SUMMARY=on, rank 0 alone says what the end of run cost it, once, naming the number
# of ranks: the reduction's and the document's time and the rise of its peak memory.
# Usage: end_of_run_cost.sh PRELOAD PROGRAM RANKS MPIRUN...
set -euo pipefail
preload="$1" program="$2" ranks="$3"
shift 3
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
LD_PRELOAD="$preload" TALLY_SUMMARY=on TALLY_OUTPUT="$work/runs" timeout 120 "$@" -np "$ranks" "$program" \
  >/dev/null 2>"$work/stderr"
pattern="^tally: end of run on rank 0 of $ranks ranks: reduction [0-9]+\.[0-9] ms, document [0-9]+\.[0-9] ms; peak memory \+[0-9]+ KiB$"
said="$(grep -cE "$pattern" "$work/stderr" || true)"
[ "$said" = 1 ] || { echo "end_of_run_cost: said $said times, expected once:" >&2; cat "$work/stderr" >&2; exit 1; }
[ "$(grep -c "end of run on rank" "$work/stderr")" = 1 ] || { echo "end_of_run_cost: other lines:" >&2; cat "$work/stderr" >&2; exit 1; }
