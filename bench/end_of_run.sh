#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Prints the end of run's cost at 8 to 128 ranks, for 10 and 1000 regions: rank 0's time in
# MPI_Finalize (the profiler's reduction and document, then MPI's own finalisation) and how much
# its peak resident memory (VmHWM) rose there (bench/end_of_run.c), the median of RUNS runs (3),
# without the profiler, with the anchor's library (an older build folder, given) and with this
# build's. The ranks share the machine's cores (oversubscribed; Open MPI told to yield when idle)
# and form emulated nodes of RANKS_PER_NODE (8) ranks (TALLY_RANKS_PER_NODE). RANKS and REGIONS
# change the lists. FAMILY is the MPI (openmpi or mpich): its launcher, its build of the program and
# its library, libtally-FAMILY.so. VmHWM moves by about ±200 KiB on its own (the kernel counts
# resident pages per thread and adds them up late): smaller changes are noise.
# Usage: bench/end_of_run.sh [BUILD_DIR=build] [ANCHOR_BUILD_DIR] [FAMILY=openmpi]
set -euo pipefail
build="${1:-build}"
anchor="${2:-}"
family="${3:-openmpi}"
read -ra rank_counts <<<"${RANKS:-8 16 32 64 128}"
read -ra region_counts <<<"${REGIONS:-10 1000}"
runs="${RUNS:-3}"
case "$family" in
  openmpi) launcher=(mpirun --oversubscribe --mca mpi_yield_when_idle 1 -np) ;;
  mpich) launcher=(mpiexec.mpich -n) ;;
  *) echo "end_of_run: unknown MPI family $family (openmpi or mpich)" >&2; exit 2 ;;
esac
program="$build/bench/end_of_run_$family"
[ -x "$program" ] || program="$build/bench/end_of_run"
[ -x "$program" ] || { echo "end_of_run: $program is missing: build the target end_of_run in $build" >&2; exit 2; }
modes=(without "$build/profiler/libtally-$family.so")
[ -n "$anchor" ] && modes=(without "$anchor/profiler/libtally-$family.so" "$build/profiler/libtally-$family.so")
for library in "${modes[@]:1}"; do
  [ -e "$library" ] || { echo "end_of_run: $library is missing: that build has no library for $family" >&2; exit 2; }
done
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 TALLY_COUNTERS=off
export TALLY_RANKS_PER_NODE="${RANKS_PER_NODE:-8}"
export LD_LIBRARY_PATH="$build/profiler/standin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
output="$(mktemp -d)"
trap 'rm -rf "$output"' EXIT

median() { sort -n | awk '{ value[NR] = $1 } END { print value[int((NR + 1) / 2)] }'; }

# RANKS REGIONS LIBRARY|without: "MS KIB", the medians of RUNS runs.
measure() {
  local preload="$3" lines="" run
  [ "$preload" = without ] && preload=""
  for ((run = 0; run < runs; ++run)); do
    rm -rf "$output/runs"
    lines+="$(env ${preload:+LD_PRELOAD="$preload"} TALLY_OUTPUT="$output/runs" \
      "${launcher[@]}" "$1" "$program" "$2" 2>/dev/null | grep '^end_of_run_ms')"$'\n'
  done
  printf '%s %s' "$(awk 'NF { print $2 }' <<<"$lines" | median)" "$(awk 'NF { print $4 }' <<<"$lines" | median)"
}

names=(without now)
[ -n "$anchor" ] && names=(without anchor now)
printf '%-6s %-8s' ranks regions
for name in "${names[@]}"; do printf ' %22s' "$name: ms, +KiB"; done
printf '\n'
for regions in "${region_counts[@]}"; do
  for ranks in "${rank_counts[@]}"; do
    printf '%-6s %-8s' "$ranks" "$regions"
    for library in "${modes[@]}"; do
      read -r ms kib <<<"$(measure "$ranks" "$regions" "$library")"
      printf ' %22s' "$ms, $kib"
    done
    printf '\n'
  done
done
echo "Median of $runs runs, $family, nodes of $TALLY_RANKS_PER_NODE ranks emulated; the machine has $(nproc) cores, which all ranks share."
