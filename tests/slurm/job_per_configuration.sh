#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The per-configuration recipe of docs/slurm.md on a real Slurm cluster (cluster.sh), under each MPI
# family, with nothing chosen by hand: `tally run --nodes 1,2 --node-ranks 2 -- sbatch --wait
# -N {nodes} --ntasks-per-node={node_ranks} --wrap 'srun ... imbalance 200 8'` (units of 200 ms, so
# that late wake-ups of ranks sharing 2 cores stay inside the tolerance). tally run finds the
# program inside --wrap's value and preloads its family's library, Open MPI's program under PMIx,
# MPICH's under PMI-2. The imbalanced example's rank r works r+1 units, so by hand the load balance
# is (1+2)/(2*2) = 0.75 on 1 node (2 ranks) and (1+2+3+4)/(4*4) = 0.625 on 2 nodes (4 ranks), each
# within 0.01, and each document names the family's MPI. Without MPICH_IMBALANCE (a build without
# the MPICH family), Open MPI's alone. Open MPI's study runs inside a job of 10 minutes, as a CI job
# that is a Slurm job runs it (Jacamar CI): each of its jobs' documents records its own end, 5 minutes
# (-t 5) after its program started, not the outer job's 10.
# Usage: job_per_configuration.sh TALLY - OPENMPI_IMBALANCE CLUSTER_FOLDER [MPICH_IMBALANCE]
set -euo pipefail
TEST=job_per_configuration
# shellcheck source=tests/slurm/cluster_test.sh
source "$(dirname "$0")/cluster_test.sh"
start_test_cluster 2 "$@"
mpich_program="${5:-}"
# tally run chooses each run's library itself, from the libraries beside it.
unset TALLY_LIBRARY

study() {
  local family="$1" mpi="$2" program="$3"
  shift 3
  local start
  start=$(date +%s)
  "$@" "$tally" run --experiment "jobs_$family" --output "$runs" --nodes 1,2 --node-ranks 2 --counters off -- \
    sbatch --wait -Q -N '{nodes}' --ntasks-per-node='{node_ranks}' -t 5 -o "$folder/$family-%j.out" \
    --wrap "srun --mpi=$mpi $program 200 8" > "$folder/$family.log" 2>&1 ||
    fail "the $family study failed: $(cat "$folder/$family.log" "$folder/$family"-*.out)"
  echo "job_per_configuration: $family, 2 jobs in $(($(date +%s) - start)) s"
}
study openmpi pmix "$program" salloc -Q -N 1 -t 10 -J outer
families=(jobs_openmpi)
if [ -n "$mpich_program" ]; then
  study mpich pmi2 "$mpich_program"
  families+=(jobs_mpich)
fi

python3 - "$runs" "${families[@]}" << 'PYTHON' || fail "the documents differ from the values derived by hand"
import datetime
import json
import pathlib
import sys


def utc(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


expected = {1: 0.75, 2: 0.625}  # nodes: load balance of Global, by hand
libraries = {"jobs_openmpi": "Open MPI", "jobs_mpich": "MPICH"}
studies = sys.argv[2:]
seen, problems = set(), []
for path in sorted(pathlib.Path(sys.argv[1]).glob("*.json")):
    document = json.loads(path.read_text())
    experiment = document["run"]["experiment"]
    nodes = document["resources"]["nodes"]
    seen.add((experiment, nodes))
    library = document["environment"]["mpi_library"]
    if not library.startswith(libraries[experiment]):
        problems.append(f"{experiment}, {nodes} nodes: MPI library {library}")
    if experiment == "jobs_openmpi":
        # Its own job's limit from its program's start; the outer job would give 600 s.
        job_end = document["run"].get("job", {}).get("end_time")
        left = (utc(job_end) - utc(document["run"]["start_time"])).total_seconds() if job_end else None
        if left is None or not 290 <= left <= 305:
            problems.append(f"{experiment}, {nodes} nodes: the job ends {left} s after the run's start, expected 300")
    global_region = next(region for region in document["regions"] if region["name"] == "Global")
    load_balance = global_region["metrics"]["mpi_load_balance"]
    if abs(load_balance - expected[nodes]) > 0.01:
        problems.append(f"{experiment}, {nodes} nodes: load balance {load_balance:.4f}, by hand {expected[nodes]}")
if seen != {(experiment, nodes) for experiment in studies for nodes in expected}:
    problems.append(f"documents of {sorted(seen)}, expected 1 and 2 nodes of {studies}")
for problem in problems:
    print("job_per_configuration:", problem, file=sys.stderr)
sys.exit(1 if problems else 0)
PYTHON
echo "job_per_configuration: passed"
