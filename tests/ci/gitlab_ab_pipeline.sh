#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The GitLab template's A/B modes under gitlab-ci-local (gitlab_local.sh), on the user project of
# the docs with their `ab` variables (TALLY_AB: merge-requests, TALLY_GATE_CONFIRM: "1"):
#   merge requests (no history anywhere): a branch whose commit makes region setup three times as
#     long (2 → 6 units, Global +15 %): tally-ab builds the merge base in a second work tree, runs
#     both builds in pairs and fails naming setup; a branch whose commit changes only the README:
#     tally-ab passes. Neither pipeline runs the history's jobs.
#   confirm (branch pipelines with a history): the second commit's study runs on a "slower runner"
#     (every unit of work 4.5 ms instead of 3: each region 50 % slower, the code unchanged); the
#     history gate calls it a uniform slowdown, re-runs it A/B against the first commit on the same
#     runner, and passes; the third commit makes the code itself wait twice as long (every region
#     +33 % against the slower runner's history): uniform again, and A/B fails it.
# Checks: the job statuses, the study's pairs and sides in the A/B documents, the gate's reports.
# Usage: gitlab_ab_pipeline.sh BUILD_DIR SOURCE_DIR NPM_TOOLS_DIR
# Exit 77 (skipped) when Node is missing; the npm tools come from scripts/install-deps.sh.
set -euo pipefail
build_dir="$1" source_dir="$2" tools="$3"
test_name="gitlab_ab_pipeline"
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source-path=SCRIPTDIR source=gitlab_local.sh
. "$here/gitlab_local.sh"

new_project ab
python3 "$here/doc_snippets.py" "$source_dir" gitlab-ci "$work/dev/.gitlab-ci.yml" --with ab \
  --placeholder "https://<where tally lives>=http://127.0.0.1:$port/tally" ||
  fail "the .gitlab-ci.yml cannot be written from the docs' snippets"
base="$(commit 1 "Example solver")"
(cd "$work/dev" && git checkout -q -b slow-setup)
sed -i 's/local += compute_for(2 \* unit);/local += compute_for(6 * unit);/' "$work/dev/solve.c"
grep -q "compute_for(6 \* unit)" "$work/dev/solve.c" || fail "the slower setup was not introduced"
slow="$(commit 2 "Set up more carefully")"
(cd "$work/dev" && git checkout -q -b readme "$base")
printf '# Example solver\n' > "$work/dev/README.md"
same="$(commit 2 "Add a README")"

# study NAME SHA [--variable X=Y]...: a pipeline of the project at 1 and 2 ranks: 4 ranks on this
# test's 2 cores blur the uniform slowdown it needs, and cost a third more.
study() {
  local name="$1" sha="$2"
  shift 2
  pipeline "$name" ab "$sha" --variable TALLY_STUDY_SCALES=1,2 "$@"
}
# merge_request NAME BRANCH SHA: a merge request pipeline of BRANCH into main.
merge_request() {
  pipeline_branch="$2" study "$1" "$3" --variable CI_PIPELINE_SOURCE=merge_request_event \
    --variable CI_MERGE_REQUEST_IID=7 --variable CI_MERGE_REQUEST_TARGET_BRANCH_NAME=main \
    --variable "CI_MERGE_REQUEST_DIFF_BASE_SHA=$base"
}
# ab_reports NAME JOB: the A/B study's documents (both sides, 5 pairs at 2 scales) and the gate's
# reports in that job's artifacts.
ab_reports() {
  local dir sides
  dir="$(artifacts "$1" "$2")/tally-gate"
  [ -s "$dir/gate.md" ] && [ -s "$dir/gate.xml" ] && [ -s "$dir/verdict.env" ] ||
    show "$1" "the $2 job's artifacts lack gate.md, gate.xml or verdict.env"
  grep -q "^TALLY_VERDICT_BASELINE=$base$" "$dir/verdict.env" || show "$1" "the A/B study's baseline is not the merge base"
  sides="$(grep -ho '"side": *"[a-z]*"' "$work/$1/.gitlab-ci-local/builds/$2/tally-ab/"*.json | sort | uniq -c |
    awk '{print $1 $NF}' | tr '\n' ' ')"
  [ "$sides" = '10"baseline" 10"candidate" ' ] || show "$1" "the A/B study's documents: $sides, not 10 of each side"
  # The baseline's documents name the merge base, not the pipeline's commit.
  [ "$(grep -l "\"commit\": *\"$base\"" "$work/$1/.gitlab-ci-local/builds/$2/tally-ab/"*.json | wc -l)" = 10 ] ||
    show "$1" "not 10 of the A/B study's documents name the merge base $base"
  # ...and its branch, the merge request's target: the candidate's is the merge request's own.
  [ "$(grep -l '"branch": *"main"' "$work/$1/.gitlab-ci-local/builds/$2/tally-ab/"*.json | wc -l)" = 10 ] ||
    show "$1" "not 10 of the A/B study's documents name the target branch main"
}

merge_request ab-slow slow-setup "$slow"
expect ab-slow tally-build=PASS tally-ab=FAIL
grep -qE "^ (PASS|FAIL) +(tally-study|pages|tally-gate) *$" "$work/ab-slow.log" &&
  show ab-slow "a history job ran in an A/B merge request pipeline"
ab_reports ab-slow tally-ab
gate="$(artifacts ab-slow tally-ab)/tally-gate"
grep -q "<failure" "$gate/gate.xml" || show ab-slow "the JUnit report has no failure"
grep -q "> regression: scaling: setup: elapsed time" "$work/ab-slow.log" || show ab-slow "no regression finding names setup"
grep -q "TALLY_GITLAB_TOKEN is not set: no note posted" "$work/ab-slow.log" || show ab-slow "the note was not tried"

merge_request ab-same readme "$same"
expect ab-same tally-build=PASS tally-ab=PASS
ab_reports ab-same tally-ab
grep -q "<failure" "$(artifacts ab-same tally-ab)/tally-gate/gate.xml" && show ab-same "the JUnit report has a failure"

# ---------------------------------------------------------------- confirm: a history on a slower runner
(cd "$work/dev" && git checkout -q main && git merge -q --ff-only readme && git push -q origin main 2> /dev/null)
study confirm-1 "$base" --variable TALLY_NEW_HISTORY=1
expect confirm-1 tally-build=PASS tally-study=PASS pages=PASS tally-gate=PASS
deploy confirm-1
study confirm-2 "$same" --variable "TALLY_STUDY_COMMAND=mpirun -np {ranks} {program} 4.5"
expect confirm-2 tally-build=PASS tally-study=PASS pages=PASS tally-gate=PASS
deploy confirm-2
gate="$(artifacts confirm-2 tally-gate)/tally-gate"
# The baseline alone as history: one job a side, nothing to tell its state (or the runner's) from the
# code, so the slowdown is inconclusive.
grep -qE "^TALLY_VERDICT_CONFIRM=(uniform|one_job)$" "$gate/history/verdict.env" &&
  grep -q "^TALLY_VERDICT=inconclusive$" "$gate/history/verdict.env" ||
  show confirm-2 "the history's verdict is not inconclusive asking for an A/B confirmation of one job's slowdown"
grep -q "confirming it A/B against ${base:0:12}" "$work/confirm-2.log" || show confirm-2 "no A/B confirmation ran"
grep -q "^TALLY_VERDICT=pass$" "$gate/verdict.env" && grep -q "^TALLY_VERDICT_BASELINE=$base$" "$gate/verdict.env" ||
  show confirm-2 "the job's verdict.env is not the A/B study's pass against the first commit"
grep -q "<failure" "$gate/gate.xml" && show confirm-2 "the job's JUnit report is not the A/B study's pass"
grep -qE "^\*\*The history's verdict \(inconclusive: (uniform|one_job)\) was re-run A/B" "$gate/gate.md" ||
  show confirm-2 "gate.md does not open with the confirmation"

# The code itself twice as slow everywhere: the history again sees a uniform slowdown, and the A/B
# study confirms it as the code's.
(cd "$work/dev" && git checkout -q main)
sed -i 's/(long)(seconds \* 1e9)/(long)(seconds * 2e9)/' "$work/dev/solve.c"
grep -q "seconds \* 2e9" "$work/dev/solve.c" || fail "the slower code was not introduced"
slower="$(commit 3 "Wait twice as long")"
study confirm-3 "$slower"
expect confirm-3 tally-build=PASS tally-study=PASS pages=PASS tally-gate=FAIL
gate="$(artifacts confirm-3 tally-gate)/tally-gate"
grep -qE "^TALLY_VERDICT_CONFIRM=(uniform|one_job)$" "$gate/history/verdict.env" ||
  show confirm-3 "the history's verdict does not ask for an A/B confirmation of a uniform slowdown"
grep -q "^TALLY_VERDICT=regression$" "$gate/verdict.env" && grep -q "^TALLY_VERDICT_BASELINE=$same$" "$gate/verdict.env" ||
  show confirm-3 "the job's verdict.env is not the A/B study's regression against the second commit"
grep -q "<failure" "$gate/gate.xml" || show confirm-3 "the job's JUnit report has no failure"

echo "$test_name: 2 A/B merge request pipelines (setup slower: red naming it; README only: green) and a" \
  "history on a slower runner confirmed A/B (green), the code slower everywhere confirmed A/B (red), in $((SECONDS - started)) s"
