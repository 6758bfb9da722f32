#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The CI pipeline end to end, with the scripts the GitLab and GitHub templates call. In a
# temporary git repository (a bare "server" and one fresh clone per CI job) the example MPI
# program of app/ gets five commits; the fourth makes rank r work 1 + r more units in region
# "solve". Each commit's job builds it with mpicc, fetches the history (the first job fails
# loudly until told to start a new one), runs the scaling study at 1, 2 and 4 ranks with 3
# repetitions, stores the history in the tally-history branch, builds the site and gates the
# commit against its parent. Checks: only the fourth commit fails the gate, with at most 3
# findings, one naming load balance in region solve, the site shows five commits and 45 runs, and the history
# branch holds every document.
# Usage: pipeline.sh TALLY PROJECT_SOURCE_DIR LIBTALLY INCLUDE_DIR MPICC MPIRUN...
# With TALLY_E2E_KEEP=FOLDER the site and the failing commit's gate report are kept there.
set -euo pipefail
tally="$1" project="$2" libtally="$3" include="$4" mpicc="$5"
shift 5
mpirun=("$@")
keep="${TALLY_E2E_KEEP:-}" # read before the TALLY_ variables are cleared below
here="$(cd "$(dirname "$0")" && pwd)"
ci="$project/ci"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "pipeline: FAILED: $*" >&2
  exit 1
}
started=$SECONDS

# A CI job of the machine running this test must not leak its commit or branch into ours.
for variable in $(compgen -e | grep -E '^(CI_|GITHUB_|GITLAB_|TALLY_)' || true); do unset "$variable"; done
export TALLY="$tally" GIT_CONFIG_NOSYSTEM=1 HOME="$work"
git config --global user.name "Pipeline Test" && git config --global user.email "pipeline@example.invalid"
git config --global init.defaultBranch main && git config --global advice.detachedHead false

git init -q --bare "$work/server.git"
git clone -q "$work/server.git" "$work/dev" 2> /dev/null
cp "$here/app/solve.c" "$here/app/tally-gate.toml" "$work/dev/"
commit() { # commit DAY MESSAGE: commits everything in dev/ on that day and pushes it
  (cd "$work/dev" && git add -A &&
    GIT_AUTHOR_DATE="2026-03-0$1T10:00:00Z" GIT_COMMITTER_DATE="2026-03-0$1T10:00:00Z" git commit -q -m "$2" &&
    git push -q origin main 2> /dev/null && git rev-parse HEAD)
}

ci_job() { # ci_job N: the job of the newest commit, in a fresh clone, as the templates run it
  local job="$work/job-$1" status=0
  git clone -q "$work/server.git" "$job" 2> /dev/null
  cd "$job"
  mkdir -p build && "$mpicc" -O2 -I"$include" solve.c -o build/solve -L"$(dirname "$libtally")" -ltally \
    -Wl,-rpath,"$(dirname "$libtally")"
  if [ "$1" = 1 ]; then # the first job: no history yet, which must stop the job until told
    if "$ci/tally-history.sh" fetch tally-history 2> "$work/first-fetch.err"; then
      fail "fetching a missing history must fail without TALLY_NEW_HISTORY=1"
    fi
    grep -q "THE RUN HISTORY COULD NOT BE FETCHED (absent): the branch tally-history does not exist" "$work/first-fetch.err" ||
      fail "no loud message for a missing history: $(cat "$work/first-fetch.err")"
    TALLY_NEW_HISTORY=1 "$ci/tally-history.sh" fetch tally-history 2> /dev/null
  else
    "$ci/tally-history.sh" fetch tally-history 2> "$job/fetch.err" || fail "job $1: fetch: $(cat "$job/fetch.err")"
  fi
  # As the templates give it: the command as one string, the study in variables.
  TALLY_STUDY_COMMAND="${mpirun[*]} -np {ranks} build/solve 3 6" TALLY_STUDY_SCALES=1,2,4 TALLY_STUDY_REPEAT=3 \
    TALLY_STUDY_EXPERIMENT=strong "$ci/tally-study.sh" --history tally-history > /dev/null 2> "$job/study.err" ||
    fail "job $1: study: $(cat "$job/study.err")"
  "$ci/tally-history.sh" store tally-history 2> "$job/store.err" || fail "job $1: store: $(cat "$job/store.err")"
  "$ci/tally-publish.sh" --history tally-history --output public 2> "$job/publish.err" ||
    fail "job $1: publish: $(cat "$job/publish.err")"
  "$ci/tally-gate.sh" --history tally-history --reports gate > "$job/gate.out" 2> "$job/gate.err" || status=$?
  echo "pipeline: commit $1 built, measured, published and gated (exit $status) after $((SECONDS - started)) s" >&2
  cd "$work"
  verdicts+=("$status")
}

verdicts=()
commit 1 "Example solver" > /dev/null && ci_job 1
printf '# Example solver\n' > "$work/dev/README.md" && commit 2 "Add a README" > /dev/null && ci_job 2
sed -i 's/checksum %.3f/checksum %.6f/' "$work/dev/solve.c" && parent="$(commit 3 "Print more digits")" && ci_job 3
sed -i 's/const int extra_units = 0;/const int extra_units = 1 + rank;/' "$work/dev/solve.c"
grep -q "extra_units = 1 + rank" "$work/dev/solve.c" || fail "the imbalance was not introduced"
imbalanced="$(commit 4 "Refine the solve step")" && ci_job 4
printf 'Run with mpirun.\n' >> "$work/dev/README.md" && commit 5 "Document the run" > /dev/null && ci_job 5

if [ "${verdicts[*]}" != "0 0 0 1 0" ]; then
  for job in 1 2 3 5; do sed -n "s/^regression: /commit $job: &/p" "$work/job-$job/gate.out" >&2; done
  fail "gate exit codes per commit: ${verdicts[*]} (expected 0 0 0 1 0)"
fi
report="$work/job-4/gate/gate.md"
grep -qi "regression" "$report" || fail "commit 4's report names no regression"
# One cause, one finding: at most 3 on the terminal and in the report's table, one naming load
# balance in solve.
findings="$(grep -c "^regression: " "$work/job-4/gate.out" || true)"
[ "$findings" -ge 1 ] && [ "$findings" -le 3 ] ||
  fail "commit 4 gives $findings regression findings, not 1 to 3: $(cat "$work/job-4/gate.out")"
grep -qE "^regression: strong: solve: .*MPI load balance" "$work/job-4/gate.out" ||
  fail "commit 4's findings name no load balance in solve: $(cat "$work/job-4/gate.out")"
[ "$(grep -cE '^\| regression \| [^|]+ \| .+ \| [0-9]+ \|$' "$report")" = "$findings" ] ||
  fail "commit 4's findings table differs from its terminal lines: $(grep "^| regression" "$report")"
# The attribution: solve's parallel efficiency at 4 ranks fell because of MPI load balance; setup is untouched.
grep -qE "solve @ [^:]*4 ranks[^:]*: parallel efficiency [^;]*; [0-9]+% from MPI parallel efficiency \([^)]*[0-9]{2,3}% MPI load balance\)" \
  "$report" || fail "commit 4's attribution names no load balance in solve: $(grep solve "$report")"
if sed -n '/^### Regressions/,/^### [^R]/p' "$report" | grep -q "setup @"; then fail "setup regressed too"; fi
grep -q "Candidate \`${imbalanced:0:12}\` (9 runs) against baseline \`${parent:0:12}\` (9 runs)" "$report" ||
  fail "commit 4 is not gated against its parent: $(grep Candidate "$report")"
grep -q "<failure" "$work/job-4/gate/gate.xml" || fail "commit 4's JUnit file has no failure"
[ -s "$work/job-4/gate/metrics.txt" ] || fail "commit 4 wrote no metrics report"
if grep -q "<failure" "$work/job-3/gate/gate.xml"; then fail "commit 3's JUnit file has a failure"; fi

site="$work/job-5/public"
grep -q "45 runs on 5 commits" "$site/main/index.html" || fail "the site does not show 45 runs on 5 commits"
grep -q 'href="main/' "$site/index.html" || fail "the branch index does not link the main branch"
stored="$(git --git-dir "$work/server.git" ls-tree -r --name-only tally-history | grep -c '\.json$')"
[ "$stored" = 45 ] || fail "the tally-history branch holds $stored documents, not 45"
echo "pipeline: 5 commits, only the fourth fails the gate (load balance in solve), site and history complete" \
  "in $((SECONDS - started)) s"
# The demo keeps the site and the fourth commit's gate report (TALLY_E2E_KEEP=folder).
if [ -n "$keep" ]; then
  rm -rf "$keep" && mkdir -p "$keep"
  cp -r "$site" "$keep/public"
  cp "$report" "$keep/gate-commit-4.md"
fi
