// SPDX-License-Identifier: BSD-3-Clause
// The C++ form of imbalance.c, with the RAII guard: rank r computes (r+1) units per step,
// so the MPI load balance over P ranks is (P+1)/(2P).
// Usage: imbalance_cxx [unit_ms=20] [steps=10]
extern "C" {
#include "work.h"
}

#include <mpi.h>
#include <tally.hpp>

#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const double unit = (argc > 1 ? std::atof(argv[1]) : 20.0) / 1000.0;
  const int steps = argc > 2 ? std::atoi(argv[2]) : 10;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  static const tally_region_t compute = tally_region_register("compute");

  double local = 0.0, total = 0.0;
  for (int step = 0; step < steps; ++step) {
    {
      tally::ScopedRegion measured(compute);
      local += compute_for((rank + 1) * unit);
    }
    tally::ScopedRegion measured("exchange");
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  if (rank == 0) std::printf("imbalance_cxx: %d steps, checksum %.3f\n", steps, total);
  MPI_Finalize();
  return 0;
}
