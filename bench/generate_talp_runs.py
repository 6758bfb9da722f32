#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes a synthetic history of DLB TALP documents (DLB 3.7 layout, as in the real files of
/work/shared/fixtures/dlb-talp, with talp-pages' `metadata`) for measuring `tally pages` on TALP
input: COMMITS commits x CONFIGS configurations (1, 2, 4, ... ranks, 4 a node) x REPS repetitions,
each with REGIONS regions (default 100 x 4 x 5 x 30: 2,000 documents, 82 MB). Like DLB's default
`--talp-summary=pop-metrics`, a document holds the `Application` summary only. The times are
consistent sums of per-rank times, not realistic; one region in ten computes 20% longer from the
middle of the history on.
Usage: generate_talp_runs.py FOLDER [COMMITS CONFIGS REPS REGIONS]"""
import json
import os
import random
import sys

ZERO_FIELDS = ("mpiWorkerIdleTime", "ompLoadImbalanceTime", "ompSchedulingTime", "ompSerializationTime",
               "gpuRuntimeTime")


def process_times(ranks, rng, scale):
    """(useful, mpi, elapsed) of each rank: rank i computes for a while, then waits in MPI."""
    useful = [int(scale * (1.0 + 0.3 * rng.random())) for _ in range(ranks)]
    elapsed = max(useful) + int(0.05 * scale)
    return [(u, elapsed - u if ranks > 1 else 0, elapsed) for u in useful]


def process_record(ranks, times, calls):
    """The per-process values that TALP sums into a region's summary."""
    useful, mpi, elapsed = times
    return {"cycles": 2 * useful, "instructions": 3 * useful, "numMpiCalls": calls if ranks > 1 else 0,
            "elapsedTime": elapsed, "usefulTime": useful, "mpiTime": mpi}


def summary(ranks, processes):
    """The region's `Application` record: TALP's sums of its processes and rounded efficiencies."""
    useful = sum(p["usefulTime"] for p in processes)
    mpi = sum(p["mpiTime"] for p in processes)
    elapsed = max(p["elapsedTime"] for p in processes)
    nodes = max(1, (ranks + 3) // 4)
    efficiency = round(useful / (ranks * elapsed), 2)
    balance = round(useful / (ranks * max(p["usefulTime"] for p in processes)), 2)
    out = {"numCpus": ranks, "numOmpThreads": 0, "numMpiRanks": ranks, "numNodes": nodes, "avgCpus": float(ranks),
           "numGpus": 0, "cycles": sum(p["cycles"] for p in processes),
           "instructions": sum(p["instructions"] for p in processes), "numMeasurements": 5 * ranks,
           "numMpiCalls": sum(p["numMpiCalls"] for p in processes), "numOmpParallels": 0, "numOmpTasks": 0,
           "numGpuRuntimeCalls": 0, "elapsedTime": elapsed, "usefulTime": useful, "mpiTime": mpi}
    out.update(dict.fromkeys(ZERO_FIELDS, 0))
    out.update({"minMpiNormdProc": min(p["mpiTime"] for p in processes), "minMpiNormdNode": mpi // nodes,
                "gpuUsefulTime": 0, "gpuCommunicationTime": 0, "gpuInactiveTime": 0, "maxGpuUsefulTime": 0,
                "maxGpuActiveTime": 0, "parallelEfficiency": efficiency, "mpiParallelEfficiency": efficiency,
                "mpiCommunicationEfficiency": round(efficiency / balance, 2), "mpiLoadBalance": balance,
                "mpiLoadBalanceIn": balance, "mpiLoadBalanceOut": 1.0, "ompParallelEfficiency": 1.0,
                "ompLoadBalance": 1.0, "ompSchedulingEfficiency": 1.0, "ompSerializationEfficiency": 1.0,
                "deviceOffloadEfficiency": 1.0, "gpuParallelEfficiency": 0.0, "gpuLoadBalance": 0.0,
                "gpuCommunicationEfficiency": 0.0, "gpuOrchestrationEfficiency": 0.0})
    return out


def talp_document(ranks, regions, rng, slower, metadata, timestamp):
    names = ["Global"] + ["region_%02d" % g for g in range(1, regions)]
    processes = {}
    for g, name in enumerate(names):
        scale = 1e9 / ranks * (1.2 if slower and g % 10 == 3 else 1.0)
        processes[name] = [process_record(ranks, times, 2 * (g + 1)) for times in process_times(ranks, rng, scale)]
    nodes = max(1, (ranks + 3) // 4)
    return {"dlbVersion": "3.7.0+63-9d67", "timestamp": timestamp,
            "resources": {"numCpus": ranks, "numAvailableCpus": ranks, "numNodes": nodes, "numMpiRanks": ranks,
                          "numGpus": 0},
            "Application": {name: summary(ranks, records) for name, records in processes.items()},
            "metadata": metadata}


def main():
    folder = sys.argv[1]
    commits, configs, reps, regions = (int(a) for a in (sys.argv[2:6] or [100, 4, 5, 30]))
    rng = random.Random(42)
    for c in range(commits):
        day, hour = divmod(c, 24)
        commit_time = "2026-%02d-%02dT%02d:00:00" % (1 + day // 28, 1 + day % 28, hour)
        metadata = {"gitCommit": "%040x" % rng.getrandbits(160), "gitBranch": "main", "gitTimestamp": commit_time,
                    "defaultGitBranch": "main", "isMergeRequest": False}
        for k in range(configs):
            for r in range(reps):
                timestamp = "2026-%02d-%02dT%02d:%02d:%02d" % (1 + day // 28, 1 + day % 28, hour, 10 + k, r)
                document = talp_document(2 ** k, regions, rng, c >= commits // 2, metadata, timestamp)
                path = os.path.join(folder, "%04d" % c, "talp-c%04d-k%d-r%d.json" % (c, k, r))
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as out:
                    json.dump(document, out, indent=2)


if __name__ == "__main__":
    main()
