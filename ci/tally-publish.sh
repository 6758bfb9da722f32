#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds the static site of every branch of the history with `tally pages`: one folder per
# branch below the output folder and an index of the branches (public/index.html). The current
# branch is rebuilt, its commits in first-parent order from the repository; another branch's
# folder is taken from the previous site when one is given, else built from its runs (in git
# order when the repository knows the branch, else by commit time).
#
# Usage: tally-publish.sh [--history DIR] [--output DIR] [--previous DIR] [--repo PATH] [--branch NAME]
#   --history   the history folder, <branch>/<commit>/*.json (TALLY_HISTORY_DIR, tally-history)
#   --output    the site (TALLY_SITE_DIR, public); built beside it and swapped in whole only once
#               every branch is built, so a failure leaves the previous output as it was
#   --previous  a copy of the previously published site whose other branches' folders are kept
#   --branch    the current branch (default: as tally-study.sh finds it)
# The commits' gate verdicts on the site use the gate job's rules: TALLY_GATE_CONFIG, else
# tally-gate.toml or tally-gate.json of the repository.
set -euo pipefail
# shellcheck disable=SC2034 # read by tally-common.sh
script="tally-publish"
# shellcheck source-path=SCRIPTDIR source=tally-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/tally-common.sh"

history="${TALLY_HISTORY_DIR:-tally-history}"
output="${TALLY_SITE_DIR:-public}"
previous=""
repo="."
branch=""
while [ $# -gt 0 ]; do
  case "$1" in
    --history) history="$2" && shift 2 ;;
    --output) output="$2" && shift 2 ;;
    --previous) previous="$2" && shift 2 ;;
    --repo) repo="$2" && shift 2 ;;
    --branch) branch="$2" && shift 2 ;;
    *) die "unknown argument '$1'; usage: tally-publish.sh [--history DIR] [--output DIR] [--previous DIR] ..." ;;
  esac
done
[ -d "$history" ] || die "no history folder $history"
# The commits' verdicts on the site follow the gate job's rules, found as tally-gate.sh finds them.
gate_config=()
for file in "${TALLY_GATE_CONFIG:-}" "$repo/tally-gate.toml" "$repo/tally-gate.json"; do
  if [ -n "$file" ] && [ -f "$file" ]; then gate_config=(--gate-config "$file") && break; fi
done
tally="$(tally_command)"
[ -n "$branch" ] || branch="$(branch_of "$repo")"

# The folder of the previous site that holds branch $1 (from its tally-branch.json marker).
previous_folder_of() {
  local marker
  [ -n "$previous" ] && [ -d "$previous" ] || return 1
  for marker in "$previous"/*/tally-branch.json; do
    [ -f "$marker" ] || continue
    if grep -qF "\"branch\":$(printf '%s' "$1" | sed 's/[\\"]/\\&/g; s/.*/"&"/')" "$marker"; then
      dirname "$marker"
      return 0
    fi
  done
  return 1
}

# Builds the site of branch $1 from its runs; in first-parent order when the repository knows it.
build_branch() {
  local name="$1" input revision=""
  input="$history/$(branch_folder "$1")"
  for candidate in "$name" "origin/$name"; do
    if git -C "$repo" rev-parse -q --verify "$candidate^{commit}" > /dev/null 2>&1; then
      revision="$candidate" && break
    fi
  done
  if [ -n "$revision" ] && "$tally" pages --input "$input" --repo "$repo" --branch "$name" --output "$staging" "${gate_config[@]}"; then
    return 0
  fi
  [ -n "$revision" ] || say "branch $name is not in $repo: its commits are ordered by commit time"
  "$tally" pages --input "$input" --branch "$name" --output "$staging" "${gate_config[@]}"
}

# A branch whose site fails is said at once, and fails the job at the end once the others are built.
build_or_count() {
  if build_branch "$1"; then
    built=$((built + 1))
  else
    say "error: the site of branch $1 could not be built (above: why)"
    failed=$((failed + 1))
  fi
}

# The new site is built in a staging folder beside the output (same file system, so the swap is two
# renames); those of publishes that died are removed first, those of running ones kept.
output="${output%/}"
parent="$(dirname "$output")" name="$(basename "$output")"
mkdir -p "$parent"
for old in "$parent/.$name.tally-staging."*; do
  [ -d "$old" ] || continue
  pid="${old##*.}"
  kill -0 "$pid" 2> /dev/null || rm -rf "$old"
done
staging="$parent/.$name.tally-staging.$$"
trap 'rm -rf "$staging" "$staging.previous"' EXIT
mkdir "$staging"
built=0 kept=0 failed=0
for folder in "$history"/*/; do
  [ -d "$folder" ] || continue
  other="$(branch_of_folder "$(basename "$folder")")"
  [ "$other" != "$branch" ] || continue
  [ -n "$(find "$folder" -name '*.json' -print -quit)" ] || continue
  if from="$(previous_folder_of "$other")"; then
    cp -R "$from" "$staging/" && kept=$((kept + 1))
  else
    build_or_count "$other"
  fi
done
# The current branch last: its `tally pages` rebuilds the index of every branch folder.
if [ -n "$(find "$history/$(branch_folder "$branch")" -name '*.json' -print -quit 2> /dev/null)" ]; then
  build_or_count "$branch"
else
  say "warning: no runs of the current branch $branch in $history"
fi
[ "$failed" -eq 0 ] || die "the site of $failed branch(es) could not be built; $output is left as it was"
if [ -e "$output" ]; then
  mv -T "$output" "$staging.previous" || die "cannot move $output aside to put the new site in; it is left as it was"
fi
mv -T "$staging" "$output"
say "site of $built branch(es) built, $kept kept from the previous site: $output/index.html"
