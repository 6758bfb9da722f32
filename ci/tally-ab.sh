#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A merge request judged A/B, with no history: builds the baseline (by default the merge base) in a
# second work tree with the project's own build command, runs the baseline's and the candidate's
# programs in turn on this runner (tally-study.sh --baseline-program: pairs A B B A ...), and gates
# the pairs (tally-gate.sh --ab): a uniform slowdown is then the code's, not the runner's.
#
# Usage: tally-ab.sh [--baseline REV] [--repo PATH] [--program PATH] [--tree DIR] [--output DIR]
#                    [--reports DIR] [--config FILE] [--mr-note] [-- command...]
#   --baseline  the revision built as the baseline (TALLY_AB_BASELINE); default: the merge request's
#               merge base (CI_MERGE_REQUEST_DIFF_BASE_SHA, else git merge-base with the target branch)
#   --program   the program the build makes, relative to a tree (TALLY_STUDY_PROGRAM); the study's
#               command names it {program}
#   --tree      the baseline's work tree (TALLY_AB_TREE, .tally-baseline in the repository), made
#               with git worktree and built there with TALLY_BUILD_COMMAND (run with bash -c)
#   --output    the study's documents (TALLY_AB_DIR, tally-ab), emptied first
#   --reports   gate.md, gate.xml, metrics.txt, verdict.env (TALLY_GATE_REPORTS, tally-gate)
#   --config    the gate's rules (tally-gate.sh's default)
#   --mr-note   post the report on the GitLab merge request (tally-mr-note.sh)
#   The command and the scales as tally-study.sh's (TALLY_STUDY_COMMAND, TALLY_STUDY_SCALES); pairs
#   TALLY_AB_PAIRS (5). The candidate's program is built when it is missing.
# Exit code: the gate's (0 pass, 1 regression, 2 usage or input error), or the failing build's or
# study's.
set -euo pipefail
# shellcheck disable=SC2034 # read by tally-common.sh
script="tally-ab"
# shellcheck source-path=SCRIPTDIR source=tally-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/tally-common.sh"
here="$(dirname "${BASH_SOURCE[0]}")"

baseline="${TALLY_AB_BASELINE:-}"
repo="."
program="${TALLY_STUDY_PROGRAM:-}"
tree="${TALLY_AB_TREE:-}"
output="${TALLY_AB_DIR:-tally-ab}"
reports="${TALLY_GATE_REPORTS:-tally-gate}"
gate=()
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline="$2" && shift 2 ;;
    --repo) repo="$2" && shift 2 ;;
    --program) program="$2" && shift 2 ;;
    --tree) tree="$2" && shift 2 ;;
    --output) output="$2" && shift 2 ;;
    --reports) reports="$2" && shift 2 ;;
    --config) gate+=(--config "$2") && shift 2 ;;
    --mr-note) gate+=(--mr-note) && shift ;;
    --) shift && break ;;
    *) die "unknown argument '$1'; usage: tally-ab.sh [--baseline REV] [--program PATH] ... [-- command...]" ;;
  esac
done
[ -n "$program" ] || die "no program: give --program PATH (or TALLY_STUDY_PROGRAM), the file the build makes, e.g. build/app"
[ -n "${TALLY_BUILD_COMMAND:-}" ] || die "no build command: set TALLY_BUILD_COMMAND, run in each tree to build the program"
repo="$(cd "$repo" && pwd)"
tree="${tree:-$repo/.tally-baseline}"
[ -n "$baseline" ] || baseline="$(merge_base_of "$repo")"
[ -n "$baseline" ] || die "no baseline: not a merge request (no target branch); give --baseline REV or TALLY_AB_BASELINE"
# A shallow clone may lack the baseline: fetch it by its id.
git -C "$repo" rev-parse -q --verify "$baseline^{commit}" > /dev/null ||
  git -C "$repo" fetch -q origin "$baseline" || say "warning: cannot fetch $baseline from origin"
base_commit="$(git -C "$repo" rev-parse -q --verify "$baseline^{commit}")" ||
  die "the baseline $baseline is not a commit of $repo"
[ "$base_commit" != "$(commit_of "$repo")" ] || say "warning: the baseline is the candidate's commit: both sides run one build"

build() { # build DIR WHAT: the project's build command in DIR
  say "building $2 in $1: $TALLY_BUILD_COMMAND"
  (cd "$1" && bash -c "$TALLY_BUILD_COMMAND") || {
    status=$?
    say "the build of $2 failed with exit code $status"
    exit "$status"
  }
}
if [ -e "$tree" ]; then git -C "$repo" worktree remove --force "$tree" 2> /dev/null || rm -rf "$tree"; fi
git -C "$repo" worktree prune
git -C "$repo" worktree add -q --detach "$tree" "$base_commit" || die "cannot make the work tree $tree of $base_commit"
build "$tree" "the baseline ${base_commit:0:12}"
[ -x "$repo/$program" ] || build "$repo" "the candidate (its program $program is missing)"
[ -x "$tree/$program" ] || die "the baseline's build made no program $program in $tree"

rm -rf "$output"
[ $# -eq 0 ] || set -- -- "$@"
"$here/tally-study.sh" --repo "$repo" --program "$repo/$program" --baseline-program "$tree/$program" \
  --baseline-commit "$base_commit" --output "$output" "$@"
status=0
"$here/tally-gate.sh" --ab "$output" --repo "$repo" --reports "$reports" "${gate[@]}" || status=$?
exit "$status"
