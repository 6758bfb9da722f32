#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Holds the run generators of examples/runs and bench to the one fold (model/region_fold.hpp).

Each generator folds per-process records into a region's raw fields in Python. This script takes
the records and the raw fields of every example region and of synthetic regions at several scales,
and FOLD_CHECK folds the records with model::RegionFold and compares.
Usage: check_generators_fold.py FOLD_CHECK
"""
import importlib.util
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load(relative_path):
    spec = importlib.util.spec_from_file_location(Path(relative_path).stem, ROOT / relative_path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def example_cases(generate):
    cases = []
    for name, example in (("jacobi", generate.JACOBI), ("hybrid", generate.HYBRID), ("cuda", generate.CUDA)):
        for region, _, records, measured in generate.fold_inputs(example):
            cases.append({"name": "examples/runs %s %s" % (name, region), "records": records,
                          "measured": measured, "raw": generate.host_raw(records, measured)})
    return cases


def bench_cases(generate_runs):
    rng = random.Random(7)
    cases = []
    for ranks in (1, 2, 3, 4, 6, 8, 12, 16, 64):
        for repetition in range(5):
            records = generate_runs.process_records(ranks, rng, 1e9 / ranks)
            cases.append({"name": "bench %d ranks #%d" % (ranks, repetition), "records": records,
                          "measured": {"counters": True}, "raw": generate_runs.region_raw(records)})
    return cases


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check_generators_fold.py FOLD_CHECK")
    cases = example_cases(load("examples/runs/generate.py")) + bench_cases(load("bench/generate_runs.py"))
    with tempfile.NamedTemporaryFile("w", suffix=".json") as file:
        json.dump(cases, file)
        file.flush()
        sys.exit(subprocess.run([sys.argv[1], file.name], check=False).returncode)


if __name__ == "__main__":
    main()
