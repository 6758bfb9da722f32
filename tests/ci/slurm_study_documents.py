# SPDX-License-Identifier: BSD-3-Clause
"""The 6 documents of one commit's study on the two-node test cluster (the CI tests' Slurm variants):
3 repetitions at 1 node of 2 ranks and at 2 nodes of 4, as many Slurm jobs of partition debug as
expected (one allocation: 1; one job per configuration: 6), on the cluster's nodes n1 and n2.

Usage: slurm_study_documents.py FOLDER COMMIT JOBS TEST_NAME    exit 1, each problem on stderr"""
import json
import pathlib
import sys


def main():
    folder, commit, expected_jobs, test_name = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    documents = [json.loads(path.read_text()) for path in pathlib.Path(folder).rglob("*.json")]
    documents = [d for d in documents if d.get("source", {}).get("commit") == commit]
    points = sorted((d["resources"]["nodes"], d["resources"]["ranks"]) for d in documents)
    jobs = {d["run"].get("job", {}).get("id") for d in documents}
    hosts = {host for d in documents for host in d["resources"]["hosts"]}
    problems = []
    if points != [(1, 2)] * 3 + [(2, 4)] * 3:
        problems.append(f"(nodes, ranks) of the runs: {points}, expected 3 × (1, 2) and 3 × (2, 4)")
    if (len(jobs) != expected_jobs or None in jobs
            or any(d["run"]["job"].get("partition") != "debug" for d in documents)):
        problems.append(f"the runs' Slurm jobs: {jobs}, expected {expected_jobs} of partition debug")
    if hosts != {"n1", "n2"}:
        problems.append(f"the runs' hosts: {sorted(hosts)}, expected n1 and n2")
    for problem in problems:
        print(f"{test_name}:", problem, file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
