#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# `tally gate --repo`: revisions resolved with git. In a repository where main has the baseline
# commit and a feature branch the candidate (whose runs lose 10% load balance in one region):
# explicit revisions, two baseline commits pooled along the first-parent history (--history 2),
# and a merge request's default baseline (the merge base with its target branch) all find the
# regression (exit 1).
# Usage: gate_with_repository.sh TALLY RUNS_FOLDER (runs 1-5: baseline, 6-10: candidate, 11-25: three
# commits before the baseline, five each)
set -uo pipefail
tally="$1" runs="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
repo="$work/repo"
git init -q -b main "$repo"
git -C "$repo" config user.name "Test" && git -C "$repo" config user.email "test@example.invalid"
commit() { GIT_AUTHOR_DATE="$1" GIT_COMMITTER_DATE="$1" git -C "$repo" commit -q --allow-empty -m "$2"; }
history=()
for day in 28 29 30; do
  commit "2025-12-${day}T00:00:00Z" "history $day"
  history+=("$(git -C "$repo" rev-parse HEAD)")
done
commit 2025-12-31T00:00:00Z "older baseline"
older="$(git -C "$repo" rev-parse HEAD)"
commit 2026-01-01T00:00:00Z "baseline"
base="$(git -C "$repo" rev-parse HEAD)"
git -C "$repo" checkout -q -b feature
commit 2026-01-02T00:00:00Z "candidate"
candidate="$(git -C "$repo" rev-parse HEAD)"
git -C "$repo" checkout -q main
commit 2026-01-03T00:00:00Z "main moves on, without runs"

# The test runs, moved onto the repository's commits; the candidate's are a merge request into main.
# Runs 1-2 are on the older baseline commit, 3-5 on the baseline, 11-25 on the three commits before.
/usr/bin/python3 - "$runs" "$work/runs" "$base" "$candidate" "$older" "${history[@]}" <<'PYTHON'
import json, os, sys
source, target, base, candidate, older = sys.argv[1:6]
history = sys.argv[6:9]
os.makedirs(target)
for i in range(1, 26):
    document = json.load(open(os.path.join(source, "run%d.json" % i)))
    if i > 10:
        document["source"].update(commit=history[(i - 11) // 5], branch="main", is_merge_request=False)
    elif i <= 5:
        document["source"].update(commit=older if i <= 2 else base, branch="main", is_merge_request=False)
    else:
        document["source"].update(commit=candidate, branch="feature", is_merge_request=True, target_branch="main")
    json.dump(document, open(os.path.join(target, "run%d.json" % i), "w"))
PYTHON

expect() { # expect EXIT_CODE STDERR_PATTERN ARGUMENTS...
  local code="$1" pattern="$2"
  shift 2
  "$tally" gate --input "$work/runs" --repo "$repo" "$@" 2> "$work/stderr" >/dev/null
  local status=$?
  if [ "$status" -ne "$code" ] || ! grep -q -- "$pattern" "$work/stderr"; then
    echo "gate_with_repository: '$*' exited $status (expected $code), stderr:" >&2
    cat "$work/stderr" >&2
    exit 1
  fi
}
expect 1 "regression" --candidate feature --baseline main~1
expect 1 "against 2 commits from ${base:0:7}[0-9a-f]* (5 runs)" --candidate feature --baseline main~1 --history 2
expect 1 "merge base" --candidate feature
expect 2 "no-such-branch" --candidate no-such-branch
echo "gate_with_repository: revisions, merge-request baseline and unknown revisions behave"
