// SPDX-License-Identifier: BSD-3-Clause
/* Work of a known duration for the examples: the calling rank is busy (outside MPI) until a
 * deadline. It sleeps rather than spins, so that the duration stays exact when ranks share
 * cores (oversubscribed CI runners): that is what makes the examples' metrics known by
 * construction. To the profiler, time outside MPI is useful time either way. */
#ifndef TALLY_EXAMPLES_WORK_H
#define TALLY_EXAMPLES_WORK_H

#include <errno.h>
#include <time.h>

/* Busy for `seconds` of wall-clock time; returns the seconds so callers can fold it into a result. */
static double compute_for(double seconds) {
  struct timespec deadline;
  clock_gettime(CLOCK_MONOTONIC, &deadline);
  const long nanoseconds = (long)(seconds * 1e9);
  deadline.tv_sec += nanoseconds / 1000000000L + (deadline.tv_nsec + nanoseconds % 1000000000L) / 1000000000L;
  deadline.tv_nsec = (deadline.tv_nsec + nanoseconds % 1000000000L) % 1000000000L;
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL) == EINTR) {
  }
  return seconds;
}

#endif
