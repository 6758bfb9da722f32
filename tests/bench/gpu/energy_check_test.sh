#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# energy_check.py on a pair written by hand: gpu_energy_phases.readings (the program's own counter
# readings) and gpu_energy_phases.json (tally's document of that run).
# Usage: energy_check_test.sh ENERGY_CHECK DATA_DIR
set -uo pipefail
check="$1" data="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "energy_check_test: $*" >&2; exit 1; }

# By hand: idle 1210 - 1000 = 210 J over 3 s (70 W), compute 1800 J over 3 s (600 W), burst
# 30 + 30 = 60 J over 0.1 s; P_max = 600 W, so the bounds are 2 x 1 x 0.1 s x 600 W = 120 J for a
# region of one visit and 240 J for burst's two. tally: idle 215 (+5), compute 1700 (-100), burst 40
# (-20), all within. Global: 2200 J over 6.8 s, the window 2100 J over 6.3 s: 100 J over 0.5 s outside.
python3 "$check" "$data/gpu_energy_phases.readings" "$data/gpu_energy_phases.json" > "$work/agree" ||
  fail "the hand-computed pair should agree: $(cat "$work/agree")"
for row in "| idle | 1 | 3.000 | 210.000 | 215.000 | +5.000 | 120.0 | ok |" \
           "| compute | 1 | 3.000 | 1800.000 | 1700.000 | -100.000 | 120.0 | ok |" \
           "| burst | 2 | 0.100 | 60.000 | 40.000 | -20.000 | 240.0 | ok |" \
           "outside it 100.000 J over 0.500 s (P_max of the visits 600.0 W)"; do
  grep -qF -- "$row" "$work/agree" || fail "missing row: $row"
done

# compute at 1650 J is 150 J off, more than its 120 J bound; a region without energy is a miss too.
python3 - "$data/gpu_energy_phases.json" "$work" <<'PY'
import json, sys
document = json.load(open(sys.argv[1]))
for region in document["regions"]:
    if region["name"] == "compute":
        region["energy"]["domains_uj"]["gpu"] = 1650000000
    if region["name"] == "idle":
        del region["energy"]
json.dump(document, open(sys.argv[2] + "/miss.json", "w"))
PY
python3 "$check" "$data/gpu_energy_phases.readings" "$work/miss.json" > "$work/miss"
[ $? -eq 1 ] || fail "a miss should exit 1"
grep -qF -- "| compute | 1 | 3.000 | 1800.000 | 1650.000 | -150.000 | 120.0 | MISS |" "$work/miss" || fail "compute miss not shown"
grep -qF -- "| idle | 1 | 3.000 | 210.000 | absent |" "$work/miss" || fail "a region without energy not shown"

# Bad input: a broken readings line names the file and line; a missing document is named.
printf 'visit idle 1000 2000\n' > "$work/broken.readings"
python3 "$check" "$work/broken.readings" "$data/gpu_energy_phases.json" 2> "$work/stderr"
[ $? -eq 2 ] || fail "a broken readings line should exit 2"
grep -qF "broken.readings:1: expected" "$work/stderr" || fail "no message naming the line: $(cat "$work/stderr")"
python3 "$check" "$data/gpu_energy_phases.readings" "$work/absent.json" 2> "$work/stderr"
[ $? -eq 2 ] || fail "a missing document should exit 2"
grep -qF "cannot read $work/absent.json" "$work/stderr" || fail "no message naming the document: $(cat "$work/stderr")"
echo "energy_check_test: ok"
