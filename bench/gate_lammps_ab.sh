#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# How often the paired gate reaches the right verdict on A/B studies of a real application, Debian's
# LAMMPS (the LJ melt of bench/gate_lammps at 1 and 2 ranks): `tally run --baseline --candidate`
# runs the two sides in pairs (A B B A ...), `tally gate` judges the pairs. Per trial, two studies:
# identical sides (cutoff 2.5 sigma on both; right: exit 0) and a slower candidate (cutoff
# --cut, default 2.53 sigma: about 3 % more pair computation; right: exit 1 with a regression
# finding on Global's elapsed or useful time: Global alone, its move is the whole code's, `uniform:
# Global's elapsed time ... slower`). With --load, a busy loop loads one core half of the
# time (50 ms busy, 50 ms idle) during every study. Prints each trial's verdicts, the right verdicts
# of each kind, and the pairs' log ratios of Global's elapsed time per rank count (mean ± sd): the
# candidate's effect against the pairs' noise.
# Usage: bench/gate_lammps_ab.sh [--trials 10] [--pairs 5] [--steps 600] [--cut 2.53] [--load]
#        [--output DIR] [--tally PATH] [--lmp PATH] [--mpirun PATH]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repository="$(cd "$here/.." && pwd)"
input="$here/gate_lammps/lj_melt.lmp"
trials=10 pairs=5 steps=600 cut=2.53 load=0 output=""
tally="${TALLY:-$repository/build/cli/tally}"
lmp="${LMP:-lmp}"
mpirun="${MPIRUN:-mpirun}"
die() {
  echo "gate_lammps_ab.sh: $*" >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case "$1" in
    --trials) trials="$2" && shift 2 ;;
    --pairs) pairs="$2" && shift 2 ;;
    --steps) steps="$2" && shift 2 ;;
    --cut) cut="$2" && shift 2 ;;
    --load) load=1 && shift ;;
    --output) output="$2" && shift 2 ;;
    --tally) tally="$2" && shift 2 ;;
    --lmp) lmp="$2" && shift 2 ;;
    --mpirun) mpirun="$2" && shift 2 ;;
    *) die "unknown argument '$1'; usage: bench/gate_lammps_ab.sh [--trials N] [--pairs N] [--steps N] [--cut C] [--load]" ;;
  esac
done
command -v "$lmp" > /dev/null 2>&1 || die "LAMMPS '$lmp' not found (Debian: apt-get install lammps; or --lmp PATH)"
command -v "$mpirun" > /dev/null 2>&1 || die "MPI launcher '$mpirun' not found (or --mpirun PATH)"
[ -x "$tally" ] || die "tally command '$tally' not found (build the project, or --tally PATH)"
command -v jq > /dev/null 2>&1 || die "jq not found (Debian: apt-get install jq)"
output="${output:-$(mktemp -d "${TMPDIR:-/tmp}/tally-gate-lammps-ab.XXXXXX")}"
mkdir -p "$output/bin"
cp -L "$tally" "$output/bin/tally" # a rebuild while the benchmark runs changes nothing in it
tally="$output/bin/tally"
# Each side is a program of its own, as two builds are: LAMMPS with its cutoff.
side_program() { # side_program NAME CUT: prints the program's path
  printf '#!/bin/sh\nexec %s -in %s -var cut %s "$@"\n' "$(command -v "$lmp")" "$input" "$2" > "$output/bin/$1"
  chmod +x "$output/bin/$1"
  echo "$output/bin/$1"
}
baseline="$(side_program lmp-2.5 2.5)"
slower="$(side_program "lmp-$cut" "$cut")"
if [ "$(id -u)" -eq 0 ]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi
load_pid=""
if [ "$load" = 1 ]; then
  python3 -c '
import time
while True:
    end = time.monotonic() + 0.05
    while time.monotonic() < end:
        pass
    time.sleep(0.05)' &
  load_pid=$!
  trap 'kill "$load_pid" 2> /dev/null || true' EXIT
fi

# study FOLDER CANDIDATE_PROGRAM: one A/B study, then its gate; prints the gate's exit code.
study() {
  local folder="$1" candidate="$2" status=0
  mkdir -p "$folder"
  env TALLY_OUTPUT="$folder/runs" TALLY_EXPERIMENT=lj-melt TALLY_COMMIT=cccccccccccccccccccccccccccccccccccccccc \
    OMP_NUM_THREADS=1 "$tally" run --baseline "$baseline" --candidate "$candidate" \
    --baseline-commit aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa --scales 1,2 --repeat "$pairs" -- \
    "$mpirun" --oversubscribe -np '{ranks}' '{program}' -var steps "$steps" -var ranks '{ranks}' -var xcut 0.5 \
    -log none -screen none > "$folder/study.log" 2>&1 || die "the study in $folder failed: $(tail -3 "$folder/study.log")"
  "$tally" gate --input "$folder/runs" > "$folder/gate.out" 2> "$folder/gate.err" || status=$?
  echo "$status"
}

# pair_ratios FOLDER...: per rank count, the mean and standard deviation of the pairs' log ratios of
# Global's elapsed time (candidate over baseline), in percent: the effect against the pairs' noise.
pair_ratios() {
  local folder
  for folder in "$@"; do
    jq -r --arg study "$folder" '[$study, .resources.ranks, .run.ab_study.pair, .run.ab_study.side,
      (.regions[] | select(.name == "Global") | .metrics.elapsed_ns)] | @tsv' "$folder"/runs/*.json
  done | awk -F '\t' '{ key = $1 " " $2 " " $3; ranks[key] = $2; if ($4 == "baseline") a[key] = $5; else b[key] = $5 }
    END {
      for (key in a) { x = log(b[key] / a[key]); n[ranks[key]]++; sum[ranks[key]] += x; squares[ranks[key]] += x * x }
      for (r in n) {
        mean = sum[r] / n[r]
        printf "%s rank(s): %d pairs, log ratio %+.1f%% ± %.1f%% (sd); ", r, n[r], 100 * mean,
          100 * sqrt((squares[r] - n[r] * mean * mean) / (n[r] > 1 ? n[r] - 1 : 1))
      }
    }'
}

echo "gate_lammps_ab: $trials trials × 2 studies (identical; cutoff $cut) × $pairs pairs × 2 sides × 1 and 2 ranks," \
  "$steps steps a run$([ "$load" = 1 ] && echo ", one core loaded half of the time"); output in $output"
identical_right=0 slower_right=0 started=$SECONDS
for trial in $(seq "$trials"); do
  identical="$(study "$output/trial-$trial/identical" "$baseline")"
  [ "$identical" != 0 ] || identical_right=$((identical_right + 1))
  code="$(study "$output/trial-$trial/slower" "$slower")"
  finding="$(grep -m 1 -E "^regression: lj-melt: (Global: (elapsed|useful) time|uniform: Global's elapsed time)" "$output/trial-$trial/slower/gate.out" || true)"
  if [ "$code" = 1 ] && [ -n "$finding" ]; then slower_right=$((slower_right + 1)); fi
  printf 'trial %2s: identical exit %s (%s); slower exit %s: %s\n' "$trial" "$identical" \
    "$(tail -n 1 "$output/trial-$trial/identical/gate.err" | cut -c13-90)" "$code" \
    "$(grep -m 1 "^regression" "$output/trial-$trial/slower/gate.out" | cut -c1-160 || echo "no regression")"
done
echo "gate_lammps_ab: $((SECONDS - started)) s"
echo "identical sides, all trials: $(pair_ratios "$output"/trial-*/identical)"
echo "cutoff $cut, all trials:     $(pair_ratios "$output"/trial-*/slower)"
printf '%-34s %s\n' "identical sides: exit 0" "$identical_right/$trials" \
  "cutoff $cut: exit 1 naming Global's time" "$slower_right/$trials"
