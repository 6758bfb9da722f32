#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The example GitHub workflow (ci/github/example-workflow.yml) and the composite action it uses,
# run by a simulated runner (github_runner.py: GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH and
# GITHUB_STEP_SUMMARY per step, an event file, if: and ${{ }} evaluated) on a user project with
# tally installed as a runner image has it. The workflow runs as written, except the two things a
# user changes: its toolchain install step (the image has the toolchain) and `uses:` of the action
# (the installed ci/github). Events, in order:
#   push of commit 1               no history yet: the fetch fails loudly (an ::error annotation),
#                                  nothing else runs, the job fails
#   workflow_dispatch, new-history the history starts; outputs, job summary, history branch, upload
#   push of commit 2               passes against commit 1
#   pull_request from a fork       gated A/B against its merge base (built in a second work tree,
#                                  both builds in pairs), no history fetched or stored, no Pages upload
#   push of commit 3 (imbalance)   the gate fails the job (exit 1), its report in the job summary;
#                                  the site is still built, stored and uploaded
# Usage: github_action.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build_dir="$1" source_dir="$2"
test_name="github_action"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
keep="${TALLY_CI_TEST_KEEP:-}" # a folder that receives the test's files, to look at them
trap 'if [ -n "$keep" ]; then mkdir -p "$keep" && cp -a "$work/." "$keep/"; fi; rm -rf "$work"' EXIT
started=$SECONDS
# shellcheck source-path=SCRIPTDIR source=user_project.sh
. "$here/user_project.sh"
# shellcheck source-path=SCRIPTDIR source=github_jobs.sh
. "$here/github_jobs.sh"
runner_arguments=(--replace-run "Install the toolchain and tally=echo 'the runner image has the toolchain, MPI and tally'")
workflow="$prefix/share/tally/ci/github/example-workflow.yml"
[ -f "$workflow" ] || fail "the install has no ci/github/example-workflow.yml"

new_project app
c1="$(commit 1 "Example solver")"
printf '# Example solver\n' > "$work/dev/README.md" && c2="$(commit 2 "Add a README")"

repository='"repository": {"full_name": "example/app", "name": "app", "default_branch": "main", "owner": {"login": "example"}}'

history_documents() { git --git-dir "$server" ls-tree -r --name-only tally-history 2> /dev/null | grep -c '\.json$' || true; }

printf '{"ref": "refs/heads/main", "after": "%s", %s}\n' "$c1" "$repository" > "$work/first.event.json"
job first push "$c1" refs/heads/main
check first 'r["conclusion"] == "failure" and steps["Fetch the run history"]["outcome"] == "failure"' \
  "the first push, without a history, must fail at the fetch"
check first '"::error title=tally history::the run history could not be fetched" in log and "THE RUN HISTORY COULD NOT BE FETCHED" in log' \
  "no loud message (and ::error annotation) for the missing history"
check first 'steps["Run the scaling study"]["outcome"] == "skipped" and steps["Gate"]["outcome"] == "skipped"' \
  "steps after the failed fetch must be skipped"
[ "$(history_documents)" = 0 ] || fail "the failed first job stored a history"

printf '{"ref": "refs/heads/main", "inputs": {"new-history": true}, %s}\n' "$repository" > "$work/start.event.json"
job start workflow_dispatch "$c1" refs/heads/main "" "" new-history=true
check start 'r["conclusion"] == "success" and r["exit_code"] == 0' "the workflow_dispatch with new-history failed"
check start 'steps["Build"].get("replaced") is False and steps["Install the toolchain and tally"]["replaced"]' \
  "only the toolchain install step may be replaced"
check start 'steps["Study, history, site and gate"]["with"]["new-history"] == "true" and steps["Study, history, site and gate"]["with"]["store-history"] == "true"' \
  "new-history and store-history are not passed as the workflow says"
check start 'steps["Study, history, site and gate"]["outputs"] == {"site-dir": "public", "gate-report": "tally-gate/gate.md"}' \
  "the action's outputs are wrong"
check start '"TALLY_NEW_HISTORY=1: starting a new, empty history" in log' "the new history was not announced"
check start 'len(uploads) == 1 and uploads[0]["with"]["path"] == "public"' "the default branch must upload public/"
[ "$(history_documents)" = 9 ] || fail "the history branch holds $(history_documents) documents after the first job, not 9"
[ -f "$work/ws-start/public/main/index.html" ] || fail "no site in public/main/"
cmp -s "$work/ws-start/tally-gate/gate.md" <(python3 -c 'import json,sys; sys.stdout.write(json.load(open(sys.argv[1]))["summary"])' "$work/start.json") ||
  fail "the job summary is not the gate's report"

printf '{"ref": "refs/heads/main", "before": "%s", "after": "%s", %s}\n' "$c1" "$c2" "$repository" > "$work/second.event.json"
job second push "$c2" refs/heads/main
check second 'r["conclusion"] == "success"' "commit 2 must pass the gate"
check second 'steps["Study, history, site and gate"]["with"]["new-history"] == "false"' "a push must not start a new history"
check second '"## tally gate" in r["summary"] and "9 runs) against baseline" in r["summary"]' "commit 2 is not gated against commit 1 in the job summary"
[ "$(history_documents)" = 18 ] || fail "the history branch holds $(history_documents) documents after commit 2, not 18"

# A pull request from a fork: GitHub checks out the merge commit refs/pull/1/merge.
(cd "$work/dev" && git checkout -q -b feature && printf 'A fork contributor was here.\n' >> README.md)
feature="$(commit 3 "Document the contributor")"
(cd "$work/dev" && git checkout -q --detach "$c2" && git merge -q --no-ff -m "Merge feature into main" feature &&
  git push -q origin "HEAD:refs/pull/1/merge" 2> /dev/null && git checkout -q main)
merge="$(git --git-dir "$server" rev-parse refs/pull/1/merge)"
printf '{"action": "synchronize", "number": 1, "pull_request": {"number": 1, "head": {"ref": "feature", "sha": "%s", "repo": {"full_name": "a-fork/app"}}, "base": {"ref": "main", "sha": "%s", "repo": {"full_name": "example/app"}}}, %s}\n' \
  "$feature" "$c2" "$repository" > "$work/fork.event.json"
job fork pull_request "$merge" refs/pull/1/merge feature main
check fork 'r["conclusion"] == "success"' "the pull request from a fork must pass the gate"
check fork 'steps["Study, history, site and gate"]["with"]["store-history"] == "false" and steps["Store the run history"]["outcome"] == "skipped"' \
  "a pull request from a fork must not store its runs"
check fork 'all(steps[s]["outcome"] == "skipped" for s in ("Fetch the run history", "Run the scaling study", "Gate")) and steps["A/B study against the merge base"]["outcome"] == "success"' \
  "a pull request must be gated A/B, without the history's steps"
check fork 'uploads == []' "a pull request must not upload the Pages site"
check fork "'against baseline \`$c2 (the same study\'s baseline, pair by pair)\`' in r['summary']" \
  "the pull request is not gated A/B against its merge base (commit 2)"
sides="$(grep -ho '"side": *"[a-z]*"' "$work/ws-fork/tally-ab/"*.json | sort | uniq -c | awk '{print $1 $NF}' | tr '\n' ' ')"
[ "$sides" = '15"baseline" 15"candidate" ' ] || fail "the pull request's A/B study: $sides, not 15 runs of each side"
[ "$(history_documents)" = 18 ] || fail "the fork's pull request changed the history branch"

imbalance
c3="$(commit 4 "Refine the solve step")"
printf '{"ref": "refs/heads/main", "before": "%s", "after": "%s", %s}\n' "$c2" "$c3" "$repository" > "$work/imbalanced.event.json"
job imbalanced push "$c3" refs/heads/main
check imbalanced 'r["conclusion"] == "failure" and r["exit_code"] == 1 and steps["Gate"]["exit_code"] == 1' \
  "the imbalanced commit must fail the job with the gate's exit code 1"
check imbalanced 'all(steps[s]["outcome"] == "success" for s in ("Fetch the run history", "Run the scaling study", "Store the run history", "Build the site"))' \
  "the steps before the gate must succeed on a regression"
check imbalanced '"regression" in r["summary"].lower() and "solve @" in r["summary"] and "load balance" in r["summary"]' \
  "the job summary does not report the regression in solve (load balance)"
check imbalanced 'len(uploads) == 1' "the site must still be uploaded when the gate fails (if: !cancelled())"
[ "$(history_documents)" = 27 ] || fail "the history branch holds $(history_documents) documents after commit 3, not 27"
grep -q "27 runs on 3 commits" "$work/ws-imbalanced/public/main/index.html" || fail "the site does not show 27 runs on 3 commits"

echo "github_action: the example workflow and the action ran 5 jobs (push, workflow_dispatch, pull_request from a" \
  "fork, regression): outputs, job summary, exit codes and history as expected in $((SECONDS - started)) s"
