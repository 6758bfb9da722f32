# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash disable=SC2154 # $script is set by the script that sources this file
# Shared helpers of the ci/tally-*.sh scripts; sourced, never run. Every script of the CI
# integration names the commit, the branch and the history folder the same way through these.
# Requires: $script set by the caller to its own name (for messages).

say() { echo "$script: $*" >&2; }
die() {
  echo "$script: error: $*" >&2
  exit 2
}

# The tally command: $TALLY if set, else `tally` on PATH.
tally_command() {
  local tally="${TALLY:-tally}"
  command -v "$tally" > /dev/null 2>&1 || die "cannot find the tally command '$tally'; install tally or set TALLY"
  echo "$tally"
}

# The measured commit: TALLY_COMMIT, else the CI's variables, else HEAD of the repository $1.
commit_of() {
  local commit="${TALLY_COMMIT:-${CI_COMMIT_SHA:-${GITHUB_SHA:-}}}"
  [ -n "$commit" ] || commit="$(git -C "${1:-.}" rev-parse HEAD 2> /dev/null)" ||
    die "no commit: not in a git repository and neither TALLY_COMMIT, CI_COMMIT_SHA nor GITHUB_SHA is set"
  echo "$commit"
}

# The branch: TALLY_BRANCH, else the CI's variables (a pull request's head branch on GitHub), else
# the checked-out branch of the repository $1.
branch_of() {
  local branch="${TALLY_BRANCH:-${CI_COMMIT_REF_NAME:-${GITHUB_HEAD_REF:-${GITHUB_REF_NAME:-}}}}"
  [ -n "$branch" ] || branch="$(git -C "${1:-.}" symbolic-ref --short -q HEAD 2> /dev/null)" ||
    die "no branch: detached HEAD and neither TALLY_BRANCH, CI_COMMIT_REF_NAME nor GITHUB_REF_NAME is set"
  echo "$branch"
}

# The commit time in UTC ISO 8601: TALLY_COMMIT_TIME, CI_COMMIT_TIMESTAMP, else from git (empty
# when the commit is not in the repository $1).
commit_time_of() {
  local time="${TALLY_COMMIT_TIME:-${CI_COMMIT_TIMESTAMP:-}}"
  [ -n "$time" ] || time="$(TZ=UTC git -C "${1:-.}" show -s --date=format-local:%Y-%m-%dT%H:%M:%SZ \
    --format=%cd "$2" 2> /dev/null || true)"
  echo "$time"
}

# A branch as one folder name, reversibly: '%' -> '%25', '/' -> '%2F' (feature/x -> feature%2Fx).
branch_folder() { printf '%s' "$1" | sed -e 's/%/%25/g' -e 's|/|%2F|g'; }
branch_of_folder() { printf '%s' "$1" | sed -e 's|%2F|/|g' -e 's/%25/%/g'; }

# The merge request's (pull request's) target branch, empty outside one.
target_branch_of() { echo "${CI_MERGE_REQUEST_TARGET_BRANCH_NAME:-${GITHUB_BASE_REF:-}}"; }

# fetch_target REPO TARGET: fetches the target branch as origin/TARGET when the CI checkout lacks
# it (GitLab fetches only the source branch); false when it cannot.
fetch_target() {
  git -C "$1" rev-parse -q --verify "origin/$2" > /dev/null && return 0
  say "fetching the target branch $2 for the merge base"
  git -C "$1" fetch -q origin "+refs/heads/$2:refs/remotes/origin/$2"
}

# The merge base of the merge request in the repository $1: GitLab's CI_MERGE_REQUEST_DIFF_BASE_SHA,
# else git merge-base of HEAD and the target branch; empty outside a merge request.
merge_base_of() {
  local target
  if [ -n "${CI_MERGE_REQUEST_DIFF_BASE_SHA:-}" ]; then echo "$CI_MERGE_REQUEST_DIFF_BASE_SHA" && return; fi
  target="$(target_branch_of)"
  [ -n "$target" ] || return 0
  fetch_target "$1" "$target" || die "cannot fetch the target branch $target for the merge base"
  git -C "$1" merge-base HEAD "origin/$target" || die "no merge base of HEAD and origin/$target"
}
