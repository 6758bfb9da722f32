#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The GitLab template's Slurm variant under gitlab-ci-local (gitlab_local.sh) against a real Slurm
# cluster of two nodes on this machine (tests/slurm/cluster.sh, stopped when the test ends): the
# user project of the docs with their `slurm` variables, the study across 1 and 2 nodes of 2 ranks
# as srun steps inside one allocation, the runner a shell runner on the "login node" (this machine).
#   commit 1 (TALLY_NEW_HISTORY=1, TALLY_SLURM_SUBMIT=salloc): green; the history starts
#   commit 2 (rank r works 1 + r more units in region solve, TALLY_SLURM_SUBMIT=sbatch): the history
#     of pipeline 1 fetched from the Pages site, the gate red naming load balance
# Checks: TALLY_SLURM_SUBMIT=qsub refused (exit 2) before anything runs; the job statuses; each study's 6 documents (1 and 2 nodes × 3 repetitions) ran as steps of
# one Slurm job on 2 ranks per node, on the nodes of the cluster (n1, n2); the gate's reports.
# Usage: gitlab_slurm_pipeline.sh BUILD_DIR SOURCE_DIR NPM_TOOLS_DIR CLUSTER_FOLDER
# Needs root and Slurm's daemons (ctest registers it only then); exit 77 when Node is missing.
set -euo pipefail
build_dir="$1" source_dir="$2" tools="$3" cluster="$4"
test_name="gitlab_slurm_pipeline"
here="$(cd "$(dirname "$0")" && pwd)"
slurm_port="${TALLY_SLURM_PORT:-16800}" # cluster.sh's; the project below clears TALLY_* variables
# Each node binds its own folder on /tmp: the jobs' files must lie where every node sees them.
mkdir -p "$cluster.tmp"
TMPDIR="$(cd "$cluster.tmp" && pwd)"
export TMPDIR
# shellcheck source-path=SCRIPTDIR source=gitlab_local.sh
. "$here/gitlab_local.sh"

cluster_script="$source_dir/tests/slurm/cluster.sh"
"$cluster_script" stop "$cluster" > /dev/null # one a killed run of the test left behind
trap '"$cluster_script" stop "$cluster" > /dev/null; cleanup' EXIT
rm -rf "$cluster"
slurm_conf="$(TALLY_SLURM_PORT="$slurm_port" "$cluster_script" start "$cluster" 2)" ||
  fail "the Slurm cluster did not start (logs in $cluster/log)"
export "${slurm_conf?}"

new_project slurm
python3 "$here/doc_snippets.py" "$source_dir" gitlab-ci "$work/dev/.gitlab-ci.yml" --with slurm \
  --placeholder "https://<where tally lives>=http://127.0.0.1:$port/tally" ||
  fail "the .gitlab-ci.yml cannot be written from the docs' snippets"
grep -q "TALLY_SLURM_ARGS: -p debug -N 2" "$work/dev/.gitlab-ci.yml" || fail "the slurm snippet asks for no 2 nodes"
balanced="$(commit 1 "Example solver")"
imbalance && imbalanced="$(commit 2 "Refine the solve step")"

# A submission that is not Slurm's fails at once, naming the variable, before anything is written.
code=0
(cd "$work/dev" && TALLY_SLURM_SUBMIT="qsub" "$prefix/share/tally/ci/tally-study.sh" --history "$work/no-history" \
  -- true) 2> "$work/qsub.err" || code=$?
[ "$code" = 2 ] && grep -q "TALLY_SLURM_SUBMIT is 'qsub': salloc, sbatch or empty" "$work/qsub.err" &&
  [ ! -e "$work/no-history" ] || fail "TALLY_SLURM_SUBMIT=qsub: exit $code, $(cat "$work/qsub.err")"

# study_documents NAME COMMIT: the tally-study job's 6 documents (slurm_study_documents.py), every
# run a step of one job.
study_documents() {
  python3 "$here/slurm_study_documents.py" "$work/$1/.gitlab-ci-local/builds/tally-study/tally-history" "$2" 1 \
    "$test_name" || show "$1" "the study's documents"
}

pipeline slurm-1 slurm "$balanced" --variable TALLY_NEW_HISTORY=1
expect slurm-1 tally-build=PASS tally-study=PASS pages=PASS tally-gate=PASS
grep -q "in one Slurm allocation: salloc -p debug -N 2" "$work/slurm-1.log" || show slurm-1 "the study did not ask salloc"
study_documents slurm-1 "$balanced"
grep -q "<failure" "$(artifacts slurm-1 tally-gate)/tally-gate/gate.xml" && show slurm-1 "the JUnit report has a failure"
deploy slurm-1

pipeline slurm-2 slurm "$imbalanced" --variable TALLY_SLURM_SUBMIT=sbatch
expect slurm-2 tally-build=PASS tally-study=PASS pages=PASS tally-gate=FAIL
grep -q "as one Slurm batch job: sbatch --wait -p debug -N 2" "$work/slurm-2.log" || show slurm-2 "the study did not ask sbatch"
grep -q "fetched 6 documents from $pages_url/tally-history.tar.gz" "$work/slurm-2.log" ||
  show slurm-2 "the history of pipeline 1 was not fetched from the Pages site"
study_documents slurm-2 "$imbalanced"
gate="$(artifacts slurm-2 tally-gate)/tally-gate"
grep -q "<failure" "$gate/gate.xml" || show slurm-2 "the JUnit report has no failure"
grep -qi "load balance" "$gate/gate.md" || show slurm-2 "the report does not attribute the regression to load balance"

echo "$test_name: 2 pipelines on a 2-node Slurm cluster (salloc: green, history started; sbatch on the" \
  "imbalanced commit: red naming load balance) in $((SECONDS - started)) s"
