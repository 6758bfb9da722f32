// SPDX-License-Identifier: BSD-3-Clause
/* A reference for where a rank's time goes that reads no clock around MPI calls: preloaded
 * instead of a profiler, it interrupts the rank's main thread every SAMPLER_PERIOD_US
 * microseconds of wall-clock time (default 100) and books the sample as MPI time when the thread
 * is inside one of the MPI functions below, as useful time otherwise. An interrupt is precise:
 * every instruction before it has completed and none after it has begun, so a sample lands where
 * the thread's instructions retire, whatever is still in flight in the processor. A profiler's
 * clock read has no such guarantee unless it is ordered (lfence; rdtsc).
 *
 * It answers tally.h's region calls (tally_region_register/start/stop, one region open at a
 * time) so that hpcc_kernel_regions.c's kernels are its regions too, and at MPI_Finalize writes
 * sampler-RANK.txt in the working folder: one line per region, "NAME MPI_SAMPLES USEFUL_SAMPLES
 * PERIOD_NS". The MPI functions are those HPCC's MPI RandomAccess calls that communicate, wait
 * or test (the RandomAccess folder); MPI_Get_count, MPI_Comm_rank and the like are local, useful time
 * in tally's definition. Elsewhere, a call not listed books its samples as useful time. */
#define _GNU_SOURCE
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { max_regions = 64, name_size = 64 };

static volatile sig_atomic_t in_mpi = 0;
static volatile sig_atomic_t current = -1;
static char names[max_regions][name_size];
static int region_count = 0;
static unsigned long long mpi_samples[max_regions], useful_samples[max_regions];
static timer_t timer;
static long period_ns = 100000;

static void on_sample(int signal_number, siginfo_t* info, void* context) {
  (void)signal_number, (void)info, (void)context;
  const int region = current;
  if (region < 0) return;
  /* Periods that passed while the thread was not running count where it was stopped. */
  const unsigned long long weight = 1u + (unsigned)timer_getoverrun(timer);
  if (in_mpi)
    mpi_samples[region] += weight;
  else
    useful_samples[region] += weight;
}

static void start_sampling(void) {
  const char* period = getenv("SAMPLER_PERIOD_US");
  if (period && atol(period) > 0) period_ns = 1000 * atol(period);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_sample;
  action.sa_flags = SA_SIGINFO | SA_RESTART;
  sigaction(SIGPROF, &action, NULL);
  struct sigevent event;
  memset(&event, 0, sizeof event);
  event.sigev_notify = SIGEV_THREAD_ID;
  event.sigev_signo = SIGPROF;
  event._sigev_un._tid = gettid(); /* sigev_notify_thread_id, which glibc 2.36 does not name */
  timer_create(CLOCK_MONOTONIC, &event, &timer);
  const struct itimerspec every = {{0, period_ns}, {0, period_ns}};
  timer_settime(timer, 0, &every, NULL);
}

int tally_region_register(const char* name);
int tally_region_register(const char* name) {
  for (int region = 0; region < region_count; ++region) {
    if (strcmp(names[region], name) == 0) return region;
  }
  if (region_count == max_regions) return -1;
  snprintf(names[region_count], name_size, "%s", name);
  return region_count++;
}

void tally_region_start(int region);
void tally_region_start(int region) { current = region; }

void tally_region_stop(int region);
void tally_region_stop(int region) {
  (void)region;
  current = -1;
}

/* The flag is set and cleared in program order around the real call (signal fences keep the
 * compiler from moving the stores across it). */
#define WRAP(name, params, args)                                                                                       \
  int name params {                                                                                                    \
    in_mpi = 1;                                                                                                        \
    __atomic_signal_fence(__ATOMIC_SEQ_CST);                                                                           \
    const int result = P##name args;                                                                                   \
    __atomic_signal_fence(__ATOMIC_SEQ_CST);                                                                           \
    in_mpi = 0;                                                                                                        \
    return result;                                                                                                     \
  }

WRAP(MPI_Testany, (int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status),
     (count, requests, index, flag, status))
WRAP(MPI_Test, (MPI_Request * request, int* flag, MPI_Status* status), (request, flag, status))
WRAP(MPI_Irecv, (void* buffer, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request* request),
     (buffer, count, type, source, tag, comm, request))
WRAP(MPI_Isend,
     (const void* buffer, int count, MPI_Datatype type, int target, int tag, MPI_Comm comm, MPI_Request* request),
     (buffer, count, type, target, tag, comm, request))
WRAP(MPI_Wait, (MPI_Request * request, MPI_Status* status), (request, status))
WRAP(MPI_Waitany, (int count, MPI_Request requests[], int* index, MPI_Status* status), (count, requests, index, status))
WRAP(MPI_Waitall, (int count, MPI_Request requests[], MPI_Status statuses[]), (count, requests, statuses))
WRAP(MPI_Cancel, (MPI_Request * request), (request))
WRAP(MPI_Barrier, (MPI_Comm comm), (comm))
WRAP(MPI_Bcast, (void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm),
     (buffer, count, type, root, comm))
WRAP(MPI_Reduce, (const void* in, void* out, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm),
     (in, out, count, type, op, root, comm))
WRAP(MPI_Allreduce, (const void* in, void* out, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm),
     (in, out, count, type, op, comm))
WRAP(MPI_Alltoall,
     (const void* in, int in_count, MPI_Datatype in_type, void* out, int out_count, MPI_Datatype out_type,
      MPI_Comm comm),
     (in, in_count, in_type, out, out_count, out_type, comm))

int MPI_Init(int* argc, char*** argv) {
  const int result = PMPI_Init(argc, argv);
  start_sampling();
  return result;
}

int MPI_Finalize(void) {
  timer_delete(timer);
  current = -1;
  int rank = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char path[64];
  snprintf(path, sizeof path, "sampler-%d.txt", rank);
  FILE* file = fopen(path, "w");
  if (file) {
    for (int region = 0; region < region_count; ++region)
      fprintf(file, "%s %llu %llu %ld\n", names[region], mpi_samples[region], useful_samples[region], period_ns);
    fclose(file);
  } else {
    perror(path);
  }
  return PMPI_Finalize();
}
