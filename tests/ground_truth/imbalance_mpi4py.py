# SPDX-License-Identifier: BSD-3-Clause
"""The imbalanced example (examples/mpi/imbalance.c) in Python with mpi4py.

In every step rank r works (r+1) units, then all ranks meet in MPI_Allreduce: over P ranks the load
balance is (P+1)/(2P), 0.75 at 2. A unit is a sleep: time outside MPI is useful time whether the
CPU computes or waits, and a sleep keeps the ratio on a machine busy with other work.
Usage: python3 imbalance_mpi4py.py [unit_ms=20] [steps=10]
"""
import sys
import time

from mpi4py import MPI


def main():
    unit = (float(sys.argv[1]) if len(sys.argv) > 1 else 20.0) / 1000.0
    steps = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    world = MPI.COMM_WORLD
    rank = world.Get_rank()
    total = 0.0
    for _ in range(steps):
        time.sleep((rank + 1) * unit)
        total = world.allreduce((rank + 1) * unit, op=MPI.SUM)
    if rank == 0:
        print(f"imbalance_mpi4py: {steps} steps, last sum {total:.3f}")


if __name__ == "__main__":
    main()
