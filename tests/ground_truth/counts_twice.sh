#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs one program twice under the profiler and checks that both runs counted the same (regions,
# tree, MPI calls and bytes, CUDA calls, launches and copies): counts do not depend on timing. Usage: counts_twice.sh PRELOAD -- COMMAND...
set -euo pipefail
preload="$1"
shift 2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for run in first second; do
  TALLY_OUTPUT="$work/$run" LD_PRELOAD="$preload" timeout --kill-after=10 120 "$@" > /dev/null
done
documents=("$work"/first/*.json "$work"/second/*.json)
if [ "${#documents[@]}" -ne 2 ]; then
  echo "counts_twice: expected one document per run, found ${#documents[@]}" >&2
  exit 1
fi
python3 "$(dirname "$0")/same_counts.py" "${documents[0]}" "${documents[1]}"
