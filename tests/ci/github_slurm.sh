#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The GitHub action on a self-hosted runner of a Slurm login node: the workflow of ci/README.md
# ("GitHub, a self-hosted runner on a login node"), run by the simulated runner (github_runner.py),
# against a real Slurm cluster of two nodes on this machine (tests/slurm/cluster.sh, stopped when
# the test ends). The study runs across 1 and 2 nodes of 2 ranks, 3 repetitions each.
#   push of commit 1 (new-history added): the workflow as written, the study in one allocation
#     (slurm-submit: salloc, each run a step of it): green, the history starts
#   push of commit 2 (rank r works 1 + r more units in region solve), one job per configuration
#     (docs/slurm.md: the command `sbatch --wait ... --wrap 'srun {program}'`, slurm-submit empty),
#     each run a job of its own: the history's first comparison, one job a side, so the imbalance in
#     solve's load balance is inconclusive (the job passes and says how to confirm it A/B)
# Checks: the jobs' conclusions; each study's 6 documents, their nodes and ranks, their Slurm jobs
# (one for the allocation, 6 for the batch jobs), on the cluster's nodes n1 and n2; the summary.
# Usage: github_slurm.sh BUILD_DIR SOURCE_DIR CLUSTER_FOLDER
# Needs root and Slurm's daemons (ctest registers it only then).
set -euo pipefail
build_dir="$1" source_dir="$2" cluster="$3"
test_name="github_slurm"
here="$(cd "$(dirname "$0")" && pwd)"
slurm_port="${TALLY_SLURM_PORT:-16800}" # cluster.sh's; user_project.sh clears TALLY_* variables
# Each node binds its own folder on /tmp: the jobs' files must lie where every node sees them.
mkdir -p "$cluster.tmp"
TMPDIR="$(cd "$cluster.tmp" && pwd)"
export TMPDIR
work="$(mktemp -d)"
cluster_script="$source_dir/tests/slurm/cluster.sh"
"$cluster_script" stop "$cluster" > /dev/null # one a killed run of the test left behind
trap '"$cluster_script" stop "$cluster" > /dev/null; rm -rf "$work"' EXIT
started=$SECONDS
# shellcheck source-path=SCRIPTDIR source=user_project.sh
. "$here/user_project.sh"
# shellcheck source-path=SCRIPTDIR source=github_jobs.sh
. "$here/github_jobs.sh"
runner_arguments=()

rm -rf "$cluster"
slurm_conf="$(TALLY_SLURM_PORT="$slurm_port" "$cluster_script" start "$cluster" 2)" ||
  fail "the Slurm cluster did not start (logs in $cluster/log)"
export "${slurm_conf?}"

python3 "$here/doc_snippets.py" "$source_dir" github-snippets "$work/snippets" > /dev/null
snippet="$(grep -l "slurm-submit:" "$work/snippets/"*.yml)" || fail "no GitHub snippet of the docs sets slurm-submit"
# workflow_variant FILE KEY=VALUE...: the snippet with these inputs of its tally step set.
workflow_variant() {
  python3 - "$snippet" "$@" << 'PYTHON' || fail "the workflow cannot be written from $snippet"
import sys
import yaml

source, target, *changes = sys.argv[1:]
workflow = yaml.safe_load(open(source))
step = next(s for s in workflow["jobs"]["tally"]["steps"] if str(s.get("uses", "")).startswith("your-org/tally/ci/github@"))
for change in changes:
    key, value = change.split("=", 1)
    step["with"][key] = value
yaml.safe_dump(workflow, open(target, "w"), sort_keys=False)
PYTHON
}

new_project slurm
c1="$(commit 1 "Example solver")"
imbalance && c2="$(commit 2 "Refine the solve step")"
repository='"repository": {"full_name": "example/app", "name": "app", "default_branch": "main", "owner": {"login": "example"}}'

# study_documents NAME COMMIT JOBS: the study's 6 documents of COMMIT (slurm_study_documents.py) in
# JOBS Slurm jobs.
study_documents() {
  python3 "$here/slurm_study_documents.py" "$work/ws-$1/tally-history" "$2" "$3" "$test_name" ||
    fail "$1: the study's documents"
}

workflow="$work/allocation.yml"
workflow_variant "$workflow" new-history=true
printf '{"ref": "refs/heads/main", "after": "%s", %s}\n' "$c1" "$repository" > "$work/allocation.event.json"
job allocation push "$c1" refs/heads/main
check allocation 'r["conclusion"] == "success"' "the first push on the cluster must pass"
check allocation '"in one Slurm allocation: salloc -p debug -N 2" in log' "the study did not ask salloc"
study_documents allocation "$c1" 1

workflow="$work/per-configuration.yml"
workflow_variant "$workflow" slurm-submit= slurm-args= \
  "command=sbatch --wait -p debug -N {nodes} --ntasks-per-node={node_ranks} -t 5 --wrap 'srun -n {ranks} {program}'"
printf '{"ref": "refs/heads/main", "before": "%s", "after": "%s", %s}\n' "$c1" "$c2" "$repository" > "$work/per-configuration.event.json"
job per-configuration push "$c2" refs/heads/main
check per-configuration 'r["conclusion"] == "success" and steps["Gate"]["exit_code"] == 0' \
  "the imbalanced commit's first comparison, one job per configuration, must pass the job (inconclusive)"
check per-configuration '"confirms it A/B on this runner" in log' "the gate did not say how to confirm its verdict A/B"
check per-configuration '"in one Slurm allocation" not in log' "one job per configuration must not ask an allocation around the study"
check per-configuration '"inconclusive" in r["summary"].lower() and "solve" in r["summary"] and "load balance" in r["summary"]' \
  "the job summary does not report the inconclusive move in solve (load balance)"
study_documents per-configuration "$c2" 6

echo "$test_name: 2 jobs of the GitHub action on a 2-node Slurm cluster (one allocation: green, history" \
  "started; one batch job per configuration on the imbalanced commit: inconclusive naming load balance) in" \
  "$((SECONDS - started)) s"
