#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# ci/tally-publish.sh fails the job (non-zero, a message naming the branch) when the site of a
# branch cannot be built, here because its only document is broken, and leaves the previously
# published output byte-identical, with no staging folder beside it (the new site is built beside
# and swapped in only when whole). A history of valid documents publishes with exit 0, so the
# failure is the broken one's; a publish killed midway leaves the output as it was too.
# Usage: publish_failure.sh TALLY PROJECT_SOURCE_DIR EXAMPLE_DOCUMENT
set -euo pipefail
tally="$1" project="$2" example="$3"
test_name="publish_failure"
# shellcheck source-path=SCRIPTDIR source=ci_test_setup.sh
. "$(dirname "$0")/ci_test_setup.sh"
export TALLY="$tally" GIT_CONFIG_NOSYSTEM=1 HOME="$work"
git init -q -b main "$work/repo"
git -C "$work/repo" -c user.name=Test -c user.email=test@example.invalid commit -q --allow-empty -m "first"
commit="$(git -C "$work/repo" rev-parse HEAD)"
mkdir -p "$work/history/main/$commit" "$work/history/feature/$commit"
cp "$example" "$work/history/main/$commit/run.json"
cp "$example" "$work/history/feature/$commit/run.json"

publish() {
  "$project/ci/tally-publish.sh" --history "$work/history" --output "$work/public" --repo "$work/repo" \
    --branch main 2> "$work/publish.err"
}
publish || fail "valid history: exit $?: $(cat "$work/publish.err")"

state() { (cd "$work/public" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum); }
staging_left() { find "$work" -maxdepth 1 -name '.public.tally-staging.*' | wc -l; }
[ -f "$work/public/main/index.html" ] && [ -f "$work/public/feature/index.html" ] || fail "the valid site lacks a branch"
echo "a file of the previous output" > "$work/public/kept.txt"
before="$(state)"

printf '{"tally_version": ' > "$work/history/feature/$commit/run.json"
status=0
publish || status=$?
[ "$status" -ne 0 ] || fail "a branch whose site cannot be built published with exit 0"
grep -q "site of branch feature could not be built" "$work/publish.err" ||
  fail "no message naming the branch: $(cat "$work/publish.err")"
grep -q "$work/public is left as it was" "$work/publish.err" || fail "no message on the output: $(cat "$work/publish.err")"
[ "$(state)" = "$before" ] || fail "a failed publish changed the previous output"
[ "$(staging_left)" = 0 ] || fail "a failed publish left its staging folder"

# Killed while it builds (SIGKILL to its process group: no trap runs), here while its tally waits: the
# output as it was; the next publish removes the staging folder the killed one left.
cp "$example" "$work/history/feature/$commit/run.json"
# shellcheck disable=SC2016 # the $ are the wrapper's own
printf '#!/bin/sh\n"%s" "$@"; status=$?; sleep 60; exit $status\n' "$tally" > "$work/slow-tally"
chmod +x "$work/slow-tally"
TALLY="$work/slow-tally" setsid "$project/ci/tally-publish.sh" --history "$work/history" --output "$work/public" \
  --repo "$work/repo" --branch main 2> /dev/null &
pid=$!
for _ in $(seq 100); do [ "$(staging_left)" = 0 ] || break; sleep 0.05; done
[ "$(staging_left)" = 1 ] || fail "no staging folder while the publish builds"
kill -KILL -- "-$pid" && wait "$pid" 2> /dev/null || true
[ "$(state)" = "$before" ] || fail "a publish killed midway changed the previous output"
publish || fail "the publish after a killed one: $(cat "$work/publish.err")"
[ "$(staging_left)" = 0 ] || fail "the staging folder of the killed publish is still there"
[ ! -e "$work/public/kept.txt" ] && [ -f "$work/public/feature/index.html" ] || fail "the new site was not swapped in"
echo "publish_failure: a branch that cannot be built fails the publish (exit $status), the previous output untouched"
