#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# ci/tally-history.sh never loses the history silently: no repository or no remote to fetch from
# fails naming what to set; an unreadable remote fails the fetch
# loudly (exit 1), TALLY_NEW_HISTORY=1 or not (only =discard replaces it); store creates the tally-history branch, and when
# another job pushed to it in between (a pre-push hook pushes first) it fetches again and retries,
# keeping both jobs' documents, which the job's folder then holds for its site; the url form round-trips through a .tar.gz and prunes the
# branches it is told to before storing.
# Usage: history_store.sh TALLY PROJECT_SOURCE_DIR EXAMPLE_DOCUMENT
set -euo pipefail
tally="$1" project="$2" example="$3"
history_script="$project/ci/tally-history.sh"
test_name="history_store"
# shellcheck source-path=SCRIPTDIR source=ci_test_setup.sh
. "$(dirname "$0")/ci_test_setup.sh"
export TALLY="$tally" GIT_CONFIG_NOSYSTEM=1 HOME="$work" TALLY_HISTORY_RETRIES=3
git config --global user.name "Test" && git config --global user.email "test@example.invalid"
git config --global init.defaultBranch main

git init -q --bare "$work/server.git"
git clone -q "$work/server.git" "$work/job" 2> /dev/null
git -C "$work/job" commit -q --allow-empty -m "first" && git -C "$work/job" push -q origin main 2> /dev/null
commit="$(git -C "$work/job" rev-parse HEAD)"

documents() { # documents FOLDER BRANCH COMMIT TIME N: N documents of one commit
  /usr/bin/python3 - "$example" "$@" <<'PYTHON'
import json, os, sys
example, folder, branch, commit, time, count = sys.argv[1:7]
target = os.path.join(folder, branch.replace("/", "%2F"), commit)
os.makedirs(target, exist_ok=True)
for i in range(int(count)):
    document = json.load(open(example))
    document["run"]["id"] = "%s-%s-%d" % (branch, commit[:7], i)
    document["source"].update(commit=commit, branch=branch, commit_time=time)
    json.dump(document, open(os.path.join(target, "run-%d.json" % i), "w"))
PYTHON
}
stored() { git --git-dir "$work/server.git" ls-tree -r --name-only tally-history | grep -c '\.json$' || true; }

# No history location (a job without a checkout of the repository, a repository without the remote
# origin): the fetch fails naming what is missing and what to set; TALLY_NEW_HISTORY=1 goes on.
mkdir -p "$work/plain" && git init -q "$work/no-remote"
for case in "plain:is not a git repository: check out the project's repository first (actions/checkout" \
  "no-remote:has no remote 'origin' (TALLY_HISTORY_REMOTE): set TALLY_HISTORY_REMOTE to a remote name or URL"; do
  status=0
  TALLY_REPO="$work/${case%%:*}" "$history_script" fetch "$work/h0" 2> "$work/err" || status=$?
  [ "$status" = 1 ] || fail "fetch without a location (${case%%:*}) exits $status, not 1"
  grep -qF "THE RUN HISTORY COULD NOT BE FETCHED (no location): " "$work/err" && grep -qF "${case#*:}" "$work/err" ||
    fail "fetch without a location (${case%%:*}): cause or fix not named: $(cat "$work/err")"
  TALLY_NEW_HISTORY=1 TALLY_REPO="$work/${case%%:*}" "$history_script" fetch "$work/h0" 2> /dev/null ||
    fail "fetch without a location (${case%%:*}): TALLY_NEW_HISTORY=1 must let the job go on"
done

# An unreachable remote: loud failure, also with TALLY_NEW_HISTORY=1 (meant for a history that is
# not there), unless TALLY_NEW_HISTORY=discard says to replace it.
cd "$work/job"
for new_history in 0 1; do
  status=0
  TALLY_NEW_HISTORY=$new_history TALLY_HISTORY_REMOTE="$work/no-such-server.git" "$history_script" fetch "$work/h1" \
    2> "$work/err" || status=$?
  [ "$status" = 1 ] || fail "fetch from an unreachable remote exits $status, not 1 (TALLY_NEW_HISTORY=$new_history)"
  grep -q "THE RUN HISTORY COULD NOT BE FETCHED (unreachable)" "$work/err" || fail "no loud message: $(cat "$work/err")"
done
TALLY_NEW_HISTORY=discard TALLY_HISTORY_REMOTE="$work/no-such-server.git" "$history_script" fetch "$work/h1" 2> /dev/null ||
  fail "TALLY_NEW_HISTORY=discard must let the job go on"

# The first store creates the branch.
documents "$work/h1" main "$commit" 2026-01-01T00:00:00Z 3
"$history_script" store "$work/h1" 2> "$work/err" || fail "first store: $(cat "$work/err")"
[ "$(stored)" = 3 ] || fail "the new branch holds $(stored) documents, not 3"

# Another job pushes to tally-history while this one stores: the push is refused once, retried.
git clone -q -b tally-history "$work/server.git" "$work/other" 2> /dev/null
documents "$work/other" feature "$commit" 2026-01-02T00:00:00Z 2
git -C "$work/other" add -A && git -C "$work/other" commit -q -m "the other job's runs"
cat > .git/hooks/pre-push <<EOF
#!/bin/sh
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_PREFIX
[ -e "$work/pushed-first" ] && exit 0
touch "$work/pushed-first"
git -C "$work/other" push -q origin HEAD:refs/heads/tally-history 2> /dev/null
EOF
chmod +x .git/hooks/pre-push
documents "$work/h1" main "$commit" 2026-01-01T00:00:00Z 5
"$history_script" store "$work/h1" 2> "$work/err" || fail "store after a concurrent push: $(cat "$work/err")"
grep -q "refused (attempt 1 of 3)" "$work/err" || fail "the concurrent push was not noticed: $(cat "$work/err")"
[ "$(stored)" = 7 ] || fail "after the retry the branch holds $(stored) documents, not 5 + 2"
[ "$(find "$work/h1" -name '*.json' | wc -l)" = 7 ] || fail "the other job's 2 documents are not in the job's folder for its site"
rm .git/hooks/pre-push

# Fetching gives both jobs' documents back, next to what the folder holds already.
mkdir -p "$work/h2/kept" && echo '{}' > "$work/h2/kept/local.txt"
"$history_script" fetch "$work/h2" 2> /dev/null || fail "fetch of the stored history failed"
[ "$(find "$work/h2" -name '*.json' | wc -l)" = 7 ] && [ -f "$work/h2/kept/local.txt" ] ||
  fail "fetch gave $(find "$work/h2" -name '*.json' | wc -l) documents, or removed a file"

# The url form (GitLab: the previous Pages site), pruning feature branches to their newest commit.
documents "$work/h2" feature 1111111111111111111111111111111111111111 2025-12-01T00:00:00Z 2
TALLY_HISTORY_SOURCE=url TALLY_HISTORY_ARCHIVE="$work/site/tally-history.tar.gz" TALLY_HISTORY_KEEP_BRANCHES=main \
  TALLY_HISTORY_KEEP_COMMITS=1 "$history_script" store "$work/h2" 2> "$work/err" || fail "url store: $(cat "$work/err")"
TALLY_HISTORY_SOURCE=url TALLY_HISTORY_URL="file://$work/site/tally-history.tar.gz" "$history_script" fetch "$work/h3" \
  2> "$work/err" || fail "url fetch: $(cat "$work/err")"
[ "$(find "$work/h3" -name '*.json' | wc -l)" = 7 ] || fail "url round trip: $(find "$work/h3" -name '*.json' | wc -l) of 7"
[ ! -e "$work/h3/feature/1111111111111111111111111111111111111111" ] || fail "the older feature commit was not pruned"
status=0
TALLY_HISTORY_SOURCE=url TALLY_HISTORY_URL="file://$work/site/missing.tar.gz" "$history_script" fetch "$work/h4" \
  2> "$work/err" || status=$?
[ "$status" = 1 ] && grep -q "COULD NOT BE FETCHED" "$work/err" || fail "a missing archive exits $status"
echo "history_store: loud failures, new branch, concurrent push retried, url round trip with pruning"
