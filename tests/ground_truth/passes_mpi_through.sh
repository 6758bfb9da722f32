#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# An MPI program run with a preload library that cannot measure it: another MPI family's (as a
# script, mpi4py or a command `tally run` cannot see through would get it), or Open MPI's in a
# program that opened Open MPI after it. The program runs as without the profiler (its exit code 0
# and its stdout), no run document is written, and stderr holds one line of tally, the expected one.
# Usage: passes_mpi_through.sh LIBRARY EXPECTED_STDOUT EXPECTED_TALLY_LINE -- COMMAND...
set -uo pipefail
library="$1" expected_stdout="$2" expected_line="$3"
shift 3
[ "$1" = -- ] && shift
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "passes_mpi_through: FAILED: $*" >&2
  echo "stderr was:" >&2
  cat "$work/stderr" >&2
  exit 1
}
status=0
TALLY_OUTPUT="$work/runs" LD_PRELOAD="$library" timeout --kill-after=10 120 "$@" >"$work/stdout" 2>"$work/stderr" ||
  status=$?
[ "$status" -eq 0 ] || fail "exit code $status, expected 0"
[ "$(cat "$work/stdout")" = "$expected_stdout" ] || fail "stdout [$(cat "$work/stdout")], expected [$expected_stdout]"
tally_lines="$(grep '^tally:' "$work/stderr")"
[ "$tally_lines" = "$expected_line" ] || fail "tally said [$tally_lines], expected [$expected_line]"
documents="$(find "$work" -name '*.json' | wc -l)"
[ "$documents" -eq 0 ] || fail "$documents run documents, expected none"
echo "passes_mpi_through: the program ran as without tally, which said: $tally_lines"
