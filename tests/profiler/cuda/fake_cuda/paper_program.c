// SPDX-License-Identifier: BSD-3-Clause
/* Replays the TALP GPU paper's use cases (bench/gpu/paper_timelines.h) on the fake CUDA runtime, in real
 * time, at 2 ranks: each step is one visit of the region "step". Prints nothing on stdout.
 * Usage: paper_program CASE[,CASE] [steps=2]. With two cases, rank 0 plays the first case's rank
 * 0 and rank 1 the second case's rank 1. Exit status: 0, 1 if the fake CUDA could not start,
 * 2 on bad usage or a number of ranks other than 2. */
#define _GNU_SOURCE
#include "fake_cuda.h"
#include "host_work.h"
#include "paper_timelines.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <tally.h>

static void play(const struct paper_step* script) {
  for (const struct paper_step* step = script; step->action != paper_end; ++step) {
    for (int i = 0; i < step->times; ++i) {
      switch (step->action) {
      case paper_cpu: compute_ms(step->ms); break;
      case paper_runtime: fake_cuda_host_call(step->ms); break;
      case paper_launch: fake_cuda_launch(0, 0, step->ms); break;
      case paper_copy: fake_cuda_memcpy(0, 0, step->ms); break;
      case paper_copy_async: fake_cuda_memcpy_async(0, 0, step->ms); break;
      case paper_sync: fake_cuda_synchronize(0); break;
      case paper_barrier: MPI_Barrier(MPI_COMM_WORLD); break;
      case paper_end: break;
      }
    }
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  int size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char* end = NULL;
  const long steps = argc > 2 ? strtol(argv[2], &end, 10) : 2;
  const struct paper_step* script = argc > 1 && size == 2 ? paper_script_of(argv[1], rank) : NULL;
  if (!script || argc > 3 || (argc > 2 && (*end != '\0' || steps < 1 || steps > 1000))) {
    if (rank == 0) fprintf(stderr, "usage: mpirun -np 2 paper_program 1|2|3|4|5|6|7_serial|7[,CASE] [steps=2]\n");
    MPI_Finalize();
    return 2;
  }
  int status = fake_cuda_init() == 0 ? 0 : 1;
  const tally_region_t step = tally_region_register("step");
  for (long i = 0; status == 0 && i < steps; ++i) {
    tally_region_start(step);
    play(script);
    tally_region_stop(step);
  }
  MPI_Finalize();
  return status;
}
