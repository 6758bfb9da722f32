// SPDX-License-Identifier: BSD-3-Clause
/* tally region API for C (and the base of the C++ and Fortran bindings). Link with -ltally
 * (pkg-config --libs tally). Regions may nest, repeat and differ across ranks; every call is
 * thread-safe. When the profiler is not measuring the process, the calls do nothing. */
#ifndef TALLY_H
#define TALLY_H

#ifdef __cplusplus
extern "C" {
#endif

/** A registered region. Negative values are invalid handles. */
typedef int tally_region_t;

/** Registers a region by name and returns its handle; the same name always gives the same
 * handle. Returns a negative value for a NULL or empty name. */
tally_region_t tally_region_register(const char* name);

/** Starts a visit of the region on the calling thread. */
void tally_region_start(tally_region_t region);

/** Ends the visit of the region on the calling thread. Stopping a region that is not open
 * warns once and is otherwise ignored. */
void tally_region_stop(tally_region_t region);

#ifdef __cplusplus
}
#endif

#endif /* TALLY_H */
