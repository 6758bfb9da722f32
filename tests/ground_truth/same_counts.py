#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Checks that two run documents of the same program have the same counts: per region its
visits, its place in the tree, its MPI counts and its CUDA counts. Times are left out (they
differ run to run).
Usage: same_counts.py FIRST.json SECOND.json; prints the counts compared."""
import json
import sys


DEVICE_COUNTS = ("runtime_calls", "kernel_launches", "kernel_launches_max", "copies", "copy_bytes")


def device_counts(raw):
    """The CUDA counts of raw.device, without its times; None when not counted."""
    device = raw.get("device", {})
    return {key: device[key] for key in DEVICE_COUNTS if key in device} or None


def counts(path):
    with open(path, encoding="utf-8") as file:
        document = json.load(file)
    return {region["name"]: {"visits": region["visits"], "parent": region.get("parent"),
                             "other_parents": region.get("other_parents", []),
                             "mpi": region["raw"].get("mpi"),
                             "device": device_counts(region["raw"])} for region in document["regions"]}


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: same_counts.py FIRST.json SECOND.json")
    first, second = counts(sys.argv[1]), counts(sys.argv[2])
    if not any(region["mpi"] or region["device"] for region in first.values()):
        print(f"{sys.argv[1]}: no MPI or CUDA counts to compare")
        return 1
    if first != second:
        for name in sorted(set(first) | set(second)):
            if first.get(name) != second.get(name):
                print(f"region {name}: {first.get(name)} != {second.get(name)}")
        return 1
    for name, region in first.items():
        print(f"{name}: {json.dumps(region, sort_keys=True)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
