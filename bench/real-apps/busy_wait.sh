#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# How each tool books a rank that only waits by polling (busy_wait.c): rank 0 polls MPI_Test for
# one second, all of it waiting. Prints, bare, under tally and under DLB TALP, the polls, the
# nanoseconds per poll, and the share of rank 0's time each tool books as MPI (the truth is the
# share of a bare poll spent inside MPI_Test, close to 1) with the nanoseconds per poll it books
# as MPI and as useful. Median of 5 runs each, alternating.
# Usage: bench/real-apps/busy_wait.sh BUILD_DIR DLB_PREFIX
set -euo pipefail
build="${1:?usage: busy_wait.sh BUILD_DIR DLB_PREFIX}"
dlb="${2:?usage: busy_wait.sh BUILD_DIR DLB_PREFIX (bench/real-apps/build_dlb.sh builds one)}"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpicc -O2 "$here/busy_wait.c" -o "$work/busy_wait"

run() { # MODE RUN: prints "polls seconds mpi_ns useful_ns" for rank 0 ("-" for the bare runs)
  local folder="$work/$1-$2" printed
  mkdir -p "$folder"
  case "$1" in
  bare) printed="$(mpirun --oversubscribe -np 2 "$work/busy_wait")"
    echo "$printed - -" ;;
  tally) printed="$(TALLY_PER_RANK=on TALLY_OUTPUT="$folder" mpirun --oversubscribe -np 2 \
      -x LD_PRELOAD="$build/profiler/libtally.so" "$work/busy_wait" 2>/dev/null)"
    echo "$printed $(python3 "$here/rank_times.py" tally "$folder"/*.json)" ;;
  talp) printed="$(mpirun --oversubscribe -np 2 -x LD_PRELOAD="$dlb/lib/libdlb_mpi.so" \
      -x DLB_ARGS="--talp --talp-summary=pop-metrics:process --talp-output-file=$folder/talp.json" \
      "$work/busy_wait" 2>/dev/null)"
    echo "$printed $(python3 "$here/rank_times.py" talp "$folder/talp.json")" ;;
  esac
}

for round in 1 2 3 4 5; do
  for mode in bare tally talp; do
    run "$mode" "$round" >> "$work/$mode.txt"
  done
done
python3 - "$work" <<'PY'
import statistics, sys
folder = sys.argv[1]
print(f"{'rank 0 polling 1 s':<12} {'polls':>10} {'ns/poll':>8} {'MPI share':>9} {'MPI ns/poll':>11} {'useful ns/poll':>14}")
for mode in ("bare", "tally", "talp"):
    rows = [line.split() for line in open(f"{folder}/{mode}.txt")]
    polls = statistics.median(int(r[0]) for r in rows)
    per_poll = statistics.median(1e9 * float(r[1]) / int(r[0]) for r in rows)
    if rows[0][2] == "-":
        print(f"{mode:<12} {polls:>10.0f} {per_poll:>8.1f} {'-':>9} {'-':>11} {'-':>14}")
        continue
    share = statistics.median(float(r[2]) / (float(r[2]) + float(r[3])) for r in rows)
    mpi = statistics.median(float(r[2]) / int(r[0]) for r in rows)
    useful = statistics.median(float(r[3]) / int(r[0]) for r in rows)
    print(f"{mode:<12} {polls:>10.0f} {per_poll:>8.1f} {share:>9.2f} {mpi:>11.1f} {useful:>14.1f}")
PY
