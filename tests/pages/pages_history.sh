#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# `tally pages --repo` orders commits by the branch's first-parent history, not by date: in a
# repository with a merged feature branch and a rebased commit dated before its parent, the site
# shows main's commits in graph order and lists the feature commit as not on the branch.
# Usage: pages_history.sh TALLY EXAMPLE_DOCUMENT
set -euo pipefail
tally="$1" example="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
repo="$work/repo"
git init -q -b main "$repo"
git -C "$repo" config user.name "Test" && git -C "$repo" config user.email "test@example.invalid"

commit() { # commit MESSAGE DATE
  GIT_AUTHOR_DATE="$2" GIT_COMMITTER_DATE="$2" git -C "$repo" commit -q --allow-empty -m "$1"
  git -C "$repo" rev-parse HEAD
}
c1="$(commit "first" "2026-01-01T10:00:00Z")"
c2="$(commit "second" "2026-01-02T10:00:00Z")"
git -C "$repo" checkout -q -b feature
f1="$(commit "feature work" "2026-01-03T10:00:00Z")"
git -C "$repo" checkout -q main
c3="$(commit "third" "2026-01-04T10:00:00Z")"
GIT_AUTHOR_DATE="2026-01-05T10:00:00Z" GIT_COMMITTER_DATE="2026-01-05T10:00:00Z" \
  git -C "$repo" merge -q --no-ff -m "merge feature" feature
m="$(git -C "$repo" rev-parse HEAD)"
rebased="$(commit "rebased, dated before its parent" "2025-12-31T10:00:00Z")"

# One run per commit, from the example document; each carries its commit's date.
/usr/bin/python3 - "$example" "$work/runs" "$c1" 2026-01-01T10:00:00Z "$c2" 2026-01-02T10:00:00Z \
  "$f1" 2026-01-03T10:00:00Z "$c3" 2026-01-04T10:00:00Z "$m" 2026-01-05T10:00:00Z \
  "$rebased" 2025-12-31T10:00:00Z <<'PYTHON'
import json, os, sys
example, folder, pairs = sys.argv[1], sys.argv[2], sys.argv[3:]
os.makedirs(folder)
for i in range(0, len(pairs), 2):
    document = json.load(open(example))
    document["run"]["id"] = "run-%d" % i
    document["source"]["commit"] = pairs[i]
    document["source"]["commit_time"] = pairs[i + 1]
    json.dump(document, open(os.path.join(folder, "run-%d.json" % i), "w"))
PYTHON

"$tally" pages --input "$work/runs" --repo "$repo" --branch main --output "$work/public"

/usr/bin/python3 - "$work/public/main" "${c1:0:7}" "${c2:0:7}" "${c3:0:7}" "${m:0:7}" "${rebased:0:7}" "${f1:0:7}" <<'PYTHON'
import glob, sys
site, expected, feature = sys.argv[1], sys.argv[2:7], sys.argv[7]
index = open(site + "/index.html").read()
assert "6 runs on 5 commits" in index, "index should count 5 commits on main"
newest = index.split("Newest commit")[1][:400]
assert expected[-1] in newest, "the newest commit is the rebased one, whatever its date"
off_branch = index.split("not in this branch")[1][:2000]
assert feature in off_branch, "the feature commit is listed as not on the branch"
region = open(glob.glob(site + "/*/Global.html")[0]).read().split("Evolution along the commits")[1]
positions = [region.find(sha) for sha in expected]
assert all(p >= 0 for p in positions), "every commit of main appears on the region page"
assert positions == sorted(positions), "commits appear in first-parent order: %s" % positions
print("pages_history: 5 commits in first-parent order, feature commit off the branch")
PYTHON
