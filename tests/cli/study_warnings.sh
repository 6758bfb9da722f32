#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A study says each warning about the machine or the setup once, not once per run (issue #48): 2
# scales × 3 repetitions with a malformed option (TALLY_SUMMARY=perhaps) say its warning once, and
# "hardware counters unavailable" as often as one run says it: once on a machine without PMU (this
# one: `perf stat -e instructions` says <not supported>), never where counters work. A warning that
# differs between runs is said by each run that meets it, one about the run itself (no document
# written) by every run; without a study (`tally run` alone, a program under LD_PRELOAD) every run
# says its warnings. The study's file of said warnings is removed at the end; one the user names is
# used and kept, and one that does not exist is never created (every run then says its warnings).
# Usage: study_warnings.sh TALLY LIBTALLY PROGRAM (LIBTALLY under sanitizers: the runtime first,
# colon-separated; PROGRAM: tests/cli/does_nothing.c)
set -euo pipefail
tally="$1" library="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "study_warnings: FAILED: $*" >&2
  exit 1
}
for variable in $(compgen -e | grep -E '^TALLY_' || true); do unset "$variable"; done
export TMPDIR="$work/tmp" TALLY_LIBRARY="$library" TALLY_OUTPUT="$work/runs"
mkdir -p "$TMPDIR"
# A measured program (not a launcher, not a script) that keeps stderr open to its end, and loads
# nothing but libc. (cmake -E true, tried first, hangs at exit with the sanitizer build of the
# profiler preloaded: libp11-kit's destructor waits in freelocale on glibc's locale lock; neither
# with AddressSanitizer alone nor with the normal build. Not understood yet.)
program=("$3")
config="TALLY_SUMMARY=perhaps is not on or off"
counters="hardware counters unavailable"
count() { grep -cF -- "$1" "$2" || true; } # count TEXT FILE: the lines of FILE that hold TEXT

# What one run says about counters, by itself: 0 or 1 line.
TALLY_SUMMARY=perhaps "$tally" run -- "${program[@]}" 2> "$work/one" || fail "one run: $(cat "$work/one")"
per_run="$(count "$counters" "$work/one")"
[ "$(count "$config" "$work/one")" = 1 ] || fail "one tally run does not say its option warning: $(cat "$work/one")"
if perf stat -e instructions true 2>&1 | grep -q "<not supported>"; then
  [ "$per_run" = 1 ] || fail "no PMU here, and one run does not say so: $(cat "$work/one")"
fi

TALLY_SUMMARY=perhaps "$tally" run --scales 1,2 --repeat 3 -- "${program[@]}" '{ranks}' 2> "$work/study" ||
  fail "study: $(cat "$work/study")"
[ "$(count "run 6 of 6" "$work/study")" = 1 ] || fail "the study did not make 6 runs: $(cat "$work/study")"
[ "$(count "$config" "$work/study")" = 1 ] ||
  fail "6 runs said the option warning $(count "$config" "$work/study") times, not once: $(cat "$work/study")"
[ "$(count "$counters" "$work/study")" = "$per_run" ] ||
  fail "6 runs said '$counters' $(count "$counters" "$work/study") times, not $per_run: $(cat "$work/study")"
[ -z "$(ls -A "$TMPDIR")" ] || fail "the study left its file of said warnings: $(ls -A "$TMPDIR")"

# A warning whose text differs between scales: each said once, by the first run of its scale.
"$tally" run --scales 1,2 --repeat 2 -- env TALLY_RANKS_PER_NODE=x'{ranks}' "${program[@]}" 2> "$work/scales" ||
  fail "study of two warnings: $(cat "$work/scales")"
for scale in 1 2; do
  [ "$(count "TALLY_RANKS_PER_NODE=x$scale is not" "$work/scales")" = 1 ] ||
    fail "the warning of scale $scale is not said once: $(cat "$work/scales")"
done

# A warning about the run itself: said by each of the 4 runs (each writes no document).
touch "$work/not-a-folder"
"$tally" run --output "$work/not-a-folder/runs" --scales 1,2 --repeat 2 -- "${program[@]}" '{ranks}' 2> "$work/output" ||
  fail "study without an output folder: $(cat "$work/output")"
[ "$(count "no run document written" "$work/output")" = 4 ] ||
  fail "4 runs without an output folder did not each say so: $(cat "$work/output")"

# No study: each run says its warnings, under tally run and under LD_PRELOAD.
for _ in 1 2; do
  TALLY_SUMMARY=perhaps "$tally" run -- "${program[@]}" 2>> "$work/single"
  TALLY_SUMMARY=perhaps LD_PRELOAD="$library" "${program[@]}" 2>> "$work/preload"
done
[ "$(count "$config" "$work/single")" = 2 ] || fail "2 tally runs did not each warn: $(cat "$work/single")"
[ "$(count "$config" "$work/preload")" = 2 ] || fail "2 runs under LD_PRELOAD did not each warn: $(cat "$work/preload")"
[ "$(count "$counters" "$work/preload")" = $((2 * per_run)) ] || fail "2 runs under LD_PRELOAD: $(cat "$work/preload")"

# A file the user names: shared by two studies, the second says nothing again, and it is kept.
touch "$work/said"
for study in first second; do
  TALLY_SAID_WARNINGS="$work/said" TALLY_SUMMARY=perhaps "$tally" run --scales 1,2 -- "${program[@]}" '{ranks}' \
    2> "$work/$study" || fail "$study study with a named file: $(cat "$work/$study")"
done
[ "$(count "$config" "$work/first")" = 1 ] && [ "$(count "$config" "$work/second")" = 0 ] ||
  fail "two studies of one named file: $(cat "$work/first" "$work/second")"
grep -qxF "$(grep -F "$config" "$work/first" | sed 's/^tally: //')" "$work/said" ||
  fail "the named file does not hold the warning said: $(cat "$work/said")"
# A named file that does not exist: never created, so every run says its warnings.
TALLY_SAID_WARNINGS="$work/none/said" TALLY_SUMMARY=perhaps "$tally" run --scales 1,2 -- "${program[@]}" '{ranks}' \
  2> "$work/missing" || fail "study with a missing file: $(cat "$work/missing")"
[ "$(count "$config" "$work/missing")" = 2 ] && [ ! -e "$work/none" ] ||
  fail "a missing file of said warnings: $(cat "$work/missing")"
echo "study_warnings: a study of 6 runs said the option warning once and '$counters' $per_run time(s);" \
  "warnings that differ, warnings about one run and runs outside a study are each said"
