#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Prints what tally adds per MPI call and per region start+stop pair, at 1 rank, 10^6 calls, best
# of 5: the same program without the preload (nothing of tally loaded; region pairs cost 0), with
# the preload and counters off, with counters on where the machine has them, and, given a DLB
# installation (bench/real-apps/build_dlb.sh), under DLB TALP (--talp; its region pair is a
# monitoring region's start and stop). The MPI counts (calls by kind, bytes) are always on, so
# every tally column includes them.
# Usage: bench/overhead.sh [BUILD_DIR=build] [DLB_PREFIX]
set -euo pipefail
build="${1:-build}"
dlb="${2:-}"
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

talp=""
if [ -n "$dlb" ]; then
  talp="$(measure LD_PRELOAD="$dlb/lib/libdlb_mpi.so" DLB_ARGS=--talp)"
fi

# One column per tool: its ns per call and what it adds to "without"; n/a where it was not measured.
added() { # BASE VALUE
  if [ -n "$2" ]; then printf '%14.1f %14.1f' "$2" "$(echo "$2 - $1" | bc)"; else printf '%14s %14s' n/a n/a; fi
}
printf '%-16s %12s %14s %14s %14s %14s %14s %14s\n' "ns per call" "without" "counters off" "added" "counters on" "added" \
  "TALP" "added"
while read -r name base; do
  off="$(echo "$counters_off" | awk -v name="$name" '$1 == name { print $2 }')"
  on="$(echo "$counters_on" | awk -v name="$name" '$1 == name { print $2 }')"
  [ "$have_counters" = yes ] || on=""
  dlb_value="$(echo "$talp" | awk -v name="$name" '$1 == name { print $2 }')"
  printf '%-16s %12.1f %s %s %s\n' "$name" "$base" "$(added "$base" "$off")" "$(added "$base" "$on")" \
    "$(added "$base" "$dlb_value")"
done <<< "$without"
[ "$have_counters" = yes ] || echo "(no hardware counters on this machine: the counters-on column cannot be measured)"
grep -h '"clock"' "$output"/*.json | head -1 | sed 's/^ */clock: /'
echo "MPI counts (calls by kind, bytes sent, received and handed to collectives) are on in both tally columns."
[ -n "$dlb" ] || echo "(no DLB installation given: the TALP column is not measured; bench/real-apps/build_dlb.sh builds one)"
