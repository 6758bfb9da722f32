#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs measured outside CI name no branch: `tally pages --repo` publishes them as `local`, ordered
# along the repository's checked-out history (HEAD), not refused for want of a branch 'local'.
# The second commit is dated before the first (a rebase), so only git's order makes it the newest.
# Usage: pages_unnamed_branch.sh TALLY PROJECT_DIR EXAMPLE_DOCUMENT
set -euo pipefail
tally="$1" example="$3"
test_name="pages_unnamed_branch"
# shellcheck source-path=SCRIPTDIR source=ci_test_setup.sh
. "$(dirname "$0")/ci_test_setup.sh"
export GIT_CONFIG_NOSYSTEM=1 HOME="$work"
repo="$work/repo"
git init -q -b work "$repo"
commit() { # commit DATE MESSAGE: prints the new commit's id
  GIT_AUTHOR_DATE="$1" GIT_COMMITTER_DATE="$1" git -C "$repo" -c user.name=Test -c user.email=test@example.invalid \
    commit -q --allow-empty -m "$2"
  git -C "$repo" rev-parse HEAD
}
first="$(commit 2026-01-02T00:00:00Z first)" second="$(commit 2026-01-01T00:00:00Z second)"

/usr/bin/python3 - "$example" "$work/runs" "$first" 2026-01-02T00:00:00Z "$second" 2026-01-01T00:00:00Z <<'PYTHON'
import json, os, sys
example, runs, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
os.makedirs(runs)
for i in range(0, len(rest), 2):
    commit, time = rest[i:i + 2]
    document = json.load(open(example))
    document["run"]["id"] = commit[:7]
    document["source"] = {"commit": commit, "branch": "", "commit_time": time, "is_merge_request": False}
    json.dump(document, open(os.path.join(runs, commit[:7] + ".json"), "w"))
PYTHON

"$tally" pages --input "$work/runs" --output "$work/site" --repo "$repo" 2> "$work/stderr" ||
  fail "tally pages refused runs without a branch: $(cat "$work/stderr")"
page="$work/site/local/commits/$second.html"
[ -f "$page" ] || fail "no page of the newest commit under local/: $(find "$work/site" -name '*.html' | head)"
grep -q "<p>second " "$page" || fail "the commit page has not the commit's title from git"
grep -q "previous <a href=\"../commits/$first.html\">" "$page" ||
  fail "the commit before the newest is not the first commit in git's order"
