#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Energy measured on a fake powercap tree whose counters energy_phases.c advances at known powers,
phase by phase: a package counter that wraps three times, a dram counter that cannot be read for a
while, and a second package whose counter is never readable. Expected energies are the powers
below times each phase's duration on the program's own clock.

Checks: Global's energy per domain within 1 % of the known total; every region's within the bound
of profiler/energy/README.md (per visit, two readings' intervals of energy at the run's highest
power); the sensors and the one left out in environment.energy; one tally: warning for the
unreadable zone and one for the failed readings; the document validates; `tally report` shows it.

With --nvml FAKE_NVML (tests/profiler/energy/fake_nvml), the GPUs are two devices at 40 and 60 W
from NVML's initialisation at the run's start, and a third without an energy counter: the gpu
domain is 100 W times each phase, Global's 100 W times its elapsed time (the first and last
readings are its start and end), and the third device is left out with one warning. With
--nvml-read-us U as well, each reading of a fake counter keeps the CPU busy U microseconds, so the
counters are read less often (0.5 % of a core at most) and the power sampled at every wake-up of
the helper thread fills in between: sampling_period_ns stays its 100 ms, and the regions are within
that bound. With --nvml-no-power too, the fake has no power field: sampling_period_ns is the helper
thread's 100 ms times the wake-ups that the two devices' 2 x U microseconds need. Without --nvml,
NVML is a library that does not exist: one sentence in left_out, no warning, no gpu domain.

With --ranks N --ranks-per-node M -- MPIRUN..., the MPI build of the program runs on N ranks in
emulated nodes of M ranks, all on this host and its one tree: the tree's energy is read once (by
the host's lowest rank), so the same totals are expected, not N/M or N times them, and
environment.energy says that the emulated nodes share the host's sensors.
Usage: energy_phases.py --tally TALLY --preload LIBTALLY --program ENERGY_PHASES
                        [--nvml FAKE_NVML [--nvml-read-us U [--nvml-no-power]]]
                        [--ranks N --ranks-per-node M -- MPIRUN...]"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

RANGE_UJ = 50_000_000  # the package counter's max_energy_range_uj, as in energy_phases.c
# region, package watts, dram watts, seconds: 152 J of package energy, so the counter wraps 3 times.
PHASES = [("idle", 10, 5, 0.8), ("compute", 90, 10, 0.8), ("memory", 30, 20, 0.6), ("compute", 90, 10, 0.6)]
# The fake GPUs' powers (FAKE_NVML_WATTS): two devices, and one without a total energy counter.
GPU_WATTS = "40,60,unsupported"
GPU_POWER = 100
# A reading interval is the helper thread's period, plus the scheduler's delay of its wake-up.
INTERVAL_SLACK = 1.5


def fail(message):
    print(f"energy_phases: {message}", file=sys.stderr)
    sys.exit(1)


def zone(folder, name, energy, range_uj):
    folder.mkdir(parents=True)
    (folder / "name").write_text(name + "\n")
    (folder / "max_energy_range_uj").write_text(f"{range_uj}\n")
    if energy is None:
        (folder / "energy_uj").symlink_to(folder / "gone")  # unreadable, even for root
    else:
        (folder / "energy_uj").write_text(f"{energy}\n")


def expected_energy(durations, global_seconds, gpus):
    """Joules by region and domain, and Global's, by hand: power times duration. The GPUs' power
    is constant over the whole run, so Global's gpu energy is that power times its elapsed time."""
    regions = {}
    for (name, package, dram, _), seconds in zip(PHASES, durations):
        energy = regions.setdefault(name, {"package": 0.0, "dram": 0.0, "gpu": 0.0})
        energy["package"] += package * seconds
        energy["dram"] += dram * seconds
        energy["gpu"] += GPU_POWER * seconds
    regions["Global"] = {domain: sum(energy[domain] for energy in regions.values()) for domain in ("package", "dram")}
    regions["Global"]["gpu"] = GPU_POWER * global_seconds
    if not gpus:
        for energy in regions.values():
            del energy["gpu"]
    return regions


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tally", required=True)
    parser.add_argument("--preload", required=True)
    parser.add_argument("--program", required=True)
    parser.add_argument("--nvml", default="/nonexistent/libnvidia-ml.so.1")
    parser.add_argument("--nvml-read-us", type=int, default=0)
    parser.add_argument("--nvml-no-power", action="store_true")
    parser.add_argument("--ranks", type=int, default=0)
    parser.add_argument("--ranks-per-node", type=int, default=0)
    parser.add_argument("mpirun", nargs="*")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        root = pathlib.Path(temporary) / "powercap"
        zone(root / "intel-rapl:0", "package-0", 45_000_000, RANGE_UJ)
        zone(root / "intel-rapl:0" / "intel-rapl:0:0", "dram", 0, 262_143_328_850)
        zone(root / "intel-rapl:1", "package-1", None, 262_143_328_850)
        output = pathlib.Path(temporary) / "runs"
        environment = dict(os.environ, LD_PRELOAD=arguments.preload, TALLY_POWERCAP_ROOT=str(root),
                           TALLY_OUTPUT=str(output), TALLY_RANKS_PER_NODE=str(arguments.ranks_per_node),
                           TALLY_NVML_LIBRARY=arguments.nvml, FAKE_NVML_WATTS=GPU_WATTS,
                           FAKE_NVML_READ_US=str(arguments.nvml_read_us))
        if arguments.nvml_no_power:
            environment["FAKE_NVML_NO_POWER"] = "1"
        gpus = pathlib.Path(arguments.nvml).exists()
        phases = [f"{name}:{package}:{dram}:{seconds}" for name, package, dram, seconds in PHASES]
        launcher = [*arguments.mpirun, "-np", str(arguments.ranks)] if arguments.ranks else []
        run = subprocess.run([*launcher, arguments.program, str(root), *phases], env=environment,
                             capture_output=True, text=True, timeout=60, check=False)
        print(run.stdout + run.stderr)
        if run.returncode != 0:
            fail(f"the program exited with {run.returncode}")
        durations = [float(line.split()[2]) for line in run.stdout.splitlines() if line.startswith("phase ")]
        if len(durations) != len(PHASES):
            fail(f"expected {len(PHASES)} phase lines")
        warnings = [line for line in run.stderr.splitlines() if line.startswith("tally:")]
        left_out = [line for line in warnings if "intel-rapl:1 (package-1)" in line]
        failed = [line for line in warnings if "reading(s) of the energy counters failed" in line]
        if len(left_out) != 1 or len(failed) != 1:
            fail(f"expected one warning for the unreadable zone and one for the failed readings: {warnings}")
        gpu_left_out = [line for line in warnings if "GPU energy counters left out" in line]
        if len(gpu_left_out) != (1 if gpus else 0):
            fail(f"expected {1 if gpus else 0} warning(s) for the GPU without a counter: {warnings}")
        files = list(output.glob("*.json"))
        if len(files) != 1:
            fail(f"expected one document, found {files}")
        validate = subprocess.run([arguments.tally, "validate", str(files[0])], capture_output=True, text=True,
                                  check=False)
        if validate.returncode != 0:
            fail(f"the document does not validate: {validate.stdout}{validate.stderr}")
        document = json.loads(files[0].read_text())
        regions = {region["name"]: region for region in document["regions"]}
        global_seconds = regions["Global"]["raw"]["elapsed_ns"] * 1e-9
        check_document(document, expected_energy(durations, global_seconds, gpus), max(arguments.ranks, 1), gpus)
        if arguments.nvml_read_us:
            check_gpu_reading_period(document["environment"]["energy"], arguments.nvml_read_us,
                                     not arguments.nvml_no_power)
        if arguments.ranks:
            check_shared_sensors(document["environment"]["energy"], arguments.ranks_per_node)
        report = subprocess.run([arguments.tally, "report", str(files[0])], capture_output=True, text=True,
                                check=False).stdout
        if "Energy, package (measured)" not in report:
            fail(f"tally report does not show the energy:\n{report}")
    print("energy_phases: every check passed")


def check_gpu_reading_period(sensors, read_us, gives_power):
    """With the power sampled, a reading at every wake-up: 100 ms. Without, two devices read at
    U us of CPU each take 2 U us per reading; at most 0.5 % of a core of the helper thread's 100 ms
    between wake-ups is 500 us, so the counters wait ceil(2 U / 500) wake-ups."""
    if gives_power:
        if sensors["sampling_period_ns"] != 100_000_000:
            fail(f"sampling_period_ns {sensors['sampling_period_ns']}: the sampled power should fill in every 100 ms")
        return
    wakes = -(-2 * read_us // 500)
    least_ns = wakes * 100_000_000
    print(f"GPU readings every {sensors['sampling_period_ns'] * 1e-9:.1f} s at most, "
          f"expected at least {least_ns * 1e-9:.1f} s")
    if not least_ns <= sensors["sampling_period_ns"] <= 2 * least_ns:
        fail(f"sampling_period_ns {sensors['sampling_period_ns']}: expected {least_ns} to {2 * least_ns} ns "
             f"for readings of {2 * read_us} us of CPU")


def check_shared_sensors(sensors, ranks_per_node):
    """The emulated nodes on this host share its one tree, and environment.energy says so."""
    shared = [sentence for sentence in sensors.get("left_out", []) if "emulated nodes share" in sentence]
    if ranks_per_node > 0 and len(shared) != 1:
        fail(f"environment.energy does not say that the emulated nodes share the sensors: {sensors}")


def check_document(document, expected, ranks, gpus):
    sensors = document["environment"].get("energy", {})
    gpu_sensors = ["nvml:0 (gpu)", "nvml:1 (gpu)"] if gpus else []
    if not sensors.get("available") or sensors.get("sensors") != [
            "intel-rapl:0 (package-0)", "intel-rapl:0:0 (dram)", *gpu_sensors]:
        fail(f"environment.energy: {sensors}")
    left_out = " ".join(sensors.get("left_out", []))
    if "intel-rapl:1 (package-1)" not in left_out:
        fail(f"the unreadable zone is not named in environment.energy.left_out: {sensors}")
    if ("nvml:2 (gpu): no total energy counter" if gpus else "NVML library cannot be loaded") not in left_out:
        fail(f"environment.energy.left_out does not say which GPU energy is missing: {sensors}")
    period_s = sensors["sampling_period_ns"] * 1e-9 * INTERVAL_SLACK
    highest = {"package": max(phase[1] for phase in PHASES), "dram": max(phase[2] for phase in PHASES),
               "gpu": GPU_POWER}
    regions = {region["name"]: region for region in document["regions"]}
    for name, energy in expected.items():
        measured = regions[name].get("energy")
        if not measured or measured["source"] != "measured":
            fail(f"{name}: no measured energy: {measured}")
        visits = regions[name]["visits"] // ranks  # the reading rank's own visits
        if not gpus and "gpu" in measured["domains_uj"]:
            fail(f"{name}: gpu energy without a GPU: {measured}")
        for domain, joules in energy.items():
            got = measured["domains_uj"][domain] * 1e-6
            error = abs(got - joules)
            # Global: the counters' exact difference; a region: two readings' energy per visit.
            allowed = 0.01 * joules if name == "Global" else visits * 2 * period_s * highest[domain]
            print(f"{name} {domain}: {got:.3f} J, expected {joules:.3f} J, error {error:.3f} J, "
                  f"allowed {allowed:.3f} J")
            if error > allowed:
                fail(f"{name} {domain}: {got:.3f} J is not within {allowed:.3f} J of {joules:.3f} J")


if __name__ == "__main__":
    main()
