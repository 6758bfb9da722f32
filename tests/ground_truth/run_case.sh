#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs one preload test case and checks what it left behind.
# Usage: run_case.sh --tally TALLY --preload LIBS|none [--expect-exit CODE|unchanged] --documents N
#                    [--check SPEC]... [--env K=V]... [--terminate-after SECONDS] -- COMMAND...
# The command runs with LD_PRELOAD set for the launcher too (as users do it) and TALLY_OUTPUT
# pointing to a fresh folder, bounded by a timeout. Then: the exit code is the expected one
# ("unchanged": the one the command has without the profiler), the folder holds exactly N
# documents and no temporary file, every document is valid (tally validate), and every --check
# holds (expect_metric, found through TALLY_EXPECT_METRIC). A program that asked its own metrics
# (tally.h's queries) may print lines "tally-query REGION METRIC VALUE [METRIC VALUE]...": the
# document must agree, each VALUE to within 0.001.
set -uo pipefail
tally="" preload="" expect_exit=0 documents=1 terminate_after="" checks=() environment=()
while [ $# -gt 0 ]; do
  case "$1" in
    --tally) tally="$2"; shift 2 ;;
    --preload) preload="$2"; shift 2 ;;
    --expect-exit) expect_exit="$2"; shift 2 ;;
    --documents) documents="$2"; shift 2 ;;
    --check) checks+=("$2"); shift 2 ;;
    --env) environment+=("$2"); shift 2 ;;
    --terminate-after) terminate_after="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "run_case: unknown option $1" >&2; exit 2 ;;
  esac
done
output="$(mktemp -d)"
trap 'rm -rf "$output"' EXIT
export TALLY_OUTPUT="$output/runs"
for assignment in "${environment[@]}"; do export "${assignment?}"; done

run_bounded() {
  if [ -n "$terminate_after" ]; then
    timeout --signal=TERM --kill-after=20 "$terminate_after" "$@"
  else
    timeout --kill-after=10 120 "$@"
  fi
}
if [ "$expect_exit" = unchanged ]; then
  run_bounded "$@"
  expect_exit=$?
  echo "run_case: without the profiler the command exits with $expect_exit"
fi
[ "$preload" = none ] && preload=""
LD_PRELOAD="$preload" run_bounded "$@" | tee "$output/stdout"
status=${PIPESTATUS[0]}
if [ "$status" -ne "$expect_exit" ]; then
  echo "run_case: exit code $status, expected $expect_exit" >&2
  exit 1
fi

found=0
if [ -d "$output/runs" ]; then
  found="$(find "$output/runs" -name '*.json' | wc -l)"
  leftovers="$(find "$output/runs" -name '*.tmp' | wc -l)"
  if [ "$leftovers" -ne 0 ]; then
    echo "run_case: temporary files left in $output/runs" >&2
    exit 1
  fi
fi
if [ "$found" -ne "$documents" ]; then
  echo "run_case: $found run documents, expected $documents" >&2
  exit 1
fi
if [ "$documents" -gt 0 ]; then
  "$tally" validate "$output/runs" || exit 1
fi
while read -r -a fields; do
  [ "${fields[0]:-}" = tally-query ] || continue
  for ((i = 2; i + 1 < ${#fields[@]}; i += 2)); do checks+=("${fields[1]}:${fields[i]}:${fields[i + 1]}:0.001"); done
done < "$output/stdout"
if [ "${#checks[@]}" -gt 0 ]; then
  "$TALLY_EXPECT_METRIC" "$output/runs" "${checks[@]}" || exit 1
fi
echo "run_case: exit $status, $found document(s), ${#checks[@]} check(s) hold"
