#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# An installation with the Open MPI family's preload library only: `tally run` refuses a program that
# links MPICH before running anything (exit 2, one line naming the program's MPI, what is installed
# and the -DTALLY_MPI_FAMILIES to build), and runs a program without MPI with libtally.so.
# Usage: missing_family.sh TALLY LIBTALLY_OPENMPI MPICH_PROGRAM
set -euo pipefail
tally="$1" library="$2" program="$3"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "missing_family: FAILED: $*" >&2
  exit 1
}
unset TALLY_LIBRARY
mkdir -p "$work/bin" "$work/lib"
cp "$tally" "$work/bin/tally"
ln -s "$library" "$work/lib/libtally-openmpi.so"
ln -s libtally-openmpi.so "$work/lib/libtally.so"

status=0
"$work/bin/tally" run -- mpiexec.mpich -n 2 "$program" >"$work/stdout" 2>"$work/stderr" || status=$?
[ "$status" -eq 2 ] || fail "exit code $status, expected 2"
expected="tally run: $program links libmpich.so.12 (MPICH family) but this installation has only libtally-openmpi.so;"
expected+=" rebuild tally with -DTALLY_MPI_FAMILIES=\"openmpi;mpich\", or set TALLY_LIBRARY to a libtally built for it"
[ "$(cat "$work/stderr")" = "$expected" ] || fail "stderr [$(cat "$work/stderr")], expected [$expected]"
[ ! -s "$work/stdout" ] || fail "something ran: [$(cat "$work/stdout")]"

# shellcheck disable=SC2016 # the shell that tally runs expands it
preloaded="$("$work/bin/tally" run -- sh -c 'echo "$LD_PRELOAD"')"
[ "$preloaded" = "$work/lib/libtally.so" ] || fail "a program without MPI got [$preloaded], expected $work/lib/libtally.so"
echo "missing_family: the MPICH program is refused with the build's advice; sh gets libtally.so"
