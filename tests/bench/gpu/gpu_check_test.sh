#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# gpu_check on a synthetic pair: two_streams.timings (a program's own timings, written by hand)
# and two_streams.json (tally's document of that run, raw values computed by hand from it).
# Usage: gpu_check_test.sh GPU_CHECK DATA_DIR
set -uo pipefail
check="$1" data="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "gpu_check_test: $*" >&2; exit 1; }

# step, by hand: T = 200 ms, W = 40 + 60 = 100, U = 100; K = 50 + 60 = 110, D = 20 + 10 = 30.
# Offload 100/200 = 0.500, device parallel 110/200 = 0.550, communication 110/140 = 0.786,
# orchestration 140/200 = 0.700. cpu_part: T = U = 50, no offload (1.000), device idle (0.000).
"$check" "$data/two_streams.timings" "$data/two_streams.json" > "$work/agree" || fail "the hand-computed pair should agree"
for row in "| step | device_offload_efficiency | 0.500 | 0.500 | ok |" \
           "| step | parallel_efficiency | 0.500 | 0.500 | ok |" \
           "| step | device_parallel_efficiency | 0.550 | 0.550 | ok |" \
           "| step | device_communication_efficiency | 0.786 | 0.786 | ok |" \
           "| step | device_orchestration_efficiency | 0.700 | 0.700 | ok |" \
           "| cpu_part | device_offload_efficiency | 1.000 | 1.000 | ok |" \
           "| cpu_part | device_parallel_efficiency | 0.000 | 0.000 | ok |"; do
  grep -qF "$row" "$work/agree" || fail "missing row: $row"
done

# tally measuring 50 ms of exposed memory time instead of 30: communication 110/160 = 0.688 and
# orchestration 160/200 = 0.800 miss by more than 0.03; the device parallel efficiency still agrees.
sed -e 's/"memory_ns": 30000000/"memory_ns": 50000000/' -e 's/"active_max_ns": 140000000/"active_max_ns": 160000000/' \
  "$data/two_streams.json" > "$work/miss.json"
"$check" "$data/two_streams.timings" "$work/miss.json" > "$work/miss"
[ $? -eq 1 ] || fail "a miss should exit 1"
grep -qF "| step | device_communication_efficiency | 0.786 | 0.688 | MISS |" "$work/miss" || fail "communication miss not shown"
grep -qF "| step | device_orchestration_efficiency | 0.700 | 0.800 | MISS |" "$work/miss" || fail "orchestration miss not shown"
grep -qF "| step | device_parallel_efficiency | 0.550 | 0.550 | ok |" "$work/miss" || fail "an agreeing row became a miss"
# ... and within a tolerance of 0.2 both agree.
"$check" "$data/two_streams.timings" "$work/miss.json" 0.2 > /dev/null || fail "tolerance 0.2 should accept the miss"

# Bad input: a broken timings line, a missing region, a missing document, a bad tolerance.
printf 'visit step 100\n' > "$work/broken.timings"
"$check" "$work/broken.timings" "$data/two_streams.json" 2> "$work/stderr"
[ $? -eq 2 ] || fail "a broken timings file should exit 2"
grep -qF "broken.timings:1: cannot read" "$work/stderr" || fail "the error does not name the file and line"
printf 'visit absent_region 100 0\n' > "$work/other.timings"
"$check" "$work/other.timings" "$data/two_streams.json" > "$work/absent"
[ $? -eq 1 ] || fail "a region missing from the document should exit 1"
grep -qF "| absent_region | (region) | present | absent | MISS |" "$work/absent" || fail "missing region not shown"
"$check" "$data/two_streams.timings" "$work/none.json" 2> "$work/stderr"
[ $? -eq 2 ] || fail "a missing document should exit 2"
grep -qF "none.json" "$work/stderr" || fail "the error does not name the missing document"
"$check" "$data/two_streams.timings" "$data/two_streams.json" zero 2> /dev/null
[ $? -eq 2 ] || fail "a tolerance that is not a number should exit 2"
echo "gpu_check_test: expected vs measured rows, misses, tolerance and bad input behave"
