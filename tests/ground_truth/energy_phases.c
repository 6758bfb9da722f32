// SPDX-License-Identifier: BSD-3-Clause
/* Phases of known power on a fake powercap tree (energy_phases.py builds it and checks the run).
 * Usage: energy_phases ROOT PHASE... with PHASE = region:package_watts:dram_watts:seconds. The main
 * thread runs each phase inside its region; a writer thread sets ROOT's two counters every
 * millisecond to the energy so far, known exactly on this program's clock (the powers are constant
 * between switches), replacing each file at once (a reader never sees half a number). The package counter wraps at
 * RANGE_UJ. During the first phase the dram counter cannot be read for a while (a dangling link in its place). At the
 * end the program prints how long each phase's powers lasted on its own clock: "phase REGION SECONDS".
 * Built with ENERGY_PHASES_MPI, it is an MPI program whose ranks all run the phases, and rank 0 alone
 * advances the tree: the one sensor of the host that every rank shares. */
#define _DEFAULT_SOURCE /* usleep, symlink, clock_gettime */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tally.h>
#include <time.h>
#include <unistd.h>
#ifdef ENERGY_PHASES_MPI
#include <mpi.h>
#endif

#define RANGE_UJ 50000000ull /* 50 J: the package counter wraps during the run */

static const char* root;
static atomic_bool stopping, dram_hidden;

/* The energy so far is known exactly on this program's clock: the energy at the last switch of
 * powers plus the current powers times the time since. The main thread switches, the writer reads. */
static pthread_mutex_t powers_lock = PTHREAD_MUTEX_INITIALIZER;
static double switched_at, package_watts, dram_watts, package_uj_then = 45e6, dram_uj_then;

static double seconds_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* Replaces ROOT/ZONE/energy_uj at once: written beside it, then renamed over it. */
static void write_counter(const char* zone, uint64_t microjoules) {
  char path[4096], staging[4096];
  snprintf(path, sizeof path, "%s/%s/energy_uj", root, zone);
  snprintf(staging, sizeof staging, "%s/%s/energy_uj.new", root, zone);
  FILE* file = fopen(staging, "w");
  if (!file) return;
  fprintf(file, "%llu\n", (unsigned long long)microjoules);
  fclose(file);
  rename(staging, path);
}

/* The dram counter made unreadable (a dangling link in its place) or given back. */
static void hide_dram(int hidden) {
  char path[4096], gone[4096];
  snprintf(path, sizeof path, "%s/intel-rapl:0/intel-rapl:0:0/energy_uj", root);
  snprintf(gone, sizeof gone, "%s/intel-rapl:0/intel-rapl:0:0/gone", root);
  unlink(path);
  if (hidden && symlink(gone, path) != 0) perror("energy_phases: symlink");
}

/* Energy in microjoules at `now` (seconds on this program's clock). Called with powers_lock held. */
static void energy_at(double now, double* package_uj, double* dram_uj) {
  *package_uj = package_uj_then + package_watts * (now - switched_at) * 1e6;
  *dram_uj = dram_uj_then + dram_watts * (now - switched_at) * 1e6;
}

/* From now on the powers are these; returns the time of the switch. */
static double switch_powers(double package, double dram) {
  pthread_mutex_lock(&powers_lock);
  const double now = seconds_now();
  energy_at(now, &package_uj_then, &dram_uj_then);
  switched_at = now;
  package_watts = package;
  dram_watts = dram;
  pthread_mutex_unlock(&powers_lock);
  return now;
}

/* Writes the counters as they are now; the package one wraps at RANGE_UJ. */
static void write_counters(int dram_readable) {
  double package_uj = 0, dram_uj = 0;
  pthread_mutex_lock(&powers_lock);
  energy_at(seconds_now(), &package_uj, &dram_uj);
  pthread_mutex_unlock(&powers_lock);
  write_counter("intel-rapl:0", (uint64_t)package_uj % RANGE_UJ);
  if (dram_readable) write_counter("intel-rapl:0/intel-rapl:0:0", (uint64_t)dram_uj);
}

static void* advance_counters(void* unused) {
  (void)unused;
  int dram_was_hidden = 0;
  while (!atomic_load(&stopping)) {
    usleep(1000);
    const int hidden = atomic_load(&dram_hidden);
    if (hidden != dram_was_hidden) hide_dram(hidden);
    write_counters(!hidden);
    dram_was_hidden = hidden;
  }
  return NULL;
}

static void sleep_for(double seconds) {
  const struct timespec pause = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
  nanosleep(&pause, NULL);
}

int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: energy_phases ROOT region:package_watts:dram_watts:seconds...\n");
    return 2;
  }
  root = argv[1];
#ifdef ENERGY_PHASES_MPI
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int writes = rank == 0;
#else
  const int writes = 1;
#endif
  switched_at = seconds_now();
  pthread_t writer;
  if (writes) pthread_create(&writer, NULL, advance_counters, NULL);
  double switched[argc]; /* when each phase's powers took effect; the last entry: when they stopped */
  for (int i = 2; i < argc; ++i) {
    char name[256];
    double package = 0, dram = 0, seconds = 0;
    if (sscanf(argv[i], "%255[^:]:%lf:%lf:%lf", name, &package, &dram, &seconds) != 4) return 2;
    const tally_region_t region = tally_region_register(name);
    tally_region_start(region);
    switched[i - 2] = switch_powers(package, dram);
    if (i == 2) {
      /* From a quarter to a half of the first phase, the dram counter cannot be read. */
      sleep_for(seconds / 4);
      atomic_store(&dram_hidden, 1);
      sleep_for(seconds / 4);
      atomic_store(&dram_hidden, 0);
      sleep_for(seconds / 2);
    } else {
      sleep_for(seconds);
    }
    tally_region_stop(region);
  }
  switched[argc - 2] = switch_powers(0.0, 0.0);
  if (writes) {
    atomic_store(&stopping, 1);
    pthread_join(writer, NULL);
    write_counters(1); /* the final values: the energy of every phase, exactly */
    for (int i = 2; i < argc; ++i) {
      printf("phase %.*s %.6f\n", (int)strcspn(argv[i], ":"), argv[i], switched[i - 1] - switched[i - 2]);
    }
  }
#ifdef ENERGY_PHASES_MPI
  MPI_Finalize();
#endif
  return 0;
}
