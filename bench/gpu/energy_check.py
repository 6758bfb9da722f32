#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Compares the GPU energy tally gave each region of an gpu_energy_phases run with the counter's own
difference over the region's visits, read by the program (bench/gpu/README.md).

Per region: the counter's joules (sum over visits), tally's `gpu` joules, their difference and the
attribution bound of profiler/energy/README.md, 2 x visits x reading interval x P_max, with P_max
the highest average power of a visit of at least ten intervals (the program's readings). Global: tally's joules over its
elapsed time beside the program's window (CUDA up to the end of main) and what lies outside it.
Prints one Markdown row per region. Exit 0 when every region is within its bound, 1 when one is
not, 2 on bad input.
Usage: energy_check.py READINGS DOCUMENT [INTERVAL_S=0.1]"""
import json
import sys


def fail(message):
    print(f"energy_check: {message}", file=sys.stderr)
    sys.exit(2)


def read_readings(path):
    """{region: [(joules, seconds), ...]} and the run's (joules, seconds)."""
    visits, run = {}, None
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror}")
    for number, line in enumerate(lines, 1):
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        try:
            if fields[:1] == ["visit"] and len(fields) == 5:
                start, stop, elapsed = int(fields[2]), int(fields[3]), float(fields[4])
                visits.setdefault(fields[1], []).append(((stop - start) * 1e-3, elapsed * 1e-9))
                continue
            if fields[:1] == ["run"] and len(fields) == 4:
                run = ((int(fields[2]) - int(fields[1])) * 1e-3, float(fields[3]) * 1e-9)
                continue
        except ValueError:
            pass
        fail(f"{path}:{number}: expected 'visit REGION START_MJ STOP_MJ ELAPSED_NS' or "
             f"'run START_MJ STOP_MJ ELAPSED_NS', got '{line}'")
    if run is None or not visits:
        fail(f"{path}: no 'run' line or no visit")
    return visits, run


def read_gpu_energy(path):
    """{region name: (gpu joules or None, elapsed seconds)} of tally's document."""
    try:
        document = json.load(open(path, encoding="utf-8"))
        regions = {}
        for region in document["regions"]:
            domains = region.get("energy", {}).get("domains_uj", {})
            joules = domains["gpu"] * 1e-6 if "gpu" in domains else None
            regions[region["name"]] = (joules, region["raw"]["elapsed_ns"] * 1e-9)
        return regions
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror}")
    except (ValueError, KeyError, TypeError) as error:
        fail(f"{path}: not a tally run document with regions ({error})")


def main():
    if len(sys.argv) not in (3, 4):
        fail("usage: energy_check.py READINGS DOCUMENT [INTERVAL_S=0.1]")
    visits, (run_joules, run_seconds) = read_readings(sys.argv[1])
    measured = read_gpu_energy(sys.argv[2])
    interval = float(sys.argv[3]) if len(sys.argv) == 4 else 0.1
    # Visits much longer than the counter's own update steps give P_max; short ones only if none is.
    powers = [(joules / seconds, seconds) for region in visits.values() for joules, seconds in region if seconds > 0]
    p_max = max(power for power, seconds in powers if seconds >= 10 * interval or
                all(other < 10 * interval for _, other in powers))
    print("| region | visits | seconds | counter (J) | tally (J) | difference (J) | bound (J) | within |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    misses = 0
    for name, region in visits.items():
        counter = sum(joules for joules, _ in region)
        seconds = sum(elapsed for _, elapsed in region)
        bound = 2 * len(region) * interval * p_max
        tally_joules = measured.get(name, (None, 0))[0]
        if tally_joules is None:
            print(f"| {name} | {len(region)} | {seconds:.3f} | {counter:.3f} | absent | – | {bound:.1f} | MISS |")
            misses += 1
            continue
        difference = tally_joules - counter
        within = abs(difference) <= bound
        misses += 0 if within else 1
        print(f"| {name} | {len(region)} | {seconds:.3f} | {counter:.3f} | {tally_joules:.3f} | {difference:+.3f} "
              f"| {bound:.1f} | {'ok' if within else 'MISS'} |")
    global_joules, global_seconds = measured.get("Global", (None, 0.0))
    if global_joules is None:
        print("| Global | – | – | – | absent | – | – | MISS |")
        misses += 1
    else:
        outside_seconds = global_seconds - run_seconds
        outside_joules = global_joules - run_joules
        print(f"\nGlobal: tally {global_joules:.3f} J over {global_seconds:.3f} s; the program's window "
              f"{run_joules:.3f} J over {run_seconds:.3f} s; outside it {outside_joules:.3f} J over "
              f"{outside_seconds:.3f} s (P_max of the visits {p_max:.1f} W)")
    sys.exit(1 if misses else 0)


if __name__ == "__main__":
    main()
