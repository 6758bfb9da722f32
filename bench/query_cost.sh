#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Prints what the runtime queries cost, in ns per call (best of 5 rounds): without the preload (the
# stand-in answers "not measured") and with libtally.so, at 1 rank with 1 and 8 threads that
# visited the region, and the collective query at 1, 2 and 4 ranks, beside a region pair and an
# MPI_Allreduce of one double. Usage: bench/query_cost.sh [BUILD_DIR=build]
set -euo pipefail
build="${1:-build}"
program="$build/bench/query_cost"
library="$build/profiler/libtally.so"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 TALLY_COUNTERS=off
export LD_LIBRARY_PATH="$build/profiler/standin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
output="$(mktemp -d)"
trap 'rm -rf "$output"' EXIT

measure() { # RANKS THREADS [PRELOAD]
  env ${3:+LD_PRELOAD="$3"} TALLY_OUTPUT="$output" mpirun --oversubscribe -np "$1" "$program" 100000 "$2" 2>/dev/null
}
columns=("1 rank, 1 thread, without" "$(measure 1 1)" "1 rank, 1 thread" "$(measure 1 1 "$library")"
         "1 rank, 8 threads" "$(measure 1 8 "$library")" "2 ranks" "$(measure 2 1 "$library")"
         "4 ranks" "$(measure 4 1 "$library")")
printf '%-20s' "ns per call"
for ((i = 0; i < ${#columns[@]}; i += 2)); do printf ' %26s' "${columns[i]}"; done
printf '\n'
for row in region_pair local_query_closed local_query_open collective_query MPI_Allreduce; do
  printf '%-20s' "$row"
  for ((i = 1; i < ${#columns[@]}; i += 2)); do
    printf ' %26s' "$(echo "${columns[i]}" | awk -v row="$row" '$1 == row { print $2 }')"
  done
  printf '\n'
done
echo "The machine has $(nproc) cores: 2 and 4 ranks share them (mpirun --oversubscribe), so collective figures there include waiting."
