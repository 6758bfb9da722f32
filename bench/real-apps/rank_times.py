# SPDX-License-Identifier: BSD-3-Clause
"""Prints rank 0's MPI and useful nanoseconds in Global from a tally document (TALLY_PER_RANK=on)
or a DLB TALP file (--talp-summary=pop-metrics:process). Usage: rank_times.py tally|talp FILE"""
import json
import sys


def rank_zero(tool, path):
    with open(path) as file:
        document = json.load(file)
    if tool == "tally":
        region = next(r for r in document["regions"] if r["name"] == "Global")
        record = next(r for r in region["per_rank"] if r["rank"] == 0)
        return record["mpi_ns"], record["useful_ns"]
    record = next(r for r in document["Process"]["Global"] if r["rank"] == 0)
    return record["mpiTime"], record["usefulTime"]


if __name__ == "__main__":
    mpi, useful = rank_zero(sys.argv[1], sys.argv[2])
    print(mpi, useful)
