// SPDX-License-Identifier: BSD-3-Clause
/* OpenACC constructs with counts and times known by construction, in user regions (tally.h). Built
 * with gcc -fopenacc and no offload device, so libgomp runs every construct on the host:
 *   "setup"     1 enter data directive.
 *   "step"      3 visits, each: 20 ms of host work, then a serial construct holding 20 ms of work, a
 *               parallel loop and a data construct (1 enter data, 1 exit data) around a kernels
 *               construct, then "halo" (nested): 1 update. Per visit 3 compute constructs, 1 enter
 *               data, 1 exit data, 1 update; the 20 ms in the serial construct are offload time,
 *               the 20 ms before it useful time: device offload efficiency 0.5.
 *   "sync"      1 wait directive: without device queues libgomp reports no wait event, so 0 waits.
 *   "teardown"  1 exit data directive.
 * Every construct runs on the host and enqueues nothing: no launch, upload or download. */
#include "../../examples/mpi/work.h"

#include <stdio.h>
#include <tally.h>

enum { n = 4096, steps = 3 };
static double field[n], flux[n];

int main(void) {
  const tally_region_t setup = tally_region_register("setup");
  const tally_region_t step = tally_region_register("step");
  const tally_region_t halo = tally_region_register("halo");
  const tally_region_t sync = tally_region_register("sync");
  const tally_region_t teardown = tally_region_register("teardown");
  double spent = 0.0;

  tally_region_start(setup);
#pragma acc enter data copyin(field)
  tally_region_stop(setup);

  for (int s = 0; s < steps; ++s) {
    tally_region_start(step);
    spent += compute_for(0.020);
#pragma acc serial copy(spent)
    spent += compute_for(0.020);
#pragma acc parallel loop present(field) copyout(flux)
    for (int i = 0; i < n; ++i)
      flux[i] = 0.5 * field[i] + s;
#pragma acc data copy(flux)
    {
#pragma acc kernels
      for (int i = 0; i < n; ++i)
        flux[i] += 1.0;
    }
    tally_region_start(halo);
#pragma acc update self(field)
    tally_region_stop(halo);
    tally_region_stop(step);
  }

  tally_region_start(sync);
#pragma acc wait
  tally_region_stop(sync);

  tally_region_start(teardown);
#pragma acc exit data delete (field)
  tally_region_stop(teardown);
  printf("openacc_constructs: %.3f %.1f\n", spent, flux[n - 1]);
  return 0;
}
