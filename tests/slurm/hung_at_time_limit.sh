#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A step that would be killed at its time limit leaves the named hung document first, whichever
# limit comes first: its job's or its own. On the cluster of cluster.sh, two allocations at once,
# each with two ranks on two nodes deadlocked in MPI_Recv inside step > exchange (hang_cases
# deadlock), the hang timeout off:
#   job   a job of 1 minute (salloc -t 1): tally run learns the job's end from squeue;
#   step  a step of 1 minute (srun -t 1) in a job of 10: tally run reads the step's own limit.
# 30 s before each end the watchdog names rank 0's wait and writes the run as hung, with the end
# recorded. By default the jobs are cancelled once both documents are there (about 30 s); with
# UNTIL_KILLED=1 the test waits for Slurm to kill the steps at their limits and checks the documents
# afterwards (60 to 90 s: Slurm checks limits periodically).
# Usage: hung_at_time_limit.sh TALLY LIBTALLY HANG_CASES CLUSTER_FOLDER
set -euo pipefail
TEST=hung_at_time_limit
# shellcheck source=tests/slurm/cluster_test.sh
source "$(dirname "$0")/cluster_test.sh"
start_test_cluster 2 "$@"

start=$(date +%s)
hang() {
  local limit="$1" job_time="$2"
  shift 2
  salloc -Q -N 2 -t "$job_time" -J hung "$tally" run --output "$runs/$limit" --hang-timeout off --counters off \
    -- srun "$@" -N 2 --ntasks-per-node=1 --mpi=pmix "$program" deadlock > "$folder/$limit.log" 2>&1 &
}
hang job 1
hang step 10 -t 1
documents=()
for _ in $(seq 120); do
  documents=()
  for limit in job step; do
    document="$(grep -l '"outcome": "hung"' "$runs/$limit"/*.json 2> /dev/null | head -n 1 || true)"
    [ -n "$document" ] && documents+=("$document")
  done
  [ "${#documents[@]}" -eq 2 ] && break
  sleep 0.5
done
written=$(($(date +%s) - start))
[ "${#documents[@]}" -eq 2 ] ||
  fail "${#documents[@]} hung documents of 2 after $written s: $(cat "$folder/job.log" "$folder/step.log")"
if [ "${UNTIL_KILLED:-0}" = 1 ]; then
  wait || true
  echo "hung_at_time_limit: the jobs ended after $(($(date +%s) - start)) s: $(grep -ho 'CANCELLED.*\|TIME LIMIT' "$folder/job.log" "$folder/step.log")"
else
  scancel --name hung
  wait || true
fi
echo "hung_at_time_limit: both hung documents written after $written s"

python3 - "${documents[@]}" << 'PYTHON' || fail "a hung document does not name the wait: $(cat "${documents[@]}")"
import json
import sys

problems = []
for path in sys.argv[1:]:
    run = json.load(open(path))["run"]
    hang = run["hang"]
    if hang["rank"] != 0 or hang["call"] != "MPI_Recv" or hang["regions"] != ["step", "exchange"]:
        problems.append(f"{path}: hang {hang}, expected rank 0 in MPI_Recv in step > exchange")
    if hang["host"] != "n1":
        problems.append(f"{path}: hang on host {hang['host']}, expected n1 (Slurm's name)")
    job = run.get("job", {})
    if "end_time" not in job or job.get("node_list") != "n[1-2]":
        problems.append(f"{path}: job {job}: expected its end and node list n[1-2]")
for problem in problems:
    print("hung_at_time_limit:", problem, file=sys.stderr)
sys.exit(1 if problems else 0)
PYTHON
echo "hung_at_time_limit: passed"
