#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Keeps the run documents of earlier commits outside the CI job, so that the site and the gate
# see the whole history. Nothing is lost silently: when the history cannot be fetched the job
# fails, unless TALLY_NEW_HISTORY=1 says to start a new one.
#
# Usage: tally-history.sh fetch DIR   adds the stored history to DIR (existing files are kept)
#        tally-history.sh store DIR   stores DIR's documents (pruned first when asked)
# Where the history lives (TALLY_HISTORY_SOURCE):
#   git (default)  the branch TALLY_HISTORY_BRANCH (tally-history) of TALLY_HISTORY_REMOTE (origin;
#                  a remote name or a URL) of the repository TALLY_REPO (.). store appends a
#                  commit and pushes it, fetching again and retrying (TALLY_HISTORY_RETRIES, 5)
#                  when another job pushed first.
#   url            fetch downloads the .tar.gz at TALLY_HISTORY_URL (e.g. the previous GitLab
#                  Pages site's tally-history.tar.gz; TALLY_HISTORY_URL_HEADER adds an HTTP
#                  header); store writes DIR to TALLY_HISTORY_ARCHIVE (public/tally-history.tar.gz).
# Pruning before store: TALLY_HISTORY_KEEP_BRANCHES (space-separated, e.g. "main") keeps those
# branches whole and the newest TALLY_HISTORY_KEEP_COMMITS (20) commits of the others (tally prune).
set -euo pipefail
# shellcheck disable=SC2034 # read by tally-common.sh
script="tally-history"
# shellcheck source-path=SCRIPTDIR source=tally-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/tally-common.sh"

if [ $# -ne 2 ] || { [ "$1" != fetch ] && [ "$1" != store ]; }; then die "usage: tally-history.sh fetch|store DIR"; fi
action="$1" dir="$2"
source_kind="${TALLY_HISTORY_SOURCE:-git}"
repo="${TALLY_REPO:-.}"
branch="${TALLY_HISTORY_BRANCH:-tally-history}"
remote="${TALLY_HISTORY_REMOTE:-origin}"
retries="${TALLY_HISTORY_RETRIES:-5}"
ref="refs/tally/history" # a private ref: the fetched history never moves a branch of the project

# Fails the job, loudly, unless a new history was asked for.
not_fetched() {
  local banner="=================================================================="
  {
    echo "$banner"
    echo "$script: THE RUN HISTORY COULD NOT BE FETCHED: $*"
    if [ "${TALLY_NEW_HISTORY:-0}" = 1 ]; then
      echo "$script: TALLY_NEW_HISTORY=1: starting a new, empty history"
    else
      echo "$script: the site and the gate would see no earlier commit, so this job fails."
      echo "$script: fix the access to the history, or set TALLY_NEW_HISTORY=1 once to start a new one."
    fi
    echo "$banner"
  } >&2
  if [ -n "${GITHUB_ACTIONS:-}" ]; then echo "::error title=tally history::the run history could not be fetched: $*"; fi
  [ "${TALLY_NEW_HISTORY:-0}" = 1 ] || exit 1
}

# Exit status of ls-remote: 0 the branch exists, 2 it does not, anything else the remote failed.
remote_branch_status() {
  local status=0
  git -C "$repo" ls-remote --exit-code --heads "$remote" "$branch" > /dev/null 2> "$work/ls-remote.err" || status=$?
  echo "$status"
}

fetch_branch() { # into $ref; a shallow checkout fetches only the newest commit of the history
  local depth=()
  [ "$(git -C "$repo" rev-parse --is-shallow-repository)" = false ] || depth=(--depth 1)
  git -C "$repo" fetch -q "${depth[@]}" "$remote" "+refs/heads/$branch:$ref"
}

prune() { # prune FOLDER
  [ -n "${TALLY_HISTORY_KEEP_BRANCHES:-}" ] || return 0
  local keep=()
  read -r -a keep <<< "$TALLY_HISTORY_KEEP_BRANCHES"
  "$(tally_command)" prune --input "$1" --keep-branch "${keep[@]}" \
    --keep-commits "${TALLY_HISTORY_KEEP_COMMITS:-20}" > /dev/null
}

copy_new_files() { # copy_new_files FROM TO: documents are never overwritten, only added
  mkdir -p "$2"
  (cd "$1" && tar -cf - .) | (cd "$2" && tar -xf - --skip-old-files)
}

git_fetch() {
  local status
  status="$(remote_branch_status)"
  case "$status" in
    0) fetch_branch || { not_fetched "git fetch of branch $branch from $remote failed" && return 0; } ;;
    2) not_fetched "the branch $branch does not exist in $remote" && return 0 ;;
    *) not_fetched "$remote cannot be read: $(tr '\n' ' ' < "$work/ls-remote.err")" && return 0 ;;
  esac
  mkdir -p "$work/fetched"
  git -C "$repo" archive "$ref" | tar -xf - -C "$work/fetched"
  rm -f "$work/fetched/README.md"
  copy_new_files "$work/fetched" "$dir"
  say "fetched $(find "$work/fetched" -name '*.json' | wc -l) documents from branch $branch of $remote into $dir"
}

git_store_once() { # one attempt: returns 1 when the push was refused (someone pushed first)
  local status tree="$work/tree" name email
  git -C "$repo" worktree remove --force "$tree" > /dev/null 2>&1 || rm -rf "$tree"
  status="$(remote_branch_status)"
  if [ "$status" = 0 ]; then
    fetch_branch || die "git fetch of branch $branch from $remote failed"
    git -C "$repo" worktree add -q --detach "$tree" "$ref"
  elif [ "$status" = 2 ]; then
    say "branch $branch does not exist in $remote: creating it"
    git -C "$repo" worktree add -q --detach "$tree" HEAD
    git -C "$tree" checkout -q --orphan "tally-history-$$"
    git -C "$tree" rm -rfq .
  else
    die "$remote cannot be read: $(tr '\n' ' ' < "$work/ls-remote.err")"
  fi
  copy_new_files "$dir" "$tree"
  [ -f "$tree/README.md" ] || printf '%s\n' "Run documents of tally (<branch>/<commit>/*.json), written by ci/tally-history.sh." \
    "Do not edit by hand; documents are only ever added, and removed by tally prune." > "$tree/README.md"
  prune "$tree"
  git -C "$tree" add -A
  if git -C "$tree" diff --cached --quiet; then
    say "nothing new to store in branch $branch"
    return 0
  fi
  name="$(git -C "$repo" config user.name || echo "tally CI")"
  email="$(git -C "$repo" config user.email || echo "tally-ci@users.noreply.invalid")"
  git -C "$tree" -c user.name="$name" -c user.email="$email" commit -q \
    -m "tally: runs of $(branch_of "$repo" 2> /dev/null || echo "a job") @ $(commit_of "$repo" 2> /dev/null | cut -c1-12)"
  git -C "$tree" push -q "$remote" "HEAD:refs/heads/$branch" 2> "$work/push.err" || return 1
  say "stored $(find "$tree" -name '*.json' | wc -l) documents in branch $branch of $remote"
}

git_store() {
  local attempt
  for ((attempt = 1; attempt <= retries; ++attempt)); do
    if git_store_once; then
      git -C "$repo" worktree remove --force "$work/tree" > /dev/null 2>&1 || true
      return 0
    fi
    say "push to $branch refused (attempt $attempt of $retries): $(tr '\n' ' ' < "$work/push.err")"
    sleep $((attempt + RANDOM % 3))
  done
  git -C "$repo" worktree remove --force "$work/tree" > /dev/null 2>&1 || true
  echo "$script: error: THE RUNS OF THIS JOB WERE NOT STORED: $retries pushes to $branch failed" >&2
  exit 1
}

url_fetch() {
  [ -n "${TALLY_HISTORY_URL:-}" ] || die "TALLY_HISTORY_SOURCE=url needs TALLY_HISTORY_URL"
  local header=() code
  [ -z "${TALLY_HISTORY_URL_HEADER:-}" ] || header=(--header "$TALLY_HISTORY_URL_HEADER")
  code="$(curl -sSL "${header[@]}" --retry 3 -o "$work/history.tar.gz" -w '%{http_code}' "$TALLY_HISTORY_URL" \
    2> "$work/curl.err")" || code="${code:-000}"
  if [ "$code" != 200 ] && { [ "${TALLY_HISTORY_URL#file:}" = "$TALLY_HISTORY_URL" ] || [ ! -s "$work/history.tar.gz" ]; }; then
    not_fetched "download of $TALLY_HISTORY_URL gave HTTP $code $(tr '\n' ' ' < "$work/curl.err")" && return 0
  fi
  mkdir -p "$work/fetched"
  tar -xzf "$work/history.tar.gz" -C "$work/fetched" || { not_fetched "$TALLY_HISTORY_URL is not a .tar.gz" && return 0; }
  copy_new_files "$work/fetched" "$dir"
  say "fetched $(find "$work/fetched" -name '*.json' | wc -l) documents from $TALLY_HISTORY_URL into $dir"
}

url_store() {
  local archive="${TALLY_HISTORY_ARCHIVE:-public/tally-history.tar.gz}"
  prune "$dir"
  mkdir -p "$(dirname "$archive")"
  tar -czf "$archive" -C "$dir" .
  say "stored $(find "$dir" -name '*.json' | wc -l) documents in $archive"
}

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
case "$source_kind:$action" in
  git:fetch) git_fetch ;;
  git:store) git_store ;;
  url:fetch) url_fetch ;;
  url:store) url_store ;;
  *) die "TALLY_HISTORY_SOURCE must be git or url, not '$source_kind'" ;;
esac
