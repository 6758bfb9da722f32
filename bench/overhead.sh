#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Prints what tally adds per MPI call and per region start+stop pair, at 1 rank, 10^6 calls, best
# of 5: the same program without the preload (nothing of tally loaded; region pairs cost 0), with
# the preload and counters off, and with counters on where the machine has them. The MPI counts
# (calls by kind, bytes) are always on, so every "added" column includes them.
# Usage: bench/overhead.sh [BUILD_DIR=build]
set -euo pipefail
build="${1:-build}"
program="$build/bench/overhead"
library="$build/profiler/libtally.so"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
output="$(mktemp -d)"
trap 'rm -rf "$output"' EXIT

measure() { env "$@" TALLY_OUTPUT="$output" mpirun --oversubscribe -np 1 "$program" 1000000 2>/dev/null; }
without="$(measure TALLY_COUNTERS=off)"
counters_off="$(measure LD_PRELOAD="$library" TALLY_COUNTERS=off)"
counters_on="$(measure LD_PRELOAD="$library" TALLY_COUNTERS=on)"
if grep -q '"counters_available": true' "$output"/*.json 2>/dev/null; then have_counters=yes; else have_counters=no; fi

printf '%-16s %12s %14s %14s %14s %14s\n' "ns per call" "without" "counters off" "added" "counters on" "added"
paste <(echo "$without") <(echo "$counters_off") <(echo "$counters_on") |
  while read -r name base _ off _ on; do
    if [ "$have_counters" = yes ]; then
      printf '%-16s %12.1f %14.1f %14.1f %14.1f %14.1f\n' "$name" "$base" "$off" "$(echo "$off - $base" | bc)" "$on" "$(echo "$on - $base" | bc)"
    else
      printf '%-16s %12.1f %14.1f %14.1f %14s %14s\n' "$name" "$base" "$off" "$(echo "$off - $base" | bc)" "n/a" "n/a"
    fi
  done
[ "$have_counters" = yes ] || echo "(no hardware counters on this machine: the counters-on column cannot be measured)"
grep -h '"clock"' "$output"/*.json | head -1 | sed 's/^ */clock: /'
echo "MPI counts (calls by kind, bytes sent, received and handed to collectives) are on in both tally columns."
echo "DLB TALP is not installable here (no Debian package), so its added cost per call is not measured side by side."
