#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes a synthetic history of run documents for measuring `tally pages`: COMMITS commits x
CONFIGS configurations x REPS repetitions, each with REGIONS regions (default 500 x 4 x 5 x 30,
i.e. 10,000 documents). The numbers are consistent (aggregates of per-rank times), not realistic.
Regions form a two-level tree under Global and carry MPI counts; those of one region in ten
change once, half-way through the history, as when a commit adds a collective to a phase.
Usage: generate_runs.py FOLDER [COMMITS CONFIGS REPS REGIONS]"""
import json
import os
import random
import sys
from fractions import Fraction


def process_records(ranks, rng, scale):
    """One region's processes as the fold takes them (model::ProcessRecord): rank i computes
    useful[i] ns, waits in MPI for the rest of the region, and 4 ranks share a node."""
    useful = [int(scale * (1.0 + 0.3 * rng.random())) for _ in range(ranks)]
    elapsed = max(useful) + int(0.05 * scale)
    per_node = ranks // max(1, ranks // 4)
    return [{"visits": 1, "threads": 1, "elapsed_ns": elapsed, "useful_ns": u, "mpi_ns": elapsed - u,
             "useful_instructions": 3 * u, "useful_cycles": 2 * u, "node": rank // per_node}
            for rank, u in enumerate(useful)]


def region_raw(records):
    """The fold of single-threaded records with counters (model::RegionFold), written out here to
    generate 10,000 documents quickly; tests/model/check_generators_fold.py checks it against the C++ one."""
    by_node = {}
    for record in records:
        by_node.setdefault(record["node"], []).append(record["useful_ns"])
    # The largest average, compared exactly; on a tie the lowest node.
    busiest = max((by_node[node] for node in sorted(by_node)), key=lambda times: Fraction(sum(times), len(times)))
    return {
        "processes": len(records), "threads_per_process": 1, "nodes": len(by_node),
        "elapsed_ns": max(r["elapsed_ns"] for r in records), "useful_ns": sum(r["useful_ns"] for r in records),
        "mpi_ns": sum(r["mpi_ns"] for r in records), "outside_mpi_max_ns": max(r["useful_ns"] for r in records),
        "busiest_node_outside_mpi_ns": sum(busiest), "busiest_node_processes": len(busiest),
        "counters": {"useful_instructions": sum(r["useful_instructions"] for r in records),
                     "useful_cycles": sum(r["useful_cycles"] for r in records)},
    }


MPI_CALL_KINDS = ("point_to_point", "nonblocking_point_to_point", "persistent", "collective", "nonblocking_collective",
                  "wait_test", "probe", "one_sided", "one_sided_sync", "io", "nonblocking_io", "collective_io",
                  "communicator", "window", "dynamic_process")


def parent_of(region):
    """Regions 1-5 run inside Global, the others inside one of those five."""
    if region == 0:
        return None
    return "Global" if region <= 5 else "region_%02d" % ((region - 1) % 5 + 1)


def mpi_counts(ranks, region, later):
    """Every rank makes the same calls: a halo exchange of 8 kB messages (none on one rank) waited
    for, and collectives of 1 kB; `later` commits make one collective more in one region of ten."""
    sends = 2 * (region + 1) if ranks > 1 else 0
    collectives = 3 + (1 if later and region % 10 == 3 else 0)
    by_kind = dict.fromkeys(MPI_CALL_KINDS, 0)
    by_kind.update({"nonblocking_point_to_point": ranks * 2 * sends, "wait_test": ranks * sends,
                    "collective": ranks * collectives})
    calls = sum(by_kind.values())
    return {"calls": calls, "calls_max": calls // ranks, "calls_by_kind": by_kind, "bytes_sent": ranks * sends * 8192,
            "bytes_received": ranks * sends * 8192, "collective_bytes": ranks * collectives * 1024}


def region_document(region, ranks, rng, later):
    document = {"name": "Global" if region == 0 else "region_%02d" % region, "visits": ranks,
                "raw": region_raw(process_records(ranks, rng, 1e9 / ranks)), "metrics": {}}
    document["raw"]["mpi"] = mpi_counts(ranks, region, later)
    if parent_of(region):
        document["parent"] = parent_of(region)
    return document


def main():
    folder = sys.argv[1]
    commits, configs, reps, regions = (int(a) for a in (sys.argv[2:6] or [500, 4, 5, 30]))
    rng = random.Random(42)
    for c in range(commits):
        sha = "%040x" % rng.getrandbits(160)
        day, hour = divmod(c, 24)
        commit_time = "2026-%02d-%02dT%02d:00:00Z" % (1 + day // 28, 1 + day % 28, hour)
        for k in range(configs):
            ranks = 2 ** k
            for r in range(reps):
                run_id = "c%04d-r%d-k%d" % (c, r, k)
                document = {
                    "schema": "tally.run/8", "tally_version": "0.1.0",
                    "run": {"id": run_id, "experiment": "strong-scaling", "label": "%d ranks" % ranks,
                            "start_time": commit_time, "end_time": commit_time, "command_line": ["./app"],
                            "scaling": "strong"},
                    "source": {"commit": sha, "branch": "main", "commit_time": commit_time, "is_merge_request": False},
                    "resources": {"nodes": max(1, ranks // 4), "ranks": ranks, "threads_per_rank": 1, "gpus": 0,
                                  "hosts": ["node%d" % n for n in range(max(1, ranks // 4))]},
                    "environment": {"cpu_model": "synthetic", "mpi_library": "Open MPI", "mpi_version": "4.1.4",
                                    "compiler": "gcc", "counters_available": True, "clock": "tsc"},
                    "regions": [region_document(g, ranks, rng, c >= commits // 2) for g in range(regions)],
                }
                path = os.path.join(folder, "%04d" % c, run_id + ".json")
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as out:
                    json.dump(document, out)


if __name__ == "__main__":
    main()
