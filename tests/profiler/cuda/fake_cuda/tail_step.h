// SPDX-License-Identifier: BSD-3-Clause
/* One visit of the region "tail" that ends with its kernel still running: 50 ms of host work, a
 * 100 ms kernel launched on device 0, 50 ms more, and the region stops without waiting for the
 * kernel. Shared by the programs that leave kernels unfinished at the end of a region or run. */
#ifndef TALLY_FAKE_CUDA_TAIL_STEP_H
#define TALLY_FAKE_CUDA_TAIL_STEP_H

#include "fake_cuda.h"
#include "host_work.h"

#include <tally.h>

static inline void tail_step(tally_region_t tail) {
  tally_region_start(tail);
  compute_ms(50);
  fake_cuda_launch(0, 0, 100);
  compute_ms(50);
  tally_region_stop(tail);
}

#endif /* TALLY_FAKE_CUDA_TAIL_STEP_H */
