#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# `tally prune` keeps the branches named with --keep-branch whole and the newest N commits of the
# others: by commit time without a repository, by first-parent order with --repo (a rebased commit
# dated before its parent is still the newest); --dry-run lists and removes nothing; folders left
# empty go, others stay; a missing folder or branch list is a usage error (exit 2).
# Usage: prune_history.sh TALLY EXAMPLE_DOCUMENT
set -euo pipefail
tally="$1" example="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "prune_history: FAILED: $*" >&2
  exit 1
}
export GIT_CONFIG_NOSYSTEM=1 HOME="$work"
git config --global user.name "Test" && git config --global user.email "test@example.invalid"
repo="$work/repo"
git init -q -b main "$repo"
commit() { # commit DATE MESSAGE: prints the new commit's id
  GIT_AUTHOR_DATE="$1" GIT_COMMITTER_DATE="$1" git -C "$repo" commit -q --allow-empty -m "$2"
  git -C "$repo" rev-parse HEAD
}
m1="$(commit 2026-01-01T00:00:00Z m1)" m2="$(commit 2026-01-02T00:00:00Z m2)" m3="$(commit 2026-01-03T00:00:00Z m3)"
git -C "$repo" checkout -q -b feature/x
f1="$(commit 2026-01-04T00:00:00Z f1)" f2="$(commit 2026-01-05T00:00:00Z f2)"
f3="$(commit 2026-01-06T00:00:00Z f3)" f4="$(commit 2025-12-01T00:00:00Z "f4, rebased: dated before its parent")"

# Two documents per commit, in <branch>/<commit>/ folders (feature/x written feature%2Fx).
/usr/bin/python3 - "$example" "$work/history" main "$m1" 2026-01-01T00:00:00Z main "$m2" 2026-01-02T00:00:00Z \
  main "$m3" 2026-01-03T00:00:00Z feature/x "$f1" 2026-01-04T00:00:00Z feature/x "$f2" 2026-01-05T00:00:00Z \
  feature/x "$f3" 2026-01-06T00:00:00Z feature/x "$f4" 2025-12-01T00:00:00Z <<'PYTHON'
import json, os, sys
example, history, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
for i in range(0, len(rest), 3):
    branch, commit, time = rest[i:i + 3]
    folder = os.path.join(history, branch.replace("/", "%2F"), commit)
    os.makedirs(folder)
    for repetition in range(2):
        document = json.load(open(example))
        document["run"]["id"] = "%s-%d" % (commit[:7], repetition)
        document["source"].update(commit=commit, branch=branch, commit_time=time)
        json.dump(document, open(os.path.join(folder, "run-%d.json" % repetition), "w"))
PYTHON
count() { find "$work/history/$1" -name '*.json' | wc -l; }
present() { [ -d "$work/history/$1/$2" ]; }

# Without a repository, by commit time: f4 (dated 2025) is the oldest, so f3 and f2 are kept.
"$tally" prune --input "$work/history" --keep-branch main --keep-commits 2 --dry-run > "$work/listed" 2> "$work/stderr"
[ "$(wc -l < "$work/listed")" = 4 ] || fail "dry run lists $(wc -l < "$work/listed") documents, expected 4"
grep -q "$f1/run-0.json" "$work/listed" && grep -q "$f4/run-1.json" "$work/listed" || fail "dry run lists: $(cat "$work/listed")"
grep -q "branch feature/x: 4 commits, the newest 2 kept, 2 (4 documents) would be removed" "$work/stderr" ||
  fail "dry-run summary: $(cat "$work/stderr")"
[ "$(count feature%2Fx)" = 8 ] || fail "the dry run removed documents"

# With the repository: f4 is the newest of feature/x; f3 and f4 are kept, f1 and f2 go.
"$tally" prune --input "$work/history" --keep-branch main --keep-commits 2 --repo "$repo" > /dev/null 2> "$work/stderr" ||
  fail "prune with --repo failed: $(cat "$work/stderr")"
present feature%2Fx "$f4" && present feature%2Fx "$f3" || fail "the two newest feature commits in git order are gone"
! present feature%2Fx "$f1" && ! present feature%2Fx "$f2" || fail "older feature commits are left (or their folders)"
[ "$(count main)" = 6 ] || fail "the kept branch lost documents: $(count main) of 6"

# Keeping no commit of other branches leaves the kept branch alone.
"$tally" prune --input "$work/history" --keep-branch main --keep-commits 0 > /dev/null 2>&1
[ ! -d "$work/history/feature%2Fx" ] && [ "$(count main)" = 6 ] || fail "--keep-commits 0 did not empty feature/x only"

status=0
"$tally" prune --input "$work/no-such-folder" --keep-branch main > /dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "a missing folder exits $status, not 2"
status=0
"$tally" prune --input "$work/history" > /dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "no --keep-branch exits $status, not 2"
echo "prune_history: time and first-parent order, dry run, kept branches and usage errors behave"
