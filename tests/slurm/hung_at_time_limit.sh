#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A step that would be killed at its job's time limit leaves the named hung document first: in a
# job of 1 minute on the cluster of cluster.sh, two ranks on two nodes deadlock in MPI_Recv inside
# step > exchange (hang_cases deadlock) with the hang timeout off. tally run learns the job's end
# from squeue; 30 s before it the watchdog names rank 0's wait and writes the run as hung, with the
# job's end recorded. By default the job is cancelled once the document is there (about 30 s);
# with UNTIL_KILLED=1 the test waits for Slurm to kill the step at the limit and checks the
# document afterwards (60 to 90 s: Slurm checks limits periodically).
# Usage: hung_at_time_limit.sh TALLY LIBTALLY HANG_CASES CLUSTER_FOLDER
set -euo pipefail
TEST=hung_at_time_limit
# shellcheck source=tests/slurm/cluster_test.sh
source "$(dirname "$0")/cluster_test.sh"
start_test_cluster 2 "$@"

start=$(date +%s)
salloc -Q -N 2 -t 1 -J hung "$tally" run --output "$runs" --hang-timeout off --counters off \
  -- srun -N 2 --ntasks-per-node=1 --mpi=pmix "$program" deadlock > "$folder/job.log" 2>&1 &
allocation=$!
document=""
for _ in $(seq 120); do
  document="$(grep -l '"outcome": "hung"' "$runs"/*.json 2> /dev/null | head -n 1 || true)"
  [ -n "$document" ] && break
  sleep 0.5
done
written=$(($(date +%s) - start))
[ -n "$document" ] || fail "no hung document after $written s: $(cat "$folder/job.log")"
if [ "${UNTIL_KILLED:-0}" = 1 ]; then
  wait "$allocation" || true
  echo "hung_at_time_limit: the job ended after $(($(date +%s) - start)) s: $(grep -o 'CANCELLED.*\|TIME LIMIT' "$folder/job.log" | head -n 1)"
else
  scancel --name hung
  wait "$allocation" || true
fi
echo "hung_at_time_limit: hung document written after $written s"

python3 - "$document" << 'PYTHON' || fail "the hung document does not name the wait: $(cat "$document")"
import json
import sys

document = json.load(open(sys.argv[1]))
run = document["run"]
hang = run["hang"]
problems = []
if hang["rank"] != 0 or hang["call"] != "MPI_Recv" or hang["regions"] != ["step", "exchange"]:
    problems.append(f"hang {hang}, expected rank 0 in MPI_Recv in step > exchange")
if hang["host"] != "n1":
    problems.append(f"hang on host {hang['host']}, expected n1 (Slurm's name)")
job = run.get("job", {})
if "end_time" not in job or job.get("node_list") != "n[1-2]":
    problems.append(f"job {job}: expected its end and node list n[1-2]")
for problem in problems:
    print("hung_at_time_limit:", problem, file=sys.stderr)
sys.exit(1 if problems else 0)
PYTHON
echo "hung_at_time_limit: passed"
