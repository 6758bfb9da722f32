#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes the example run documents of this folder from per-rank, per-thread and per-device numbers.

Each rank's numbers become a per-process record (model::ProcessRecord) and the records are folded
into the raw aggregates here as the profiler folds them (model/region_fold.hpp: sums, maxima, the
busiest node); tests/model/check_generators_fold.py checks this fold against the C++ one. The
stored metrics come from the real model through `tally report --format json`, so no formula is
written twice. Usage: generate.py PATH/TO/tally
"""
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
STATES = ("useful", "mpi", "offload", "load_imbalance", "scheduling", "serialization")
# model/region_counts.hpp: the MPI call kinds, the copy directions, and the count slots (MPI calls,
# bytes, OpenMP counts, one per MPI kind, CUDA calls and launches, copies and bytes per direction,
# OpenACC constructs per kind, those on the host and enqueues per kind: none in these examples).
MPI_KINDS = ("point_to_point", "nonblocking_point_to_point", "persistent", "collective", "nonblocking_collective",
             "wait_test", "probe", "one_sided", "one_sided_sync", "io", "nonblocking_io", "collective_io",
             "communicator", "window", "dynamic_process")
MPI_BYTES = ("bytes_sent", "bytes_received", "collective_bytes")
OMP_COUNTS = ("parallels", "tasks")
COPY_DIRECTIONS = ("host_to_device", "device_to_host", "device_to_device", "host_to_host", "peer", "default")
OPENACC_SLOTS = 5 + 1 + 3


def thread(**states):
    """The time of one thread in each state, in ns; the states partition the thread's time."""
    return {state: states.get(state, 0) for state in STATES}


def phase(threads, visits=0, ghz=None, ipc=None, gpu=None, mpi=None, omp=(0, 0), cuda=None):
    """One rank inside one region: its threads, its visits, the clock rate and IPC of its useful
    state (when counters are on), the kernel and memory time of its GPU (when it has one), its
    MPI calls by kind and bytes (traffic()), its OpenMP parallel regions and tasks, and its CUDA
    runtime calls, launches and copies (offload_calls())."""
    return {"threads": threads, "visits": visits, "ghz": ghz, "ipc": ipc, "gpu": gpu, "mpi": mpi or traffic(0, {}),
            "omp": dict(zip(OMP_COUNTS, omp)), "cuda": cuda or offload_calls(0, 0, 0)}


def offload_calls(times, other_calls, launches, copies=None):
    """CUDA counts of `times` repetitions of a pattern of `launches` kernel launches, the copies
    {direction: (copies, bytes of each)} and `other_calls` more runtime calls."""
    copies = copies or {}
    copy_count = {d: times * copies.get(d, (0, 0))[0] for d in COPY_DIRECTIONS}
    return {"runtime_calls": times * (other_calls + launches) + sum(copy_count.values()),
            "kernel_launches": times * launches, "copies": copy_count,
            "copy_bytes": {d: times * copies.get(d, (0, 0))[0] * copies.get(d, (0, 0))[1] for d in COPY_DIRECTIONS}}


def traffic(times, calls, bytes_sent=0, bytes_received=0, collective_bytes=0):
    """MPI counts of `times` repetitions of a pattern: calls by kind and bytes of one repetition."""
    counts = {kind: times * calls.get(kind, 0) for kind in MPI_KINDS}
    counts.update(bytes_sent=times * bytes_sent, bytes_received=times * bytes_received,
                  collective_bytes=times * collective_bytes)
    return counts


def elapsed(p):
    times = {sum(t.values()) for t in p["threads"]}
    assert len(times) == 1, "every thread of a rank spends the same time in a region"
    return times.pop()


def total(p, state):
    return sum(t[state] for t in p["threads"])


def cycles(p):
    return round(total(p, "useful") * p["ghz"])


def instructions(p):
    return round(cycles(p) * p["ipc"])


def merge(phases, visits):
    """A rank's Global region: every phase of the rank, one after the other."""
    threads = [thread(**{s: sum(p["threads"][i][s] for p in phases) for s in STATES})
               for i in range(len(phases[0]["threads"]))]
    merged = phase(threads, visits)
    merged["counters"] = (sum(instructions(p) for p in phases), sum(cycles(p) for p in phases)) \
        if phases[0]["ghz"] else None
    gpus = [p["gpu"] for p in phases if p["gpu"]]
    merged["gpu"] = (sum(g[0] for g in gpus), sum(g[1] for g in gpus)) if gpus else None
    merged["mpi"] = {key: sum(p["mpi"][key] for p in phases) for key in MPI_KINDS + MPI_BYTES}
    merged["omp"] = {key: sum(p["omp"][key] for p in phases) for key in OMP_COUNTS}
    merged["cuda"] = {key: sum(p["cuda"][key] for p in phases) for key in ("runtime_calls", "kernel_launches")}
    merged["cuda"].update({key: {d: sum(p["cuda"][key][d] for p in phases) for d in COPY_DIRECTIONS}
                           for key in ("copies", "copy_bytes")})
    return merged


def counters_of(p):
    if "counters" in p:
        return p["counters"]
    return (instructions(p), cycles(p)) if p["ghz"] else None


def process_record(p, node):
    """One rank in one region as the fold takes it (model::ProcessRecord)."""
    counters = counters_of(p) or (0, 0)
    return {"visits": p["visits"], "threads": len(p["threads"]), "elapsed_ns": elapsed(p),
            "useful_ns": total(p, "useful"), "mpi_ns": total(p, "mpi"), "offload_ns": total(p, "offload"),
            "omp_load_imbalance_ns": total(p, "load_imbalance"), "omp_scheduling_ns": total(p, "scheduling"),
            "omp_serialization_ns": total(p, "serialization"),
            "useful_instructions": counters[0], "useful_cycles": counters[1], "node": node,
            "counts": [sum(p["mpi"][kind] for kind in MPI_KINDS)] + [p["mpi"][key] for key in MPI_BYTES] +
                      [p["omp"][key] for key in OMP_COUNTS] + [p["mpi"][kind] for kind in MPI_KINDS] +
                      [p["cuda"]["runtime_calls"], p["cuda"]["kernel_launches"]] +
                      [p["cuda"]["copies"][d] for d in COPY_DIRECTIONS] +
                      [p["cuda"]["copy_bytes"][d] for d in COPY_DIRECTIONS] + [0] * OPENACC_SLOTS}


def measured_groups(phases, measures):
    """The optional groups the region reports (model::MeasuredGroups)."""
    return {"counters": all(counters_of(p) for p in phases), "openmp": "openmp" in measures,
            "offload": "offload" in measures, "mpi": "mpi" in measures}


def outside_mpi(record):
    """C_i: every state but MPI, per thread, rounded up."""
    busy = sum(record[key] for key in ("useful_ns", "offload_ns", "omp_load_imbalance_ns", "omp_scheduling_ns",
                                       "omp_serialization_ns"))
    return -(-busy // record["threads"])


def host_raw(records, measured):
    """The raw aggregates but the device group: the fold of the records (model::RegionFold)."""
    outside = [outside_mpi(r) for r in records]
    by_node = {}
    for record, time in zip(records, outside):
        by_node.setdefault(record["node"], []).append(time)
    # The largest average, compared exactly; on a tie the lowest node.
    busiest = max((by_node[node] for node in sorted(by_node)), key=lambda times: Fraction(sum(times), len(times)))
    out = {
        "processes": len(records),
        "threads_per_process": max(r["threads"] for r in records),
        "nodes": len(by_node),
        "elapsed_ns": max(r["elapsed_ns"] for r in records),
        "useful_ns": sum(r["useful_ns"] for r in records),
        "mpi_ns": sum(r["mpi_ns"] for r in records),
    }
    if measured["offload"]:
        out["offload_ns"] = sum(r["offload_ns"] for r in records)
    out["outside_mpi_max_ns"] = max(outside)
    out["busiest_node_outside_mpi_ns"] = sum(busiest)
    out["busiest_node_processes"] = len(busiest)
    if measured["mpi"]:
        calls = [r["counts"][0] for r in records]
        first_kind = 1 + len(MPI_BYTES) + len(OMP_COUNTS)
        by_kind = {kind: sum(r["counts"][first_kind + i] for r in records) for i, kind in enumerate(MPI_KINDS)}
        out["mpi"] = {"calls": sum(calls), "calls_max": max(calls),
                      "calls_by_kind": by_kind,
                      **{key: sum(r["counts"][1 + i] for r in records) for i, key in enumerate(MPI_BYTES)}}
    if measured["openmp"]:
        out["openmp"] = {key + "_ns": sum(r["omp_" + key + "_ns"] for r in records)
                         for key in ("load_imbalance", "scheduling", "serialization")}
        out["openmp"].update({key: sum(r["counts"][1 + len(MPI_BYTES) + i] for r in records)
                              for i, key in enumerate(OMP_COUNTS)})
    if measured["counters"]:
        out["counters"] = {key: sum(r[key] for r in records) for key in ("useful_instructions", "useful_cycles")}
    if measured["offload"]:
        first = 1 + len(MPI_BYTES) + len(OMP_COUNTS) + len(MPI_KINDS)
        launches = [r["counts"][first + 1] for r in records]
        out["device"] = {"runtime_calls": sum(r["counts"][first] for r in records),
                         "kernel_launches": sum(launches), "kernel_launches_max": max(launches)}
        for key, start in (("copies", first + 2), ("copy_bytes", first + 2 + len(COPY_DIRECTIONS))):
            out["device"][key] = {d: sum(r["counts"][start + i] for r in records)
                                  for i, d in enumerate(COPY_DIRECTIONS)}
        out["device"]["runtime"] = "cuda"
    return out


def device_raw(phases):
    gpus = [p["gpu"] for p in phases if p["gpu"]]
    if not gpus:
        return None
    return {"devices": len(gpus),
            "kernel_ns": sum(g[0] for g in gpus),
            "kernel_max_ns": max(g[0] for g in gpus),
            "memory_ns": sum(g[1] for g in gpus),
            "active_max_ns": max(g[0] + g[1] for g in gpus)}


def per_rank(phases, nodes, measures):
    records = []
    for rank, p in enumerate(phases):
        record = {"rank": rank, "node": nodes[rank], "visits": p["visits"], "elapsed_ns": elapsed(p),
                  "useful_ns": total(p, "useful"), "mpi_ns": total(p, "mpi")}
        if "offload" in measures:
            record["offload_ns"] = total(p, "offload")
        records.append(record)
    return records


def fold_inputs(example):
    """Per region, Global (setup, every named region and teardown of each rank) first: its name,
    its ranks' phases, their records for the fold and the groups measured."""
    ranks = range(len(example["nodes"]))
    named = example["regions"]
    table = {"Global": [merge([example["outside"][r]] + [named[n][r] for n in named], 1) for r in ranks]}
    table.update(named)
    for name, phases in table.items():
        records = [process_record(p, node) for p, node in zip(phases, example["nodes"])]
        yield name, phases, records, measured_groups(phases, example["measures"])


def regions(example):
    out = []
    for name, phases, records, measured in fold_inputs(example):
        raw = host_raw(records, measured)
        device = device_raw(phases)
        if device:
            raw["device"] = dict(device, **raw.get("device", {}))  # the times, then the counts
        region = {"name": name}
        if name != "Global":
            region["parent"] = "Global"  # the examples' regions run one after the other, not nested
        region.update(visits=sum(r["visits"] for r in records), raw=raw, metrics={})
        if example["per_rank"]:
            region["per_rank"] = per_rank(phases, example["nodes"], example["measures"])
        out.append(region)
    return out


def flatten(tree, out):
    for node in tree:
        out[node["metric"]] = node["value"]
        flatten(node.get("children", []), out)
    return out


def write(path, document, tally):
    path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    report = json.loads(subprocess.run([tally, "report", "--format", "json", str(path)],
                                       check=True, capture_output=True, text=True).stdout)
    for region, computed in zip(document["regions"], report["regions"]):
        region["metrics"] = flatten(computed["metrics"], {})
    path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n")


def document(example, run, source, resources, environment):
    out = {"schema": "tally.run/8", "tally_version": "0.1.0", "run": run}
    if source:
        out["source"] = source
    out.update(resources=resources, environment=environment, regions=regions(example))
    return out


# MPI only, 4 ranks on 2 nodes. Ranks 2 and 3 (node 1) own more rows, so `compute` is imbalanced
# and the others wait for them in `halo_exchange`. Each of the 100 iterations exchanges rows of
# 8192 doubles (65,536 bytes) with each neighbour (Isend, Irecv, one Waitall): the edge ranks 0 and
# 3 have one neighbour, the others two. Outside the regions, one Allreduce of a double per iteration.
RESIDUAL = traffic(100, {"collective": 1}, collective_bytes=8)
EDGE_HALO = traffic(100, {"nonblocking_point_to_point": 2, "wait_test": 1}, 65_536, 65_536)
INNER_HALO = traffic(100, {"nonblocking_point_to_point": 4, "wait_test": 1}, 131_072, 131_072)
JACOBI = {
    "nodes": [0, 0, 1, 1],
    "measures": ("mpi",),
    "per_rank": True,
    "outside": [phase([thread(useful=212_503_110, mpi=43_118_200)], ghz=2.45, ipc=1.21, mpi=RESIDUAL),
                phase([thread(useful=211_870_440, mpi=43_552_910)], ghz=2.45, ipc=1.21, mpi=RESIDUAL),
                phase([thread(useful=213_004_120, mpi=43_019_530)], ghz=2.52, ipc=1.21, mpi=RESIDUAL),
                phase([thread(useful=212_198_760, mpi=42_807_300)], ghz=2.52, ipc=1.21, mpi=RESIDUAL)],
    "regions": {
        "halo_exchange": [phase([thread(useful=48_213_400, mpi=718_950_120)], 100, 2.45, 0.87, mpi=EDGE_HALO),
                          phase([thread(useful=49_875_210, mpi=599_410_630)], 100, 2.45, 0.87, mpi=INNER_HALO),
                          phase([thread(useful=47_990_310, mpi=257_120_440)], 100, 2.52, 0.87, mpi=INNER_HALO),
                          phase([thread(useful=50_102_880, mpi=121_205_770)], 100, 2.52, 0.87, mpi=EDGE_HALO)],
        "compute": [phase([thread(useful=2_412_000_000)], 100, 2.45, 1.62),
                    phase([thread(useful=2_530_000_000)], 100, 2.45, 1.62),
                    phase([thread(useful=2_874_000_000)], 100, 2.52, 1.62),
                    phase([thread(useful=3_008_000_000)], 100, 2.52, 1.62)],
    },
}

# MPI + OpenMP, 2 ranks x 2 threads on one node; each visit of `solve` is one parallel region.
# Thread 1 waits in barriers (load imbalance),
# in the runtime (scheduling), while thread 0 runs serial code (serialization) and, counted as
# MPI, while thread 0 is in MPI.
HYBRID = {
    "nodes": [0, 0],
    "measures": ("openmp",),
    "per_rank": False,
    "outside": [phase([thread(useful=98_412_000, mpi=31_588_000),
                       thread(serialization=98_412_000, mpi=31_588_000)]),
                phase([thread(useful=97_950_000, mpi=32_050_000),
                       thread(serialization=97_950_000, mpi=32_050_000)])],
    "regions": {
        "solve": [phase([thread(useful=1_402_118_400, scheduling=21_337_800, load_imbalance=76_543_800),
                         thread(useful=1_258_800_200, scheduling=19_864_600, load_imbalance=181_335_200,
                                serialization=40_000_000)], 50, omp=(50, 0)),
                  phase([thread(useful=1_519_640_200, scheduling=22_114_600, load_imbalance=58_245_200),
                         thread(useful=1_409_870_400, scheduling=28_902_400, load_imbalance=121_227_200,
                                serialization=40_000_000)], 50, omp=(50, 0))],
        "halo_exchange": [phase([thread(useful=20_416_000, mpi=229_584_000),
                                 thread(serialization=20_416_000, mpi=229_584_000)], 50),
                          phase([thread(useful=21_108_000, mpi=128_892_000),
                                 thread(serialization=21_108_000, mpi=128_892_000)], 50)],
    },
}

# CUDA, 2 ranks with one GPU each on one node. The host mostly waits inside the CUDA runtime;
# GPU 1 has more kernel work (4 kernels a step, rank 0 3), so rank 0 waits for rank 1 in MPI.
# Each rank copies its 64 MiB grid in and out around the run (with 6 more runtime calls: device
# selection, allocations, frees), synchronizes once a step, and exchanges halos of 64 KiB each way
# through the host twice a step.
GRID_COPIES = {"host_to_device": (1, 64 << 20), "device_to_host": (1, 64 << 20)}
HALO_COPIES = {"device_to_host": (2, 64 << 10), "host_to_device": (2, 64 << 10)}
CUDA = {
    "nodes": [0, 0],
    "measures": ("offload",),
    "per_rank": True,
    "outside": [phase([thread(useful=204_330_000, offload=312_004_000, mpi=48_110_000)], ghz=2.8, ipc=1.35,
                      gpu=(2_114_000, 61_220_000), cuda=offload_calls(1, 6, 0, GRID_COPIES)),
                phase([thread(useful=205_118_000, offload=311_960_000, mpi=47_379_000)], ghz=2.8, ipc=1.35,
                      gpu=(2_108_000, 61_874_000), cuda=offload_calls(1, 6, 0, GRID_COPIES))],
    "regions": {
        "timestep": [phase([thread(useful=301_455_120, offload=1_551_023_880, mpi=147_521_000)], 200, 2.8, 1.08,
                           gpu=(1_402_330_000, 98_114_000), cuda=offload_calls(200, 1, 3)),
                     phase([thread(useful=318_902_440, offload=1_629_877_560, mpi=51_207_000)], 200, 2.8, 1.08,
                           gpu=(1_481_902_000, 101_540_000), cuda=offload_calls(200, 1, 4))],
        "halo_exchange": [phase([thread(useful=10_220_400, offload=41_118_900, mpi=98_660_700)], 200, 2.8, 0.92,
                                gpu=(4_512_000, 33_870_000), cuda=offload_calls(200, 0, 0, HALO_COPIES)),
                          phase([thread(useful=10_104_800, offload=42_557_100, mpi=97_338_100)], 200, 2.8, 0.92,
                                gpu=(4_498_000, 34_615_000), cuda=offload_calls(200, 0, 0, HALO_COPIES))],
    },
}

ENVIRONMENT = {"cpu_model": "AMD EPYC 7763 64-Core Processor", "mpi_library": "Open MPI", "mpi_version": "4.1.4",
               "compiler": "GCC 12.2.0", "counters_available": True, "clock": "clock_gettime(CLOCK_MONOTONIC)"}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: generate.py PATH/TO/tally")
    tally = sys.argv[1]
    write(HERE / "jacobi_4ranks_2nodes.json", document(
        JACOBI,
        {"id": "jacobi-20261122T005209Z-n001-48213", "experiment": "strong-scaling", "label": "4 ranks",
         "start_time": "2026-11-22T00:52:09Z", "end_time": "2026-11-22T00:52:12.741Z",
         "command_line": ["./jacobi", "--grid", "8192", "--iterations", "100"], "scaling": "strong",
         "outcome": "completed"},
        {"commit": "3f9c2a1e7b6d4c5f8a0e1d2c3b4a59687f6e5d4c", "branch": "main",
         "commit_time": "2026-11-21T17:03:44Z", "is_merge_request": False, "default_branch": "main"},
        {"nodes": 2, "ranks": 4, "threads_per_rank": 1, "gpus": 0, "hosts": ["n001", "n002"]},
        ENVIRONMENT), tally)
    write(HERE / "hybrid_2ranks_2threads.json", document(
        HYBRID,
        {"id": "stencil-20261122T011530Z-n001-20416", "experiment": "hybrid", "label": "2 ranks x 2 threads",
         "start_time": "2026-11-22T01:15:30Z", "end_time": "2026-11-22T01:15:32.104Z",
         "command_line": ["./stencil_omp", "--size", "4096"], "outcome": "completed"},
        None,
        {"nodes": 1, "ranks": 2, "threads_per_rank": 2, "gpus": 0, "hosts": ["n001"]},
        dict(ENVIRONMENT, counters_available=False, compiler="Clang 14.0.6")), tally)
    write(HERE / "cuda_2ranks_2gpus.json", document(
        CUDA,
        {"id": "heat-20261122T020001Z-g001-30145", "experiment": "gpu", "label": "2 ranks, 2 GPUs",
         "start_time": "2026-11-22T02:00:01Z", "end_time": "2026-11-22T02:00:04.912Z",
         "command_line": ["./heat_cuda", "--steps", "200"], "outcome": "completed"},
        {"commit": "b81e0d95c4a3f2e1d0c9b8a7f6e5d4c3b2a19087", "branch": "feature/async-halo",
         "commit_time": "2026-11-21T22:41:17Z", "is_merge_request": True, "target_branch": "main",
         "default_branch": "main"},
        {"nodes": 1, "ranks": 2, "threads_per_rank": 1, "gpus": 2, "hosts": ["g001"]},
        dict(ENVIRONMENT, cpu_model="AMD EPYC 7713 64-Core Processor", compiler="NVHPC 23.9")), tally)


if __name__ == "__main__":
    main()
