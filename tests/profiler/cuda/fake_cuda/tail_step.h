// SPDX-License-Identifier: BSD-3-Clause
/* One visit of the region "tail" that ends with its kernel still running: 200 ms of host work, a
 * 400 ms kernel launched on device 0, 200 ms more, and the region stops without waiting for the
 * kernel. Shared by the programs that leave kernels unfinished at the end of a region or run. Long
 * enough that a late wake-up on a loaded machine (up to 25 ms) keeps the kernel's share of the
 * region within 0.03 of one half. */
#ifndef TALLY_FAKE_CUDA_TAIL_STEP_H
#define TALLY_FAKE_CUDA_TAIL_STEP_H

#include "fake_cuda.h"
#include "host_work.h"

#include <tally.h>

static inline void tail_step(tally_region_t tail) {
  tally_region_start(tail);
  compute_ms(200);
  fake_cuda_launch(0, 0, 400);
  compute_ms(200);
  tally_region_stop(tail);
}

#endif /* TALLY_FAKE_CUDA_TAIL_STEP_H */
