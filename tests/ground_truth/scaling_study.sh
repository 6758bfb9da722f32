#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# `tally run --scales`: one document per scale and repetition, {ranks} and {size} replaced,
# strong or weak scaling recorded, a failing run stopping the study with its exit code, and a
# command without {ranks} refused (exit 2). With a hybrid MPI + OpenMP program (HYBRID and LIBOMP
# "-" without OpenMP), `--threads` runs every scale at every thread count, each document recording
# the threads the runner gave it in OMP_NUM_THREADS: each run its own configuration. `--frequencies`
# runs every scale at every CPU frequency, the program getting it in kHz through {frequency} and
# its document recording it (TALLY_CPU_FREQUENCY).
# Usage: scaling_study.sh TALLY IMBALANCE ABORT_MIDWAY HYBRID LIBOMP MPIRUN...
set -uo pipefail
tally="$1" imbalance="$2" abort_midway="$3" hybrid="$4" libomp="$5"
shift 5
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "scaling_study: $*" >&2; exit 1; }

summary() { # ranks, threads per rank and scaling of every document in a folder, sorted
  /usr/bin/python3 -c '
import glob, json, sys
docs = [json.load(open(f)) for f in glob.glob(sys.argv[1] + "/*.json")]
print(" ".join(sorted("%d:%d:%s" % (d["resources"]["ranks"], d["resources"]["threads_per_rank"],
                                    d["run"].get("scaling", "-")) for d in docs)))' "$1"
}

frequencies() { # ranks, recorded CPU frequency and the program's last argument of every document, sorted
  /usr/bin/python3 -c '
import glob, json, sys
docs = [json.load(open(f)) for f in glob.glob(sys.argv[1] + "/*.json")]
print(" ".join(sorted("%d:%s:%s" % (d["resources"]["ranks"], d["resources"].get("cpu_frequency_khz", "-"),
                                    d["run"]["command_line"][-1]) for d in docs)))' "$1"
}

"$tally" run --output "$work/strong" --scales 1,2 --repeat 2 -- "$@" -np "{ranks}" "$imbalance" 5 2 \
  > /dev/null 2> "$work/stderr" || fail "the strong study failed"
grep -q "run 4 of 4 · 2 ranks · repetition 2 of 2" "$work/stderr" || fail "no progress line for the last run"
[ "$(summary "$work/strong")" = "1:1:strong 1:1:strong 2:1:strong 2:1:strong" ] || fail "strong: $(summary "$work/strong")"

"$tally" run --output "$work/weak" --scales 1,2 --sizes 5,10 -- "$@" -np "{ranks}" "$imbalance" "{size}" 2 \
  > /dev/null 2>&1 || fail "the weak study failed"
[ "$(summary "$work/weak")" = "1:1:weak 2:1:weak" ] || fail "weak: $(summary "$work/weak")"

"$tally" run --output "$work/failing" --scales 2,1 -- "$@" -np "{ranks}" "$abort_midway" > /dev/null 2> "$work/stderr"
status=$?
[ "$status" -ne 0 ] || fail "a failing run must fail the study"
grep -q "run 1 of 2 failed with exit code $status; the study stops here" "$work/stderr" || fail "no stop message"
[ -z "$(ls "$work/failing" 2>/dev/null)" ] || fail "the aborted run must leave no document"

"$tally" run --scales 1,2 -- "$@" -np 2 "$imbalance" > /dev/null 2>&1
[ $? -eq 2 ] || fail "a command without {ranks} must be a usage error"
# 2 scales × 2 frequencies, 2.4 GHz given with its unit: 2400000 kHz in the command and the document.
"$tally" run --output "$work/frequencies" --scales 1,2 --frequencies 2000000,2.4GHz -- "$@" -np "{ranks}" \
  "$imbalance" 5 2 "{frequency}" > /dev/null 2> "$work/stderr" || fail "the frequency study failed"
grep -q "run 4 of 4 · 2 ranks · 2400000 kHz · repetition 1 of 1" "$work/stderr" || fail "no frequency in the progress"
[ "$(frequencies "$work/frequencies")" = "1:2000000:2000000 1:2400000:2400000 2:2000000:2000000 2:2400000:2400000" ] ||
  fail "frequencies: $(frequencies "$work/frequencies")"

if [ "$hybrid" != - ]; then
  LD_PRELOAD="$libomp" "$tally" run --output "$work/threads" --scales 1,2 --threads 1,2 -- "$@" -np "{ranks}" \
    "$hybrid" 5 2 > /dev/null 2> "$work/stderr" || fail "the threads study failed"
  grep -q "run 4 of 4 · 2 ranks · 2 threads · repetition 1 of 1" "$work/stderr" || fail "no threads in the progress"
  [ "$(summary "$work/threads")" = "1:1:strong 1:2:strong 2:1:strong 2:2:strong" ] ||
    fail "threads: $(summary "$work/threads")"
fi
echo "scaling_study: strong, weak, threads and frequency studies, progress, failure and usage behave"
