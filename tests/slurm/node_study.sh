#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A study across 1, 2 and 4 nodes of a real Slurm cluster (cluster.sh), inside one allocation:
# `salloc -N 4 --ntasks-per-node=2 tally run --nodes 1,2,4 --node-ranks 2 -- srun -N {nodes} -n {ranks}
# --ntasks-per-node={node_ranks} imbalance`.
# The imbalanced example's rank r computes (r+1) units per step; srun places ranks in blocks, so
# node k holds ranks 2k and 2k+1. In the region compute, with C_r = r+1 (by hand):
#   1 node,  C = 1, 2:    load balance 1.5/2 = 0.75,  in-node 1.5/2 = 0.75,  inter-node 1.5/1.5 = 1
#   2 nodes, C = 1 .. 4:  load balance 2.5/4 = 0.625, in-node 3.5/4 = 0.875, inter-node 2.5/3.5 = 0.714
#   4 nodes, C = 1 .. 8:  load balance 4.5/8 = 0.5625, in-node 7.5/8 = 0.9375, inter-node 4.5/7.5 = 0.6
# (in-node: the busiest node's average over the largest; inter-node: the average over the busiest
# node's), each within 0.02. Each document names its nodes as Slurm does (N of n1..n4, the step's
# node list), and its job: the allocation's id, its step, the partition and the end of the time limit
# (from squeue, which tally run asks: Slurm 22.05 does not tell the steps).
# Usage: node_study.sh TALLY LIBTALLY IMBALANCE CLUSTER_FOLDER
set -euo pipefail
TEST=node_study
# shellcheck source=tests/slurm/cluster_test.sh
source "$(dirname "$0")/cluster_test.sh"
start_test_cluster 4 "$@"

start=$(date +%s)
salloc -Q -N 4 --ntasks-per-node=2 -t 10 \
  "$tally" run --experiment nodes --output "$runs" --nodes 1,2,4 --node-ranks 2 --counters off -- \
  srun -N '{nodes}' -n '{ranks}' --ntasks-per-node='{node_ranks}' --mpi=pmix "$program" 50 4 > "$folder/study.log" 2>&1 ||
  fail "the study failed: $(cat "$folder/study.log")"
echo "node_study: 3 runs in $(($(date +%s) - start)) s"

python3 - "$runs" << 'PYTHON' || fail "the documents differ from the values derived by hand"
import json
import pathlib
import subprocess
import sys

expected = {  # nodes: (load balance, in-node, inter-node) of region compute, by hand
    1: (0.75, 0.75, 1.0),
    2: (0.625, 0.875, 2.5 / 3.5),
    4: (0.5625, 0.9375, 0.6),
}
documents = [json.loads(path.read_text()) for path in sorted(pathlib.Path(sys.argv[1]).glob("*.json"))]
seen, problems = set(), []
for document in documents:
    nodes = document["resources"]["nodes"]
    seen.add(nodes)
    # Any nodes of the allocation: a step can start before the last one's nodes are free again.
    hosts = sorted(document["resources"]["hosts"])
    job = document["run"].get("job", {})
    listed = subprocess.run(["scontrol", "show", "hostnames", job.get("node_list", "")], capture_output=True,
                            text=True).stdout.split()
    if len(set(hosts)) != nodes or not set(hosts) <= {"n1", "n2", "n3", "n4"} or sorted(listed) != hosts:
        problems.append(f"{nodes} nodes: hosts {hosts}, node list {job.get('node_list')}: expected {nodes} of n1..n4")
    if document["resources"]["ranks"] != 2 * nodes:
        problems.append(f"{nodes} nodes: {document['resources']['ranks']} ranks")
    if job.get("scheduler") != "slurm" or not job.get("id") or job.get("partition") != "debug" \
            or "step" not in job or "end_time" not in job:
        problems.append(f"{nodes} nodes: job {job}, expected partition debug, a step and an end")
    compute = next(region for region in document["regions"] if region["name"] == "compute")["metrics"]
    measured = (compute["mpi_load_balance"], compute["mpi_load_balance_in"], compute["mpi_load_balance_out"])
    for name, value, hand in zip(("load balance", "in-node", "inter-node"), measured, expected[nodes]):
        if abs(value - hand) > 0.02:
            problems.append(f"{nodes} nodes: {name} {value:.4f}, by hand {hand:.4f}")
if seen != set(expected):
    problems.append(f"documents of {sorted(seen)} nodes, expected 1, 2 and 4")
for problem in problems:
    print("node_study:", problem, file=sys.stderr)
sys.exit(1 if problems else 0)
PYTHON
echo "node_study: passed"
