#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs the scaling study of a project for the current commit with `tally run --scales`, writing
# its run documents into the history folder as <history>/<branch>/<commit>/*.json (a branch's
# '/' written %2F). The commit, branch and commit time come from TALLY_COMMIT / TALLY_BRANCH /
# TALLY_COMMIT_TIME, else from GitLab CI or GitHub Actions, else from git.
# With --baseline-program, an A/B study instead (tally run --baseline --candidate): the baseline's
# and the candidate's builds in turn, pair by pair, the baseline's documents naming the commit it
# was built from (--baseline-commit), all of them in --output (default TALLY_AB_DIR, tally-ab),
# outside the history: the gate judges them by pairs (tally-gate.sh --ab).
#
# Usage: tally-study.sh [--history DIR] [--experiment NAME] [--scales LIST] [--sizes LIST]
#                       [--repeat N] [--repo PATH] [--program PATH]
#                       [--baseline-program PATH --baseline-commit SHA [--output DIR]] [-- command...]
#   The command holds {ranks} (and {size} with --sizes), e.g. -- mpirun -np {ranks} ./app, and may
#   hold {program}: the program built from the commit (--program, TALLY_STUDY_PROGRAM), in an A/B
#   study each side's (there the command must hold it).
#   Without a command after --, TALLY_STUDY_COMMAND is run with bash -c.
#   Defaults from the environment: TALLY_HISTORY_DIR (tally-history), TALLY_STUDY_EXPERIMENT
#   (scaling), TALLY_STUDY_SCALES (1,2,4), TALLY_STUDY_SIZES (none: strong scaling),
#   TALLY_STUDY_REPEAT (3; in an A/B study pairs, TALLY_AB_PAIRS, 5), TALLY_HANG_TIMEOUT (10m: a run
#   waiting that long in one MPI call is named in the log and its document kept as hung, before the
#   job's own timeout; off: never); TALLY is the tally command (default: tally on PATH).
#   Across nodes: TALLY_STUDY_NODES (node counts, {nodes}) with TALLY_STUDY_NODE_RANKS (ranks per node,
#   {node_ranks}; {ranks} is their product, and TALLY_STUDY_SCALES is then not used) or with the scales
#   (tally run --nodes, --node-ranks).
#   Under Slurm, from a login node: TALLY_SLURM_SUBMIT=salloc runs the study inside one allocation
#   (salloc TALLY_SLURM_ARGS tally run ...), sbatch as a batch job (sbatch --wait TALLY_SLURM_ARGS,
#   its output then copied to stderr); the command's runs are its steps (srun). Empty (the default):
#   the study runs where the script does, e.g. in the allocation a Jacamar CI job already has.
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
nodes="${TALLY_STUDY_NODES:-}"
node_ranks="${TALLY_STUDY_NODE_RANKS:-}"
repeat=""
repo="."
program="${TALLY_STUDY_PROGRAM:-}"
baseline_program=""
baseline_commit=""
output=""
while [ $# -gt 0 ]; do
  case "$1" in
    --history) history="$2" && shift 2 ;;
    --experiment) experiment="$2" && shift 2 ;;
    --scales) scales="$2" && shift 2 ;;
    --sizes) sizes="$2" && shift 2 ;;
    --repeat) repeat="$2" && shift 2 ;;
    --repo) repo="$2" && shift 2 ;;
    --program) program="$2" && shift 2 ;;
    --baseline-program) baseline_program="$2" && shift 2 ;;
    --baseline-commit) baseline_commit="$2" && shift 2 ;;
    --output) output="$2" && shift 2 ;;
    --) shift && break ;;
    *) die "unknown argument '$1'; usage: tally-study.sh [--history DIR] [--scales LIST] ... -- command..." ;;
  esac
done
slurm_submit="${TALLY_SLURM_SUBMIT:-}"
case "$slurm_submit" in
  "" | salloc | sbatch) ;;
  *) die "TALLY_SLURM_SUBMIT is '$slurm_submit': salloc, sbatch or empty (the job is already where the study runs)" ;;
esac
[ -z "$slurm_submit" ] || command -v "$slurm_submit" > /dev/null ||
  die "TALLY_SLURM_SUBMIT is $slurm_submit, which is not on PATH: the study is submitted from a Slurm login node"
if [ $# -eq 0 ]; then
  [ -n "${TALLY_STUDY_COMMAND:-}" ] || die "no command: give it after -- or set TALLY_STUDY_COMMAND"
  set -- bash -c "$TALLY_STUDY_COMMAND"
fi
if [ -n "$baseline_program" ]; then
  [ -n "$program" ] || die "an A/B study needs the candidate's program: --program PATH or TALLY_STUDY_PROGRAM"
  [ -n "$baseline_commit" ] || die "an A/B study needs the commit the baseline was built from: --baseline-commit SHA"
  [[ "$*" == *"{program}"* ]] || die "an A/B study's command names each side's program as {program}: $*"
  repeat="${repeat:-${TALLY_AB_PAIRS:-5}}"
elif [ -n "$program" ]; then
  # One build: {program} is its program, as in the A/B study of the same command.
  set -- "${@//\{program\}/$program}"
fi
repeat="${repeat:-${TALLY_STUDY_REPEAT:-3}}"

tally="$(tally_command)"
commit="$(commit_of "$repo")"
branch="$(branch_of "$repo")"
commit_time="$(commit_time_of "$repo" "$commit")"
if [ -z "$output" ] && [ -n "$baseline_program" ]; then
  output="${TALLY_AB_DIR:-tally-ab}"
elif [ -z "$output" ]; then
  output="$history/$(branch_folder "$branch")/$commit"
fi
mkdir -p "$output"
export TALLY_COMMIT="$commit" TALLY_BRANCH="$branch" TALLY_OUTPUT="$output"
export TALLY_HANG_TIMEOUT="${TALLY_HANG_TIMEOUT:-10m}"
# An A/B study's baseline is another commit, whose time tally run does not know: none is exported (the
# candidate's comes from CI_COMMIT_TIMESTAMP where GitLab gives it).
[ -z "$commit_time" ] || [ -n "$baseline_program" ] || export TALLY_COMMIT_TIME="$commit_time"
# Open MPI refuses to start as root unless told; CI containers usually run as root.
if [ "$(id -u)" -eq 0 ]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi

study=(--experiment "$experiment" --repeat "$repeat")
[ -z "$nodes" ] || study+=(--nodes "$nodes")
if [ -n "$node_ranks" ]; then
  study+=(--node-ranks "$node_ranks")
  points="$nodes nodes of $node_ranks ranks"
else
  study+=(--scales "$scales")
  points="scales $scales${nodes:+ on $nodes nodes}"
fi
[ -z "$sizes" ] || study+=(--sizes "$sizes")
if [ -n "$baseline_program" ]; then
  say "A/B study $experiment, $points${sizes:+, sizes $sizes}, $repeat pairs: $baseline_program" \
    "(${baseline_commit:0:12}) against $program ($branch @ ${commit:0:12})"
  # The baseline lies on the merge request's target branch, or (a confirmation on a branch) on the
  # branch's own first-parent line.
  baseline_branch="$(target_branch_of)"
  study+=(--baseline "$baseline_program" --candidate "$program" --baseline-commit "$baseline_commit"
    --baseline-branch "${baseline_branch:-$branch}")
else
  say "experiment $experiment, $points${sizes:+, sizes $sizes}, $repeat repetitions of $branch @ ${commit:0:12}"
fi
say "documents go to $output"

# run_study COMMAND...: the study's tally run, in a Slurm allocation of its own when TALLY_SLURM_SUBMIT
# asks for one. sbatch's batch script is bash, the command quoted word by word.
run_study() {
  local slurm_args=() log code=0
  read -r -a slurm_args <<< "${TALLY_SLURM_ARGS:-}"
  case "$slurm_submit" in
    "") "$@" ;;
    salloc)
      say "in one Slurm allocation: salloc ${TALLY_SLURM_ARGS:-}"
      salloc "${slurm_args[@]}" "$@"
      ;;
    sbatch)
      say "as one Slurm batch job: sbatch --wait ${TALLY_SLURM_ARGS:-}"
      log="$(pwd)/tally-study-$$.slurm.log"
      printf '#!/usr/bin/env bash\nexec %s\n' "$(printf '%q ' "$@")" |
        sbatch --wait --quiet "${slurm_args[@]}" --output="$log" || code=$?
      [ ! -f "$log" ] || { cat "$log" >&2 && rm -f "$log"; }
      return "$code"
      ;;
  esac
}

status=0
run_study "$tally" run "${study[@]}" -- "$@" || status=$?
if [ "$status" -ne 0 ]; then
  say "the study failed with exit code $status"
  exit "$status"
fi
say "$(find "$output" -name '*.json' | wc -l) documents in $output"
