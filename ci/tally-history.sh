#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Keeps the run documents of earlier commits outside the CI job, so that the site and the gate
# see the whole history. Nothing is lost silently: when there is no history the job fails, unless
# TALLY_NEW_HISTORY=1 says to start a new one; when it is there but cannot be read whole (unreachable,
# corrupt, written by a newer tally) the job fails, unless TALLY_NEW_HISTORY=discard says to replace it.
# When nothing says where it is (TALLY_HISTORY_URL built from an empty CI_PAGES_URL, no repository, no
# such remote) the job fails naming what to set, unless TALLY_NEW_HISTORY=1.
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
#                  header), and checks it against its manifest and the .sha256 beside it; store
#                  writes DIR to TALLY_HISTORY_ARCHIVE (public/tally-history.tar.gz), adding first
#                  the runs of any history published at TALLY_HISTORY_URL since fetch.
# Pruning before store: TALLY_HISTORY_KEEP_BRANCHES (space-separated, e.g. "main") keeps those
# branches whole and the newest TALLY_HISTORY_KEEP_COMMITS (20) commits of the others (tally prune).
set -euo pipefail
# shellcheck disable=SC2034 # read by tally-common.sh
script="tally-history"
# shellcheck source-path=SCRIPTDIR source=tally-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/tally-common.sh"
# shellcheck source-path=SCRIPTDIR source=tally-archive.sh
. "$(dirname "${BASH_SOURCE[0]}")/tally-archive.sh"

if [ $# -ne 2 ] || { [ "$1" != fetch ] && [ "$1" != store ]; }; then die "usage: tally-history.sh fetch|store DIR"; fi
action="$1" dir="$2"
source_kind="${TALLY_HISTORY_SOURCE:-git}"
repo="${TALLY_REPO:-.}"
branch="${TALLY_HISTORY_BRANCH:-tally-history}"
remote="${TALLY_HISTORY_REMOTE:-origin}"
retries="${TALLY_HISTORY_RETRIES:-5}"
ref="refs/tally/history" # a private ref: the fetched history never moves a branch of the project
fetched_record=".tally-history.fetched" # in DIR (url form): the id of the published history fetched

# not_fetched KIND MESSAGE: fails the job, loudly. KIND absent (there is no history yet) or no location
# (nothing says where it is): unless TALLY_NEW_HISTORY=1 starts a new one. KIND unreachable, corrupt or
# newer (a history is there and cannot be read whole): unless TALLY_NEW_HISTORY=discard says to
# replace it, dropping its runs.
not_fetched() {
  local kind="$1" banner="==================================================================" allowed=discard
  shift
  [ "$kind" != absent ] && [ "$kind" != "no location" ] || allowed=1
  {
    echo "$banner"
    echo "$script: THE RUN HISTORY COULD NOT BE FETCHED ($kind): $*"
    if [ "${TALLY_NEW_HISTORY:-0}" = "$allowed" ]; then
      echo "$script: TALLY_NEW_HISTORY=$allowed: starting a new, empty history"
    elif [ "$kind" = "no location" ]; then
      echo "$script: the site and the gate would see no earlier commit, and no later job could find this one's runs,"
      echo "$script: so this job fails. Say where the history is, as above, or set TALLY_NEW_HISTORY=1 to go on without one."
    elif [ "$kind" = absent ]; then
      echo "$script: the site and the gate would see no earlier commit, so this job fails."
      echo "$script: fix the access to the history, or set TALLY_NEW_HISTORY=1 once to start a new one."
    else
      echo "$script: a site published now would lose the runs of that history, so this job fails."
      echo "$script: the published site is left as it is; fix the cause, or set TALLY_NEW_HISTORY=discard once to replace it."
    fi
    echo "$banner"
  } >&2
  if [ -n "${GITHUB_ACTIONS:-}" ]; then echo "::error title=tally history::the run history could not be fetched: $*"; fi
  [ "${TALLY_NEW_HISTORY:-0}" = "$allowed" ] || exit 1
  if [ "$source_kind" = url ]; then # what store compares with the history published by then
    if [ "$allowed" = 1 ]; then echo absent; else echo discard; fi > "$dir/$fetched_record"
  fi
}

# Fails the fetch when the history holds documents of a newer schema than this tally reads (a site
# built now would leave them out); 1 when they are dropped as TALLY_NEW_HISTORY=discard says.
refuse_newer_documents() { # refuse_newer_documents FOLDER WHERE
  local newer
  newer="$("$tally" validate "$1" 2> /dev/null | grep -F "newer than" | head -3 || true)"
  [ -n "$newer" ] || return 0
  not_fetched newer "$2 holds documents of a newer tally; upgrade tally in the job's image: $newer"
  return 1
}

# Why the url form has no place to fetch the history from, in the user's terms; empty when
# TALLY_HISTORY_URL is a URL. The GitLab template builds it from CI_PAGES_URL, which is empty where
# Pages is not enabled (then it is "/tally-history.tar.gz", which curl cannot read: "curl: (3)").
url_location_problem() {
  local url="${TALLY_HISTORY_URL:-}"
  [[ ! "$url" =~ ^[A-Za-z][A-Za-z0-9+.-]*://. ]] || return 0
  local fix="set TALLY_HISTORY_URL to the URL of a published tally-history.tar.gz (https://…, or file://… on a shared disk),"
  fix+=" or keep the history in a git branch: TALLY_HISTORY_SOURCE=git and TALLY_HISTORY_REMOTE (ci/README.md)"
  if [ -n "${GITLAB_CI:-}" ] && [ -z "${CI_PAGES_URL:-}" ]; then
    echo "TALLY_HISTORY_URL is '$url', not a URL, because CI_PAGES_URL is empty (GitLab Pages is not enabled for this project or this GitLab, or the runner does not set CI_PAGES_URL): $fix"
  else
    echo "TALLY_HISTORY_URL is '$url', not a URL (http://, https:// or file://): $fix"
  fi
}

# Why the git form has no place to fetch the history from (no repository, no such remote); empty when
# it has one. A remote that is a URL or a path is a place; whether it can be read is ls-remote's to say.
git_location_problem() {
  if ! git -C "$repo" rev-parse --git-dir > /dev/null 2>&1; then
    echo "'$repo' (TALLY_REPO) is not a git repository: check out the project's repository first (actions/checkout on GitHub), or set TALLY_REPO to its folder"
  elif [[ "$remote" != *[/:]* ]] && ! git -C "$repo" remote get-url "$remote" > /dev/null 2>&1; then
    echo "the repository '$repo' has no remote '$remote' (TALLY_HISTORY_REMOTE): set TALLY_HISTORY_REMOTE to a remote name or URL of the repository that holds the branch $branch"
  fi
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
  "$tally" prune --input "$1" --keep-branch "${keep[@]}" \
    --keep-commits "${TALLY_HISTORY_KEEP_COMMITS:-20}" > /dev/null
}

copy_new_files() { # copy_new_files FROM TO: documents are never overwritten, only added
  mkdir -p "$2"
  (cd "$1" && tar -cf - --exclude="./$fetched_record" .) | (cd "$2" && tar -xf - --skip-old-files)
}

git_fetch() {
  local status problem
  problem="$(git_location_problem)"
  [ -z "$problem" ] || { not_fetched "no location" "$problem" && return 0; }
  status="$(remote_branch_status)"
  case "$status" in
    0) fetch_branch || { not_fetched unreachable "git fetch of branch $branch from $remote failed" && return 0; } ;;
    2) not_fetched absent "the branch $branch does not exist in $remote" && return 0 ;;
    *) not_fetched unreachable "$remote cannot be read: $(tr '\n' ' ' < "$work/ls-remote.err")" && return 0 ;;
  esac
  mkdir -p "$work/fetched"
  git -C "$repo" archive "$ref" | tar -xf - -C "$work/fetched"
  rm -f "$work/fetched/README.md"
  refuse_newer_documents "$work/fetched" "branch $branch of $remote" || return 0
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
  copy_new_files "$tree" "$dir" # other jobs' runs, so that this job's site shows them too
  rm -f "$dir/README.md"
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

# download URL FILE: 0 with FILE written, 2 when there is nothing at URL (HTTP 404, no such file), 1
# when it cannot be read (the reason in $work/download.err). Transient errors (HTTP 5xx, timeouts) are
# tried TALLY_HISTORY_URL_RETRIES more times (3); a stalled transfer is abandoned after
# TALLY_HISTORY_STALL_S seconds below 1 KiB/s (60), never waited on forever.
download() {
  local header=() code status=0
  [ -z "${TALLY_HISTORY_URL_HEADER:-}" ] || header=(--header "$TALLY_HISTORY_URL_HEADER")
  rm -f "$2"
  code="$(curl -sS -L "${header[@]}" --retry "${TALLY_HISTORY_URL_RETRIES:-3}" --connect-timeout 30 --speed-limit 1024 \
    --speed-time "${TALLY_HISTORY_STALL_S:-60}" -o "$2" -w '%{http_code}' "$1" 2> "$work/download.err")" || status=$?
  case "$status:$code" in
    0:200 | 0:000) return 0 ;; # 000: a file:// URL
    *:404 | 37:*) return 2 ;;  # 37: curl cannot read the file:// file
    0:*) echo "HTTP $code" > "$work/download.err" && return 1 ;;
    *) return 1 ;;
  esac
}

# The id of the history published at TALLY_HISTORY_URL: the archive's sha256, read from ARCHIVE.sha256
# (or computed when it has none: a tally before manifests), "absent" when there is no archive.
published_id() {
  local status=0
  download "$TALLY_HISTORY_URL.sha256" "$work/published.sha256" || status=$?
  case "$status" in
    0) cut -d' ' -f1 "$work/published.sha256" && return 0 ;;
    1) return 1 ;;
  esac
  status=0
  download "$TALLY_HISTORY_URL" "$work/published.tar.gz" || status=$?
  case "$status" in
    0) sha256sum < "$work/published.tar.gz" | cut -d' ' -f1 ;;
    2) echo absent ;;
    *) return 1 ;;
  esac
}

# Downloads the archive and the .sha256 beside it into $work and checks them; prints the problem,
# or nothing. Returns 2 when there is no archive, 1 when either cannot be downloaded.
download_archive() {
  local status=0 sums="$work/history.tar.gz.sha256"
  download "$TALLY_HISTORY_URL.sha256" "$sums" || status=$?
  [ "$status" != 1 ] || { echo "download of $TALLY_HISTORY_URL.sha256: $(tr '\n' ' ' < "$work/download.err")" && return 1; }
  [ "$status" = 0 ] || rm -f "$sums"
  status=0
  download "$TALLY_HISTORY_URL" "$work/history.tar.gz" || status=$?
  case "$status" in
    2) echo "download of $TALLY_HISTORY_URL gave HTTP 404 (no such file)" && return 2 ;;
    1) echo "download of $TALLY_HISTORY_URL: $(tr '\n' ' ' < "$work/download.err")" && return 1 ;;
  esac
  rm -rf "$work/fetched" && mkdir -p "$work/fetched"
  archive_problem "$work/history.tar.gz" "$([ -f "$sums" ] && echo "$sums")" "$work/fetched"
}

url_fetch() {
  local status=0 problem attempt
  problem="$(url_location_problem)"
  [ -z "$problem" ] || { not_fetched "no location" "$problem" && return 0; }
  # A pipeline that deploys between the two downloads makes them disagree: tried once more.
  for attempt in 1 2; do
    status=0
    problem="$(download_archive)" || status=$?
    [[ "$problem" == "corrupt: its sha256 differs"* ]] && [ "$attempt" = 1 ] || break
  done
  case "$status" in
    2) not_fetched absent "$problem" && return 0 ;;
    1) not_fetched unreachable "$problem" && return 0 ;;
  esac
  [ -z "$problem" ] || { not_fetched "${problem%%:*}" "$TALLY_HISTORY_URL is ${problem#*: }" && return 0; }
  refuse_newer_documents "$work/fetched" "$TALLY_HISTORY_URL" || return 0
  copy_new_files "$work/fetched" "$dir"
  sha256sum < "$work/history.tar.gz" | cut -d' ' -f1 > "$dir/$fetched_record"
  say "fetched $(find "$work/fetched" -name '*.json' | wc -l) documents from $TALLY_HISTORY_URL into $dir"
}

# Compare and swap on the published history: when another pipeline published since this job fetched,
# its documents are fetched and added to DIR (documents are only ever added), so that the archive
# stored now loses none of its runs.
merge_published_since_fetch() {
  local fetched now attempt
  fetched="$(cat "$dir/$fetched_record" 2> /dev/null || echo absent)"
  [ "$fetched" != discard ] || return 0
  for ((attempt = 1; attempt <= retries; ++attempt)); do
    now="$(published_id)" || die "cannot check that the history at $TALLY_HISTORY_URL is the one fetched: $(tr '\n' ' ' < "$work/download.err")"
    [ "$now" != "$fetched" ] || return 0
    say "warning: THE PUBLISHED HISTORY CHANGED SINCE THIS JOB FETCHED IT (another pipeline published): adding its runs"
    url_fetch
    say "warning: the site of this job was built before those runs came; the next pipeline's site shows them"
    fetched="$(cat "$dir/$fetched_record")"
  done
  die "the history at $TALLY_HISTORY_URL changed $retries times while this job stored it"
}

# Stores of one archive folder run one at a time (a lock on the folder, held at most 10 minutes), so
# that jobs writing a shared folder, e.g. a self-hosted site, each see the other's archive.
url_store() {
  local archive="${TALLY_HISTORY_ARCHIVE:-public/tally-history.tar.gz}" lock
  mkdir -p "$(dirname "$archive")"
  exec {lock}< "$(dirname "$archive")"
  flock -w 600 "$lock" || die "another job held the lock of $(dirname "$archive") for 10 minutes"
  if [ -z "$(url_location_problem)" ]; then
    merge_published_since_fetch
  elif [ -n "${TALLY_HISTORY_URL:-}" ]; then
    say "warning: THIS HISTORY IS STORED WHERE NO LATER JOB WILL FETCH IT (no location): $(url_location_problem)"
  fi
  prune "$dir"
  archive_write "$dir" "$archive"
  say "stored $(find "$dir" -name '*.json' | wc -l) documents in $archive (id $(cut -d' ' -f1 "$archive.sha256"))"
}

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tally="$(tally_command)"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
case "$source_kind:$action" in
  git:fetch) git_fetch ;;
  git:store) git_store ;;
  url:fetch) url_fetch ;;
  url:store) url_store ;;
  *) die "TALLY_HISTORY_SOURCE must be git or url, not '$source_kind'" ;;
esac
