#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs the scaling study of a project for the current commit with `tally run --scales`, writing
# its run documents into the history folder as <history>/<branch>/<commit>/*.json (a branch's
# '/' written %2F). The commit, branch and commit time come from TALLY_COMMIT / TALLY_BRANCH /
# TALLY_COMMIT_TIME, else from GitLab CI or GitHub Actions, else from git.
#
# Usage: tally-study.sh [--history DIR] [--experiment NAME] [--scales LIST] [--sizes LIST]
#                       [--repeat N] [--repo PATH] [-- command...]
#   The command holds {ranks} (and {size} with --sizes), e.g. -- mpirun -np {ranks} ./app.
#   Without a command after --, TALLY_STUDY_COMMAND is run with bash -c.
#   Defaults from the environment: TALLY_HISTORY_DIR (tally-history), TALLY_STUDY_EXPERIMENT
#   (scaling), TALLY_STUDY_SCALES (1,2,4), TALLY_STUDY_SIZES (none: strong scaling),
#   TALLY_STUDY_REPEAT (3), TALLY_HANG_TIMEOUT (10m: a run waiting that long in one MPI call is
#   named in the log and its document kept as hung, before the job's own timeout; off: never);
#   TALLY is the tally command (default: tally on PATH).
# Exit code: that of the study (the first failing run's), 2 for usage errors.
set -euo pipefail
# shellcheck disable=SC2034 # read by tally-common.sh
script="tally-study"
# shellcheck source-path=SCRIPTDIR source=tally-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/tally-common.sh"

history="${TALLY_HISTORY_DIR:-tally-history}"
experiment="${TALLY_STUDY_EXPERIMENT:-scaling}"
scales="${TALLY_STUDY_SCALES:-1,2,4}"
sizes="${TALLY_STUDY_SIZES:-}"
repeat="${TALLY_STUDY_REPEAT:-3}"
repo="."
while [ $# -gt 0 ]; do
  case "$1" in
    --history) history="$2" && shift 2 ;;
    --experiment) experiment="$2" && shift 2 ;;
    --scales) scales="$2" && shift 2 ;;
    --sizes) sizes="$2" && shift 2 ;;
    --repeat) repeat="$2" && shift 2 ;;
    --repo) repo="$2" && shift 2 ;;
    --) shift && break ;;
    *) die "unknown argument '$1'; usage: tally-study.sh [--history DIR] [--scales LIST] ... -- command..." ;;
  esac
done
if [ $# -eq 0 ]; then
  [ -n "${TALLY_STUDY_COMMAND:-}" ] || die "no command: give it after -- or set TALLY_STUDY_COMMAND"
  set -- bash -c "$TALLY_STUDY_COMMAND"
fi

tally="$(tally_command)"
commit="$(commit_of "$repo")"
branch="$(branch_of "$repo")"
commit_time="$(commit_time_of "$repo" "$commit")"
output="$history/$(branch_folder "$branch")/$commit"
mkdir -p "$output"
export TALLY_COMMIT="$commit" TALLY_BRANCH="$branch" TALLY_OUTPUT="$output"
export TALLY_HANG_TIMEOUT="${TALLY_HANG_TIMEOUT:-10m}"
[ -z "$commit_time" ] || export TALLY_COMMIT_TIME="$commit_time"
# Open MPI refuses to start as root unless told; CI containers usually run as root.
if [ "$(id -u)" -eq 0 ]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi

say "experiment $experiment, scales $scales${sizes:+, sizes $sizes}, $repeat repetitions of $branch @ ${commit:0:12}"
say "documents go to $output"
study=(--experiment "$experiment" --scales "$scales" --repeat "$repeat")
[ -z "$sizes" ] || study+=(--sizes "$sizes")
status=0
"$tally" run "${study[@]}" -- "$@" || status=$?
if [ "$status" -ne 0 ]; then
  say "the study failed with exit code $status"
  exit "$status"
fi
say "$(find "$output" -name '*.json' | wc -l) documents for ${commit:0:12} in $output"
