#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# ci/tally-publish.sh fails the job (non-zero, a message naming the branch) when the site of a
# branch cannot be built, here because its only document is broken; the other branches are still
# built. A history of valid documents publishes with exit 0, so the failure is the broken one's.
# Usage: publish_failure.sh TALLY PROJECT_SOURCE_DIR EXAMPLE_DOCUMENT
set -euo pipefail
tally="$1" project="$2" example="$3"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "publish_failure: FAILED: $*" >&2
  exit 1
}
for variable in $(compgen -e | grep -E '^(CI_|GITHUB_|GITLAB_|TALLY_)' || true); do unset "$variable"; done
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

printf '{"tally_version": ' > "$work/history/feature/$commit/run.json"
status=0
publish || status=$?
[ "$status" -ne 0 ] || fail "a branch whose site cannot be built published with exit 0"
grep -q "site of branch feature could not be built" "$work/publish.err" ||
  fail "no message naming the branch: $(cat "$work/publish.err")"
[ -f "$work/public/main/index.html" ] || fail "the other branch's site was not built"
echo "publish_failure: a branch that cannot be built fails the publish (exit $status); the others are built"
