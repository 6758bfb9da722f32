// SPDX-License-Identifier: BSD-3-Clause
/* Offload scenarios on the fake CUDA runtime, with host and device times known by construction,
 * for tests of tally's CUDA backend without a GPU. Prints nothing on stdout.
 * Usage: offload_program overlap|imbalance|straddle|late_init|cpu_only|many_kernels|unfinished|counts
 * [steps=4]
 * Exit status: 0, 1 if the fake CUDA could not start, 2 on bad usage, 3 (cpu_only) if tally's
 * CUPTI library was loaded although the program never used CUDA. */
#define _GNU_SOURCE
#include "fake_cuda.h"
#include "host_work.h"
#include "tail_step.h"

#include <link.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tally.h>

/* Per step, T = 200 ms: host useful 60, in the runtime 140 (synchronize ~100, copy 40); device
 * 0 has kernels 100 (two streams, merged), memory 40 (the async copy hides behind the kernels). */
static int overlap(int steps) {
  if (fake_cuda_init() != 0) return 1;
  const tally_region_t step = tally_region_register("step");
  for (int i = 0; i < steps; ++i) {
    tally_region_start(step);
    compute_ms(60);
    fake_cuda_launch(0, 0, 100);
    fake_cuda_launch(0, 1, 50);
    fake_cuda_memcpy_async(0, 2, 30);
    fake_cuda_synchronize(0);
    fake_cuda_memcpy(0, 0, 40);
    tally_region_stop(step);
  }
  return 0;
}

/* Rank r's kernel lasts (r+1)*50 ms per step; the ranks then meet in a barrier. */
static int imbalance(int steps, int rank) {
  if (fake_cuda_init() != 0) return 1;
  const tally_region_t step = tally_region_register("step");
  for (int i = 0; i < steps; ++i) {
    tally_region_start(step);
    compute_ms(50);
    fake_cuda_launch(0, 0, (rank + 1) * 50.0);
    fake_cuda_synchronize(0);
    MPI_Barrier(MPI_COMM_WORLD);
    tally_region_stop(step);
  }
  return 0;
}

/* A 100 ms kernel straddles two regions: 60 ms of it in "first", 40 ms in "second". */
static int straddle(int steps) {
  if (fake_cuda_init() != 0) return 1;
  const tally_region_t first = tally_region_register("first");
  const tally_region_t second = tally_region_register("second");
  for (int i = 0; i < steps; ++i) {
    tally_region_start(first);
    fake_cuda_launch(0, 0, 100);
    compute_ms(60);
    tally_region_stop(first);
    tally_region_start(second);
    fake_cuda_synchronize(0);
    tally_region_stop(second);
  }
  return 0;
}

/* "before" is open when CUDA starts: it gets the 50 ms kernel that runs after the start. */
static int late_init(void) {
  const tally_region_t before = tally_region_register("before");
  tally_region_start(before);
  compute_ms(50);
  if (fake_cuda_init() != 0) return 1;
  fake_cuda_launch(0, 0, 50);
  fake_cuda_synchronize(0);
  tally_region_stop(before);
  return 0;
}

/* Per step, one visit of "burst": 8000 kernels of 0.04 ms queued back to back on one stream
 * (320 ms, records over several of tally's buffers), each launch followed by a visit of the
 * nested region "tick" (enough stops for tally to flush and settle while kernels still run),
 * then a wait. The device is busy from the first launch to the wait's end. */
static int many_kernels(int steps) {
  if (fake_cuda_init() != 0) return 1;
  const tally_region_t burst = tally_region_register("burst");
  const tally_region_t tick = tally_region_register("tick");
  for (int i = 0; i < steps; ++i) {
    tally_region_start(burst);
    for (int k = 0; k < 8000; ++k) {
      fake_cuda_launch(0, 0, 0.04);
      tally_region_start(tick);
      tally_region_stop(tick);
    }
    fake_cuda_synchronize(0);
    tally_region_stop(burst);
  }
  return 0;
}

/* Per step, "tail" (tail_step.h): the region ends with its kernel still running, and the program
 * never waits for it. */
static int unfinished(int steps) {
  if (fake_cuda_init() != 0) return 1;
  const tally_region_t tail = tally_region_register("tail");
  for (int i = 0; i < steps; ++i)
    tail_step(tail);
  return 0;
}

/* CUDA counts by construction, per step: "outer" launches 1 kernel, copies 1 MiB host to device,
 * visits "inner" twice and synchronizes (3 runtime calls of its own); each visit of "inner"
 * launches 2 kernels, copies 4096 bytes device to host and 256 bytes from device 1 to device 0
 * (4 runtime calls). Rank r makes r extra launches per step in "outer", so that the ranks differ.
 * Kernels and copies last 1 ms. */
static int counts(int steps, int rank) {
  if (fake_cuda_init() != 0) return 1;
  const tally_region_t outer = tally_region_register("outer");
  const tally_region_t inner = tally_region_register("inner");
  for (int i = 0; i < steps; ++i) {
    tally_region_start(outer);
    for (int k = 0; k <= rank; ++k)
      fake_cuda_launch(0, 0, 1);
    fake_cuda_copy_async(0, 1, 1, 1 << 20, 1);
    for (int visit = 0; visit < 2; ++visit) {
      tally_region_start(inner);
      fake_cuda_launch(0, 0, 1);
      fake_cuda_launch(0, 0, 1);
      fake_cuda_copy_async(0, 1, 1, 4096, 2);
      fake_cuda_copy_peer_async(0, 1, 2, 1, 256);
      tally_region_stop(inner);
    }
    fake_cuda_synchronize(0);
    tally_region_stop(outer);
  }
  return 0;
}

static int names_tally_cupti(struct dl_phdr_info* info, size_t size, void* found) {
  (void)size;
  if (info->dlpi_name && strstr(info->dlpi_name, "libtally_cupti")) {
    fprintf(stderr, "offload_program: %s is loaded in a program that never used CUDA\n", info->dlpi_name);
    *(int*)found = 1;
  }
  return 0;
}

/* Never touches CUDA; returns 3 if tally's CUPTI library was loaded all the same. */
static int cpu_only(int steps) {
  const tally_region_t step = tally_region_register("step");
  for (int i = 0; i < steps; ++i) {
    tally_region_start(step);
    compute_ms(50);
    MPI_Barrier(MPI_COMM_WORLD);
    tally_region_stop(step);
  }
  int found = 0;
  dl_iterate_phdr(names_tally_cupti, &found);
  return found ? 3 : 0;
}

int main(int argc, char** argv) {
  static const char* const scenarios[] = {"overlap",  "imbalance",    "straddle",   "late_init",
                                          "cpu_only", "many_kernels", "unfinished", "counts"};
  int scenario = -1;
  for (int i = 0; argc > 1 && i < (int)(sizeof scenarios / sizeof scenarios[0]); ++i)
    if (strcmp(argv[1], scenarios[i]) == 0) scenario = i;
  char* end = NULL;
  const long steps = argc > 2 ? strtol(argv[2], &end, 10) : 4;
  if (scenario < 0 || argc > 3 || (argc > 2 && (*end != '\0' || steps < 1 || steps > 1000000))) {
    fprintf(stderr, "usage: offload_program overlap|imbalance|straddle|late_init|cpu_only|many_kernels|unfinished|"
                    "counts [steps=4]\n");
    return 2;
  }

  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int status = 0;
  switch (scenario) {
  case 0: status = overlap((int)steps); break;
  case 1: status = imbalance((int)steps, rank); break;
  case 2: status = straddle((int)steps); break;
  case 3: status = late_init(); break;
  case 4: status = cpu_only((int)steps); break;
  case 5: status = many_kernels((int)steps); break;
  case 6: status = unfinished((int)steps); break;
  default: status = counts((int)steps, rank); break;
  }
  MPI_Finalize();
  return status;
}
