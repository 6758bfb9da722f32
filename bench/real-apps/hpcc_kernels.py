# SPDX-License-Identifier: BSD-3-Clause
"""HPCC kernel by kernel under tally and under DLB TALP, alternating (hpcc_kernels.sh builds it).

Runs HPCC (hpcc/hpccinf.txt) in each mode in turn (bare, under tally, under tally on CLOCK_MONOTONIC,
under TALP, under the clock-free sampler mpi_sampler.c; --modes chooses) and prints per region (each
kernel, Global, and "outside kernels": Global less the kernels) of each tool the median over the
runs of: the elapsed time (the longest rank), the useful and MPI time summed over ranks, the
parallel efficiency, communication efficiency and load balance, and the MPI calls. Then the same
per rank, and HPCC's own timings of its communicating kernels in every mode. A binary without the
kernel regions (Debian's /usr/bin/hpcc) gives Global alone (and the sampler nothing).
"""
import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from compare import METRICS, TALP_KEYS

HERE = pathlib.Path(__file__).resolve().parent
OUTSIDE = "outside kernels"
# HPCC's own timings of the kernels that communicate most (seconds, from hpccoutf.txt).
TIMED = ("HPL_time", "MPIRandomAccess_time", "MPIRandomAccess_CheckTime", "MPIRandomAccess_LCG_time",
         "MPIRandomAccess_LCG_CheckTime")
# tally-monotonic: tally reading CLOCK_MONOTONIC (as TALP does) instead of the TSC; sampler:
# mpi_sampler.c, the reference that reads no clock around MPI calls.
MODES = ("bare", "tally", "tally-monotonic", "talp", "sampler")


def run_once(mode, arguments, folder):
    """One run in a fresh folder; returns (seconds, HPCC's own timings, {region: record} or None
    bare). A record holds the metrics, calls, elapsed_s and per rank (useful_s, mpi_s)."""
    shutil.copy(HERE / "hpcc" / "hpccinf.txt", folder)
    environment = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                       HPCC_KERNELS=arguments.kernels)
    preload = ""
    if mode.startswith("tally"):
        preload = str(arguments.tally_library)
        environment.update(TALLY_OUTPUT=str(folder / "runs"), TALLY_PER_RANK="on")
        if mode == "tally-monotonic":
            environment["TALLY_CLOCK"] = "monotonic"
    elif mode == "sampler":
        preload = str(arguments.hpcc.parent.parent / "lib" / "mpi_sampler.so")
    elif mode == "talp":
        preload = str(arguments.dlb / "lib" / "libdlb_mpi.so")
        environment["DLB_ARGS"] = (f"--talp --talp-summary=pop-metrics:process "
                                   f"--talp-output-file={folder / 'talp.json'}")
    command = ["mpirun", "--oversubscribe", "-np", str(arguments.ranks), "-x", "LD_PRELOAD=" + preload,
               str(arguments.hpcc)]
    start = time.monotonic()
    done = subprocess.run(command, cwd=folder, env=environment, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if done.returncode != 0:
        sys.exit(f"hpcc_kernels: hpcc under {mode} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    timings = hpcc_timings(folder / "hpccoutf.txt")
    if mode.startswith("tally"):
        return seconds, timings, tally_regions(next((folder / "runs").glob("*.json")))
    if mode == "talp":
        return seconds, timings, talp_regions(folder / "talp.json")
    if mode == "sampler":
        return seconds, timings, sampled_regions(folder)
    return seconds, timings, None


def hpcc_timings(path):
    """The seconds HPCC itself reports for its timed sections (its summary's NAME=VALUE lines)."""
    timings = {}
    for line in path.read_text(errors="replace").splitlines():
        name, _, value = line.partition("=")
        if name in TIMED:
            timings[name] = float(value)
    return timings


def tally_regions(path):
    regions = {}
    for region in json.loads(path.read_text())["regions"]:
        record = {key: region["metrics"][key] for key in METRICS}
        record["calls"] = region["raw"]["mpi"]["calls"]
        record["elapsed_s"] = region["raw"]["elapsed_ns"] / 1e9
        record["ranks"] = {r["rank"]: (r["useful_ns"] / 1e9, r["mpi_ns"] / 1e9) for r in region["per_rank"]}
        regions[region["name"]] = record
    return with_outside(regions)


def talp_regions(path):
    document = json.loads(path.read_text())
    regions = {}
    for name, region in document["Application"].items():
        record = {key: region[TALP_KEYS[key]] for key in METRICS}
        record["calls"] = region["numMpiCalls"]
        record["elapsed_s"] = region["elapsedTime"] / 1e9
        record["ranks"] = {r["rank"]: (r["usefulTime"] / 1e9, r["mpiTime"] / 1e9)
                           for r in document["Process"][name]}
        regions[name] = record
    return with_outside(regions)


def sampled_regions(folder):
    """The sampler's MPI RandomAccess regions, its samples as seconds, and their POP metrics (it
    wraps only the calls those kernels make, so the other kernels' split would mean nothing)."""
    ranks = {}
    for path in folder.glob("sampler-*.txt"):
        rank = int(path.stem.split("-")[1])
        for line in path.read_text().splitlines():
            name, mpi, useful, period = line.split()
            if "MPIRandomAccess" not in name:
                continue
            ranks.setdefault(name, {})[rank] = (int(useful) * int(period) / 1e9, int(mpi) * int(period) / 1e9)
    regions = {}
    for name, times in ranks.items():
        elapsed = max(useful + mpi for useful, mpi in times.values())
        usefuls = [useful for useful, _ in times.values()]
        if elapsed <= 0 or max(usefuls) <= 0:
            continue
        regions[name] = {"parallel_efficiency": sum(usefuls) / (len(usefuls) * elapsed),
                         "mpi_communication_efficiency": max(usefuls) / elapsed,
                         "mpi_load_balance": sum(usefuls) / (len(usefuls) * max(usefuls)),
                         "calls": None, "elapsed_s": elapsed, "ranks": times}
    return regions


def with_outside(regions):
    """Adds Global less the kernels, per rank (its metrics are left out: they are not a fold)."""
    ranks = regions["Global"]["ranks"]
    outside = {rank: list(times) for rank, times in ranks.items()}
    calls = regions["Global"]["calls"]
    for name, record in regions.items():
        if name == "Global":
            continue
        calls -= record["calls"]
        for rank, (useful, mpi) in record["ranks"].items():
            outside[rank][0] -= useful
            outside[rank][1] -= mpi
    if len(regions) > 1:
        regions[OUTSIDE] = {"calls": calls, "ranks": {rank: tuple(times) for rank, times in outside.items()}}
    return regions


def median(runs, region, pick):
    values = [pick(run[region]) for run in runs if region in run and pick(run[region]) is not None]
    return statistics.median(values) if values else None


def cell(value, digits):
    return "-" if value is None else f"{value:.{digits}f}"


def print_tables(results, times, timings):
    tools = list(results)

    def order(name):  # Global, the kernels longest first, then the rest
        return name != "Global", name == OUTSIDE, -(median(results[tools[0]], name, lambda r: r.get("elapsed_s")) or 0)
    names = sorted(set().union(*results[tools[0]]), key=order)
    print("region\ttool\telapsed s\tuseful s\tMPI s\tPE\tCE\tLB\tMPI calls")
    for name in names:
        for tool in tools:
            runs = results[tool]
            row = [name, tool, cell(median(runs, name, lambda r: r.get("elapsed_s")), 2),
                   cell(median(runs, name, lambda r: sum(u for u, _ in r["ranks"].values())), 2),
                   cell(median(runs, name, lambda r: sum(m for _, m in r["ranks"].values())), 2)]
            row += [cell(median(runs, name, lambda r, key=key: r.get(key)), 3) for key in METRICS]
            row.append(cell(median(runs, name, lambda r: r.get("calls")), 0))
            print("\t".join(row))
    print("\nregion\ttool\trank\tuseful s\tMPI s")
    for name in names:
        for tool in tools:
            for rank in sorted(results[tool][0][name]["ranks"]) if name in results[tool][0] else []:
                useful = median(results[tool], name, lambda r, rank=rank: r["ranks"][rank][0])
                mpi = median(results[tool], name, lambda r, rank=rank: r["ranks"][rank][1])
                print(f"{name}\t{tool}\t{rank}\t{cell(useful, 3)}\t{cell(mpi, 3)}")
    print("\nHPCC's own timings, s (median, min-max)\t" + "\t".join(times))
    for name in TIMED:
        print(name + "\t" + "\t".join(spread([t[name] for t in timings[mode] if name in t]) for mode in times))
    print("elapsed\t" + "\t".join(spread(values) for values in times.values()))


def spread(values):
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})" if values else "-"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hpcc", type=pathlib.Path, required=True, help="hpcc binary (hpcc_kernels.sh)")
    parser.add_argument("--tally-library", type=pathlib.Path, required=True, help="libtally.so")
    parser.add_argument("--dlb", type=pathlib.Path, required=True, help="DLB installation (build_dlb.sh)")
    parser.add_argument("--modes", default=",".join(MODES), help="comma-separated, of " + ",".join(MODES))
    parser.add_argument("--runs", type=int, default=3, help="alternating runs of each mode")
    parser.add_argument("--kernels", default="", help="comma-separated kernels to run alone (default: all)")
    parser.add_argument("--ranks", type=int, default=2)
    parser.add_argument("--json", type=pathlib.Path, help="also write every run's regions here")
    arguments = parser.parse_args()
    for path in ("hpcc", "tally_library", "dlb"):  # the runs start in folders of their own
        setattr(arguments, path, getattr(arguments, path).resolve())
    modes = arguments.modes.split(",")
    times = {mode: [] for mode in modes}
    timings = {mode: [] for mode in modes}
    results = {mode: [] for mode in modes if mode != "bare"}
    for run in range(arguments.runs):
        for mode in modes[run % len(modes):] + modes[:run % len(modes)]:
            with tempfile.TemporaryDirectory() as folder:
                seconds, hpcc_times, regions = run_once(mode, arguments, pathlib.Path(folder))
            times[mode].append(seconds)
            timings[mode].append(hpcc_times)
            if regions is not None:
                results[mode].append(regions)
        print(f"hpcc_kernels: run {run + 1}/{arguments.runs}, load {os.getloadavg()[0]:.2f}", file=sys.stderr)
    if arguments.json:
        arguments.json.write_text(json.dumps({"results": results, "times": times, "timings": timings}))
    print_tables(results, times, timings)


if __name__ == "__main__":
    main()
