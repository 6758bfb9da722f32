#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Prints what tally adds per MPI call and per region start+stop pair, at 1 rank, best of 5 rounds
# of 10^6 calls: the same program without the preload (nothing of tally loaded; region pairs cost
# 0), with the preload and counters off, with counters on where the machine has them, and, given a
# DLB installation built for the same MPI (bench/real-apps/build_dlb.sh), under DLB TALP (--talp;
# its region pair is a monitoring region's start and stop), with tally's added cost as a fraction
# of TALP's. The MPI counts (calls by kind, bytes) are always on, so every tally column includes
# them. FAMILY is the MPI (openmpi or mpich): its launcher, its build of the program (overhead for
# the build's first family, overhead_FAMILY for the others) and its library, libtally-FAMILY.so.
# On a busy machine, RUNS=N takes the best of N runs of each mode, alternating, and CALLS=N makes
# the rounds shorter, so that more of them are left whole by the other work.
# Usage: bench/overhead.sh [BUILD_DIR=build] [DLB_PREFIX] [FAMILY=openmpi]
set -euo pipefail
build="${1:-build}"
dlb="${2:-}"
family="${3:-openmpi}"
case "$family" in
  openmpi) launcher=(mpirun --oversubscribe -np 1) ;;
  mpich) launcher=(mpiexec.mpich -n 1 -bind-to core) ;; # bound, as Open MPI binds a rank unasked
  *) echo "overhead: unknown MPI family $family (openmpi or mpich)" >&2; exit 2 ;;
esac
library="$build/profiler/libtally-$family.so"
[ -e "$library" ] || { echo "overhead: $library is missing: $build is not built for $family (TALLY_MPI_FAMILIES)" >&2; exit 2; }
program="$build/bench/overhead_$family"
[ -x "$program" ] || program="$build/bench/overhead"
if [ -n "$dlb" ] && [ ! -e "$dlb/lib/libdlb_mpi.so" ]; then
  echo "overhead: $dlb/lib/libdlb_mpi.so is missing (bench/real-apps/build_dlb.sh SOURCE $dlb $family)" >&2
  exit 2
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
output="$(mktemp -d)"
trap 'rm -rf "$output"' EXIT

calls="${CALLS:-1000000}"
runs="${RUNS:-1}"
# MODE ENVIRONMENT...: one run of the program, its lines appended to MODE's file.
measure() {
  local mode="$1"
  shift
  env "$@" TALLY_OUTPUT="$output" "${launcher[@]}" "$program" "$calls" 2>/dev/null >>"$output/$mode.txt"
}
# The runs alternate the modes, so that a busy spell of the machine falls on all of them.
for ((run = 0; run < runs; run++)); do
  measure without TALLY_COUNTERS=off
  measure counters_off LD_PRELOAD="$library" TALLY_COUNTERS=off
  measure counters_on LD_PRELOAD="$library" TALLY_COUNTERS=on
  [ -z "$dlb" ] || measure talp LD_PRELOAD="$dlb/lib/libdlb_mpi.so" DLB_ARGS=--talp
done
# MODE: each line's best (lowest) ns per call over the runs, in the program's order.
best() {
  [ -e "$output/$1.txt" ] || return 0
  awk '!($1 in low) { order[++n] = $1; low[$1] = $2 + 0 } $2 + 0 < low[$1] { low[$1] = $2 + 0 }
       END { for (i = 1; i <= n; ++i) print order[i], low[order[i]] }' "$output/$1.txt"
}
without="$(best without)"
counters_off="$(best counters_off)"
counters_on="$(best counters_on)"
talp="$(best talp)"
if grep -q '"counters_available": true' "$output"/*.json 2>/dev/null; then have_counters=yes; else have_counters=no; fi

# One column per tool: its ns per call and what it adds to "without"; n/a where it was not measured.
added() { # BASE VALUE
  if [ -n "$2" ]; then printf '%14.1f %14.1f' "$2" "$(echo "$2 - $1" | bc)"; else printf '%14s %14s' n/a n/a; fi
}
# tally's added cost (counters off) over TALP's, where both add something.
fraction() { # BASE TALLY TALP
  if [ -n "$3" ] && [ "$(echo "$3 - $1 > 0" | bc)" = 1 ]; then
    printf '%12.2f' "$(echo "scale=4; ($2 - $1) / ($3 - $1)" | bc)"
  else
    printf '%12s' n/a
  fi
}
echo "MPI family: $family (launcher ${launcher[0]}, library $library)"
printf '%-16s %12s %14s %14s %14s %14s %14s %14s %12s\n' "ns per call" "without" "counters off" "added" "counters on" "added" \
  "TALP" "added" "tally/TALP"
while read -r name base; do
  off="$(echo "$counters_off" | awk -v name="$name" '$1 == name { print $2 }')"
  on="$(echo "$counters_on" | awk -v name="$name" '$1 == name { print $2 }')"
  [ "$have_counters" = yes ] || on=""
  dlb_value="$(echo "$talp" | awk -v name="$name" '$1 == name { print $2 }')"
  printf '%-16s %12.1f %s %s %s %s\n' "$name" "$base" "$(added "$base" "$off")" "$(added "$base" "$on")" \
    "$(added "$base" "$dlb_value")" "$(fraction "$base" "$off" "$dlb_value")"
done <<< "$without"
[ "$have_counters" = yes ] || echo "(no hardware counters on this machine: the counters-on column cannot be measured)"
grep -h '"clock"' "$output"/*.json | head -1 | sed 's/^ */clock: /'
echo "MPI counts (calls by kind, bytes sent, received and handed to collectives) are on in both tally columns."
[ -n "$dlb" ] || echo "(no DLB installation given: the TALP column is not measured; bench/real-apps/build_dlb.sh builds one)"
