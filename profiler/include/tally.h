// SPDX-License-Identifier: BSD-3-Clause
/* tally region API for C (and the base of the C++ and Fortran bindings). Link with -ltally_api
 * (pkg-config --libs tally-api) to run with or without the profiler preloaded, or with -ltally to
 * always load it. Regions may nest, repeat and differ across ranks; every call is thread-safe.
 * When the profiler is not measuring the process, the region calls do nothing and the queries
 * return TALLY_NOT_MEASURED. */
#ifndef TALLY_H
#define TALLY_H

#include <stddef.h>

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

/* ---- Queries: a region's measures while the program runs ---------------------------------- */

/** What a query returns. */
enum tally_query_result {
  TALLY_OK = 0,
  TALLY_NOT_MEASURED = 1,   /**< no profiler, a process it does not measure, or outside its run */
  TALLY_UNKNOWN_REGION = 2, /**< the handle names no registered region */
  TALLY_BAD_ARGUMENT = 3,   /**< a null result, or a size the library does not know */
  TALLY_FAILED = 4          /**< the collective could not be made (no MPI, MPI not initialised) */
};

/** A region's measures so far on this process, over all its threads. Set `size` to
 * sizeof(tally_measures) before the call: a newer library then serves an older program. */
typedef struct tally_measures {
  size_t size;
  int open;                     /**< a visit is open on some thread, counted up to now */
  unsigned long long visits;    /**< visits of all threads; an open one counts */
  long long elapsed_ns;         /**< the longest time one thread spent inside it */
  long long useful_ns;          /**< summed over threads: outside MPI, OpenMP and the device runtime */
  long long mpi_ns;             /**< summed over threads: inside MPI (and idle while the master is) */
  long long openmp_ns;          /**< summed over threads: OpenMP imbalance, scheduling, serialization */
  long long offload_ns;         /**< summed over threads: inside the device runtime (CUDA) */
  unsigned long long mpi_calls; /**< intercepted MPI calls */
  unsigned long long mpi_bytes_sent, mpi_bytes_received, mpi_collective_bytes;
  unsigned long long omp_parallels, omp_tasks;
  unsigned long long device_runtime_calls, device_kernel_launches;
} tally_measures;

/** The region's measures so far on this process. Local: no communication; any thread; a
 * region still open is counted up to now. Allocates nothing after the calling thread's first
 * call into tally. Not async-signal-safe (it takes the profiler's thread-list lock). */
int tally_region_measures(tally_region_t region, tally_measures* out);

/** Which ranks a collective query folds (its `scope`). */
enum tally_scope {
  TALLY_ALL_RANKS = 0, /**< every rank of the communicator */
  TALLY_THIS_NODE = 1  /**< the ranks of the communicator on the caller's node */
};

/** A region's POP metrics so far across ranks, as the end-of-run document would give them had
 * the run ended now. Set `size` to sizeof(tally_metrics). A metric that cannot be computed
 * (no OpenMP, no counters, the region not visited) is NaN. */
typedef struct tally_metrics {
  size_t size;
  int ranks;                 /**< ranks that visited the region */
  int nodes;                 /**< nodes they run on */
  unsigned long long visits; /**< summed over those ranks */
  long long elapsed_ns;      /**< T: the longest time one rank spent inside it */
  double parallel_efficiency;
  double mpi_parallel_efficiency;
  double mpi_communication_efficiency;
  double mpi_load_balance;
  double mpi_load_balance_in;  /**< within the busiest node */
  double mpi_load_balance_out; /**< across nodes */
  double omp_parallel_efficiency;
  double omp_load_balance;
  double omp_scheduling_efficiency;
  double omp_serialization_efficiency;
  double device_offload_efficiency;
  double useful_ipc;
} tally_metrics;

/** The region's POP metrics so far across the ranks of an MPI communicator, given as its
 * Fortran handle (MPI_Comm_c2f(comm) in C; the INTEGER, or comm%MPI_VAL, in Fortran). Every
 * rank of the communicator calls it (a collective: it gathers about 0.4 KB per rank); every rank
 * gets the same answer. Call it from one thread per rank; its time is MPI time. */
int tally_region_metrics(tally_region_t region, int fortran_comm, int scope, tally_metrics* out);

#ifdef __cplusplus
}
#endif

#endif /* TALLY_H */
