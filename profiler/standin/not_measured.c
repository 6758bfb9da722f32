// SPDX-License-Identifier: BSD-3-Clause
// The region API of tally.h without the profiler (libtally_api.so): programs link it so that they
// run whether libtally.so is preloaded or not. Preloaded, libtally.so's functions come first in
// the dynamic linker's order and these are never called; alone, regions do nothing and every query
// answers TALLY_NOT_MEASURED.
#include "tally.h"

tally_region_t tally_region_register(const char* name) { return name && name[0] ? 0 : -1; }

void tally_region_start(tally_region_t region) { (void)region; }

void tally_region_stop(tally_region_t region) { (void)region; }

int tally_region_measures(tally_region_t region, tally_measures* out) {
  (void)region;
  return out && out->size == sizeof *out ? TALLY_NOT_MEASURED : TALLY_BAD_ARGUMENT;
}

int tally_region_metrics(tally_region_t region, int fortran_comm, int scope, tally_metrics* out) {
  (void)region;
  (void)fortran_comm;
  (void)scope;
  return out && out->size == sizeof *out ? TALLY_NOT_MEASURED : TALLY_BAD_ARGUMENT;
}
