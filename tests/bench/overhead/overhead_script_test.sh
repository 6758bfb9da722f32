#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/overhead.sh for one MPI family, on short runs whose times are not judged: the family's
# program, launcher and library are the ones run (the header names them, every row is there), each
# "added" is the tool's column less "without" and tally/TALP the quotient of the two added costs, as
# recomputed here from the printed columns; and bad input stops it with exit 2 and a message.
# The TALP column is measured with a stand-in for DLB: a prefix whose lib/libdlb_mpi.so is the
# family's tally library, so that no DLB is needed.
# Usage: overhead_script_test.sh OVERHEAD_SH BUILD_DIR FAMILY
set -uo pipefail
script="$1" build="$2" family="$3"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "overhead_script_test ($family): $*" >&2; exit 1; }

mkdir -p "$work/dlb/lib"
cp "$build/profiler/libtally-$family.so" "$work/dlb/lib/libdlb_mpi.so"
CALLS=2000 RUNS=2 bash "$script" "$build" "$work/dlb" "$family" > "$work/table" 2> "$work/stderr" ||
  fail "exited $? on a build with its library: $(cat "$work/stderr")"
grep -q "^MPI family: $family (launcher .*, library $build/profiler/libtally-$family.so)" "$work/table" ||
  fail "the header does not name $family and its library"
for row in MPI_Comm_rank MPI_Allreduce MPI_Barrier MPI_Sendrecv region_pair; do
  grep -q "^$row " "$work/table" || fail "no row $row"
done
# Columns: name, without, counters off, added, counters on, added, TALP, added, tally/TALP. The
# program prints to 0.1 ns, so each added cost is exact; the quotient is printed to 0.01.
awk 'function off_by(a, b) { return a - b > 0.001 || b - a > 0.001 }
     /^(MPI_|region_pair)/ {
       if (off_by($4, $3 - $2)) { print $1 ": counters-off added " $4 " is not " $3 " - " $2; bad = 1 }
       if (off_by($8, $7 - $2)) { print $1 ": TALP added " $8 " is not " $7 " - " $2; bad = 1 }
       if ($8 > 0 && ($9 - $4 / $8 > 0.0051 || $4 / $8 - $9 > 0.0051)) {
         print $1 ": tally/TALP " $9 " is not " $4 " / " $8; bad = 1
       }
       if ($8 <= 0 && $9 != "n/a") { print $1 ": tally/TALP " $9 " where TALP adds nothing"; bad = 1 }
     }
     END { exit bad }' "$work/table" > "$work/arithmetic" || fail "$(cat "$work/arithmetic")"

bash "$script" "$build" "" nosuchmpi > /dev/null 2> "$work/stderr"
[ $? -eq 2 ] || fail "an unknown family should exit 2"
grep -q "unknown MPI family nosuchmpi" "$work/stderr" || fail "the message does not name the unknown family"

mkdir -p "$work/empty_build"
bash "$script" "$work/empty_build" "" "$family" > /dev/null 2> "$work/stderr"
[ $? -eq 2 ] || fail "a build without the family's library should exit 2"
grep -q "libtally-$family.so is missing" "$work/stderr" || fail "the message does not name the missing library"

bash "$script" "$build" "$work/empty_build" "$family" > /dev/null 2> "$work/stderr"
[ $? -eq 2 ] || fail "a DLB prefix without libdlb_mpi.so should exit 2"
grep -q "libdlb_mpi.so is missing" "$work/stderr" || fail "the message does not name DLB's missing library"
echo "overhead_script_test ($family): rows, added costs and quotients as recomputed, bad input exits 2"
