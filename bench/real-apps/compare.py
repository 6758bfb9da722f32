# SPDX-License-Identifier: BSD-3-Clause
"""Unmodified MPI applications from Debian run bare, under tally and under DLB TALP, alternating.

Prints one table: per application the Global parallel efficiency, communication efficiency and
load balance of each tool (median and spread of the measured runs), the MPI calls each counts, and
the elapsed time bare / tally / TALP (median and spread over every run). With --calls, one more
run under TALP with DLB's per-call trace (--verbose=mpi_intercept) says which calls make the
difference between the two counts. --family mpich runs them under MPICH (mpiexec.mpich), with
tally's and DLB's builds for MPICH: of Debian's applications, NWChem has a build for each MPI
(nwchem.openmpi, nwchem.mpich); its LAMMPS and HPCC are Open MPI's. DLB is built by build_dlb.sh
(for the same MPI); nothing of tally's tests needs it.
"""
import argparse
import collections
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
BENCH = HERE.parent
TALLY_KINDS = BENCH.parent / "profiler" / "mpi" / "mpi_calls.tsv"

# name: (command after the launcher, input files copied into the run's folder, the MPI families
# Debian builds it for)
APPLICATIONS = {
    "lammps": (["lmp", "-in", "lj_melt.lmp", "-var", "steps", "{steps}", "-var", "ranks", "{ranks}",
                "-var", "xcut", "0.5", "-log", "none"], [BENCH / "gate_lammps" / "lj_melt.lmp"], ["openmpi"]),
    "hpcc": (["hpcc"], [HERE / "hpcc" / "hpccinf.txt"], ["openmpi"]),
    "nwchem": (["nwchem.{family}", "benzene_scf.nw"], [HERE / "nwchem" / "benzene_scf.nw"], ["openmpi", "mpich"]),
}
# Set in every run of a family. NWChem's one-sided communication (ARMCI-MPI) gives wrong results
# at 2 ranks with the windows MPICH 4.0.2 allocates ("sym_movecs_adapt: negative proj", bare):
# github.com/nwchemgit/nwchem/issues/633, whose workaround this is.
FAMILY_ENVIRONMENT = {"openmpi": {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"},
                      "mpich": {"ARMCI_USE_WIN_ALLOCATE": "0"}}
METRICS = ("parallel_efficiency", "mpi_communication_efficiency", "mpi_load_balance")
TALP_KEYS = {"parallel_efficiency": "parallelEfficiency",
             "mpi_communication_efficiency": "mpiCommunicationEfficiency",
             "mpi_load_balance": "mpiLoadBalance"}


def run_once(app, mode, arguments, folder):
    """Runs one application in a fresh folder; returns (seconds, tool's results or None)."""
    command, inputs = APPLICATIONS[app][:2]
    for path in inputs:
        shutil.copy(path, folder)
    environment = dict(os.environ, **FAMILY_ENVIRONMENT[arguments.family])
    preload = ""
    if mode == "tally":
        preload = str(arguments.tally_library)
        environment["TALLY_OUTPUT"] = str(folder / "runs")
    elif mode in ("talp", "trace"):
        preload = str(arguments.dlb / "lib" / "libdlb_mpi.so")
        environment["DLB_ARGS"] = f"--talp --talp-output-file={folder / 'talp.json'}"
        if mode == "trace":
            environment["DLB_ARGS"] += " --verbose=mpi_intercept"
    words = [w.format(steps=arguments.lammps_steps, ranks=arguments.ranks, family=arguments.family) for w in command]
    full = launcher(arguments, preload, folder / "trace" if mode == "trace" else None) + words
    start = time.monotonic()
    done = subprocess.run(full, cwd=folder, env=environment, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if done.returncode != 0:
        sys.exit(f"compare: {app} under {mode} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    if mode == "tally":
        return seconds, tally_results(arguments.tally, folder / "runs")
    if mode == "talp":
        return seconds, talp_results(folder / "talp.json")
    if mode == "trace":
        return seconds, traced_calls(folder / "trace")
    return seconds, None


def launcher(arguments, preload, trace):
    """The family's launcher of the ranks, with LD_PRELOAD set in the ranks alone (not in the
    launcher) and, given a trace folder, each rank's stderr in a file of its own there: the ranks'
    trace lines would interleave on one pipe."""
    ranks = str(arguments.ranks)
    if arguments.family == "mpich":
        command = ["mpiexec.mpich", "-n", ranks, "-genv", "LD_PRELOAD", preload]
        if trace:
            trace.mkdir()
            command += ["-errfile-pattern", str(trace / "stderr.%r")]
        return command
    command = ["mpirun", "--oversubscribe", "-np", ranks, "-x", "LD_PRELOAD=" + preload]
    if trace:
        command += ["--output-filename", str(trace)]
    return command


def find_metric(tree, key):
    for node in tree:
        if node["metric"] == key:
            return node["value"]
        found = find_metric(node.get("children", []), key)
        if found is not None:
            return found
    return None


def tally_results(tally, folder):
    document = next(folder.glob("*.json"))
    report = json.loads(subprocess.run([str(tally), "report", "--format", "json", str(document)],
                                       capture_output=True, text=True, check=True).stdout)
    global_report = next(r for r in report["regions"] if r["name"] == "Global")
    raw = next(r for r in json.loads(document.read_text())["regions"] if r["name"] == "Global")["raw"]
    results = {key: find_metric(global_report["metrics"], key) for key in METRICS}
    results["calls"] = raw["mpi"]["calls"]
    results["calls_by_kind"] = raw["mpi"].get("calls_by_kind")
    return results


def talp_results(path):
    global_region = json.loads(path.read_text())["Application"]["Global"]
    results = {key: global_region[TALP_KEYS[key]] for key in METRICS}
    results["calls"] = global_region["numMpiCalls"]
    return results


def traced_calls(folder):
    """Calls per MPI function from DLB's --verbose=mpi_intercept lines (">> MPI_Name") of every rank."""
    counts = collections.Counter()
    for path in folder.rglob("stderr*"):
        for line in path.read_text(errors="replace").splitlines():
            if ">> MPI_" in line:
                counts[line.split(">> ", 1)[1].split()[0]] += 1
    return counts


def spread(values):
    return f"{statistics.median(values):.3f} ({min(values):.3f}-{max(values):.3f})"


def call_difference(traced, tally_by_kind):
    """TALP's traced calls against tally's counts: per kind of tally's table, then the functions
    tally leaves out, largest first. MPI_Init and MPI_Finalize start and end tally's run: TALP
    counts them (2 per rank), tally does not."""
    kinds = {}
    for line in TALLY_KINDS.read_text().splitlines():
        if line.startswith("MPI_"):
            name, kind = line.split("\t")[:2]
            kinds[name] = kind
    traced_by_kind = collections.Counter()
    left_out = {}
    for name, count in traced.items():
        if name in kinds:
            traced_by_kind[kinds[name]] += count
        elif name not in ("MPI_Init", "MPI_Init_thread", "MPI_Finalize"):
            left_out[name] = count
    lines = ["    per kind, traced under TALP / counted by tally (other runs: polling kinds vary with timing):"]
    lines += [f"      {kind}: {traced_by_kind[kind]} / {tally_by_kind.get(kind, 0)}"
              for kind in sorted(set(traced_by_kind) | {k for k, v in tally_by_kind.items() if v})]
    lines.append(f"    not intercepted by tally ({sum(left_out.values())} calls):")
    lines += [f"      {name}: {count}" for name, count in sorted(left_out.items(), key=lambda item: -item[1])]
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tally", type=pathlib.Path, required=True, help="the tally command")
    parser.add_argument("--tally-library", type=pathlib.Path, required=True,
                        help="the family's preload library, build/profiler/libtally-FAMILY.so")
    parser.add_argument("--dlb", type=pathlib.Path, required=True,
                        help="DLB installation for the family (build_dlb.sh)")
    parser.add_argument("--family", choices=("openmpi", "mpich"), default="openmpi", help="the MPI the runs use")
    parser.add_argument("--apps", help="comma-separated, of " + ",".join(APPLICATIONS) + " (default: the family's)")
    parser.add_argument("--runs", type=int, default=9, help="alternating runs of each mode")
    parser.add_argument("--ranks", type=int, default=2)
    parser.add_argument("--lammps-steps", type=int, default=12000)
    parser.add_argument("--calls", action="store_true", help="trace TALP's calls once per application")
    arguments = parser.parse_args()
    for path in ("tally", "tally_library", "dlb"):  # the runs start in folders of their own
        setattr(arguments, path, getattr(arguments, path).resolve())
    family_apps = [name for name, application in APPLICATIONS.items() if arguments.family in application[2]]
    apps = arguments.apps.split(",") if arguments.apps else family_apps
    for app in apps:
        if app not in family_apps:
            sys.exit(f"compare: {app} is not among the applications Debian builds for {arguments.family}: "
                     + ",".join(family_apps))
    rows, notes = [], []
    for app in apps:
        times = {"bare": [], "tally": [], "talp": []}
        results = {"tally": [], "talp": []}
        modes = list(times)
        for run in range(arguments.runs):
            for mode in modes[run % 3:] + modes[:run % 3]:
                with tempfile.TemporaryDirectory() as folder:
                    seconds, result = run_once(app, mode, arguments, pathlib.Path(folder))
                times[mode].append(seconds)
                if result is not None:
                    results[mode].append(result)
            print(f"compare: {app} run {run + 1}/{arguments.runs}", file=sys.stderr)
        row = [app]
        for key in METRICS:
            row += [spread([r[key] for r in results["tally"]]), spread([r[key] for r in results["talp"]])]
        row += [str(results["tally"][0]["calls"]), str(results["talp"][0]["calls"])]
        row += [spread(times[mode]) for mode in modes]
        rows.append(row)
        if arguments.calls:
            with tempfile.TemporaryDirectory() as folder:
                traced = run_once(app, "trace", arguments, pathlib.Path(folder))[1]
            notes.append(f"  {app}: MPI functions TALP counts and tally does not intercept")
            notes += call_difference(traced, results["tally"][0]["calls_by_kind"])
    header = ["application"]
    for key in METRICS:
        header += [f"{key} tally", f"{key} TALP"]
    header += ["MPI calls tally", "numMpiCalls TALP", "elapsed s bare", "elapsed s tally", "elapsed s TALP"]
    print("\t".join(header))
    for row in rows:
        print("\t".join(row))
    print("\n".join(notes))


if __name__ == "__main__":
    main()
