#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A stale libtally_cupti.so met by this libtally.so: exactly one "tally:" warning naming both
# interface versions, CUDA unmeasured, and the program and its run go on.
# Usage: stale_cupti_library.sh PRELOAD STALE_LIBRARY TALLY EXPECT_METRIC -- COMMAND...
# COMMAND runs the fake CUDA program's "overlap" scenario for 2 steps.
set -uo pipefail
preload="$1" stale="$2" tally="$3" expect_metric="$4"
shift 4
[ "${1:-}" = "--" ] && shift
output="$(mktemp -d)"
trap 'rm -rf "$output"' EXIT
# The driver loads what CUDA_INJECTION64_PATH names; libtally.so leaves a libtally_cupti.so there.
# Counters off: a machine without a PMU would add its own warning.
export TALLY_OUTPUT="$output/runs" CUDA_INJECTION64_PATH="$stale" TALLY_COUNTERS=off
LD_PRELOAD="$preload" timeout --kill-after=10 120 "$@" 2>"$output/stderr"
status=$?
cat "$output/stderr" >&2
if [ "$status" -ne 0 ]; then
  echo "stale_cupti_library: exit code $status, expected 0" >&2
  exit 1
fi
warnings="$(grep -c '^tally: ' "$output/stderr")"
if [ "$warnings" -ne 1 ]; then
  echo "stale_cupti_library: $warnings tally warnings, expected 1" >&2
  exit 1
fi
if ! grep -Eq '^tally: libtally_cupti.so speaks interface version [0-9]+ \([0-9]+ bytes\), libtally.so version [0-9]+ \([0-9]+ bytes\).*CUDA is not measured' "$output/stderr"; then
  echo "stale_cupti_library: the warning does not name both versions" >&2
  exit 1
fi
"$tally" validate "$output/runs" || exit 1
"$expect_metric" "$output/runs" step:visits:2 step:device_offload_efficiency:absent \
  step:device_parallel_efficiency:absent || exit 1
echo "stale_cupti_library: refused with one warning; the run went on without CUDA metrics"
