#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""The SOD2D-shaped mini-application (openacc_miniapp.f90) on 2 ranks with libtally.so preloaded.

Checks: the document validates; the OpenACC counts of every region are exact (below, from the
program's structure: per rank and step 3 compute constructs, a data region's enter and exit data
and 2 updates; setup 1 enter data, finish 1 exit data and a wait libgomp does not report on the
host); every construct ran on the host and enqueued nothing; and the offload time of "time_loop"
and of Global is within 5 % of the time the program measured in its own constructs (MPI_Wtime
just before and just after each directive, summed over the ranks).

Why 5 %: both clocks time the same intervals; tally's opens at the runtime's start event and
closes at its end event, a few microseconds inside the program's, and Global adds the device's
initialisation, inside the first directive's timing. The constructs take about 5 ms each (WORK
below), so the gaps add up to well under 1 % on an idle machine; 5 % also covers a few time slices
(4 ms) of a loaded CI runner landing in a gap rather than in the construct.
Usage: openacc_miniapp.py --tally TALLY --preload LIBTALLY --program MINIAPP -- MPIRUN..."""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

RANKS, STEPS, WORK = 2, 20, 4000
TOLERANCE = 0.05


def expected_counts():
    """Per region, the counts of raw.openacc that the program's structure gives (2 ranks)."""
    per_step = {"compute": 3, "enter_data": 1, "exit_data": 1, "update": 2, "wait": 0}
    steps = RANKS * STEPS
    step = {kind: count * steps for kind, count in per_step.items()}
    halo = dict.fromkeys(per_step, 0) | {"update": 2 * steps}
    setup = dict.fromkeys(per_step, 0) | {"enter_data": RANKS}
    finish = dict.fromkeys(per_step, 0) | {"exit_data": RANKS}
    whole = {kind: step[kind] + setup[kind] + finish[kind] for kind in per_step}
    return {"setup": setup, "time_loop": step, "step": step, "halo": halo, "finish": finish, "Global": whole}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tally", required=True)
    parser.add_argument("--preload", required=True)
    parser.add_argument("--program", required=True)
    parser.add_argument("mpirun", nargs="+")
    arguments = parser.parse_args()
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        environment = dict(os.environ, TALLY_OUTPUT=folder, LD_PRELOAD=arguments.preload)
        command = arguments.mpirun + ["-np", str(RANKS), arguments.program, str(STEPS), str(WORK)]
        run = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=240, check=False)
        sys.stderr.write(run.stderr)
        if run.returncode != 0:
            sys.exit(f"openacc_miniapp: exit code {run.returncode}")
        said = [line.split() for line in run.stdout.splitlines() if line.startswith("openacc_miniapp: constructs_ns")]
        if len(said) != 1:
            sys.exit("openacc_miniapp: the program did not say its construct time:\n" + run.stdout)
        own_ns = {"time_loop": int(said[0][2]), "Global": int(said[0][3])}
        documents = list(pathlib.Path(folder).glob("*.json"))
        if len(documents) != 1:
            sys.exit(f"openacc_miniapp: {len(documents)} documents, expected 1")
        if subprocess.run([arguments.tally, "validate", str(documents[0])], check=False).returncode != 0:
            sys.exit("openacc_miniapp: the document does not validate")
        regions = {region["name"]: region for region in json.loads(documents[0].read_text())["regions"]}

    for name, counts in expected_counts().items():
        openacc = regions[name]["raw"].get("openacc")
        if openacc is None:
            failures.append(f"{name}: no raw.openacc")
            continue
        if openacc["constructs"] != counts:
            failures.append(f"{name}: constructs {openacc['constructs']}, expected {counts}")
        if openacc["constructs_on_host"] != sum(counts.values()):
            failures.append(f"{name}: {openacc['constructs_on_host']} on the host, expected {sum(counts.values())}")
        if any(openacc["enqueues"].values()):
            failures.append(f"{name}: enqueued {openacc['enqueues']} on the host")
    for name, own in own_ns.items():
        offload = regions[name]["raw"]["offload_ns"]
        off_by = abs(offload - own) / own
        print(f"openacc_miniapp: {name} offload {offload} ns, the program's own {own} ns, {100 * off_by:.2f} % apart")
        if off_by > TOLERANCE:
            failures.append(f"{name}: offload_ns {offload} is {100 * off_by:.1f} % from the program's {own}")
    for failure in failures:
        print("openacc_miniapp: " + failure, file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
