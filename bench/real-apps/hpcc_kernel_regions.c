// SPDX-License-Identifier: BSD-3-Clause
/* Makes each kernel of HPCC (the HPC Challenge suite) a region of tally and of DLB TALP.
 * hpcc_kernels.sh links HPCC with -Wl,--wrap=NAME for every kernel entry point below, so HPCC's
 * main calls __wrap_NAME, which opens the region NAME in whichever tool is preloaded, calls the
 * kernel (__real_NAME) and closes the region. Both tools' region functions are looked up at run
 * time, so the same binary runs bare, under tally and under TALP. HPCC_KERNELS, a comma-separated
 * list of names, runs those kernels alone (the others return at once, their results unset).
 * HPCC's own code is not here: hpcc_kernels.sh fetches and builds it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* tally's region API (profiler/include/tally.h) and DLB's monitoring regions (dlb_talp.h), by
 * the signatures those headers declare; neither header is needed to build HPCC. */
typedef int (*tally_register_fn)(const char* name);
typedef void (*tally_mark_fn)(int region);
typedef void* (*dlb_register_fn)(const char* name);
typedef int (*dlb_mark_fn)(void* monitor);

enum { kernel_count = 18 };

struct kernel_region {
  int looked_up;
  int tally_region;
  void* dlb_monitor;
};

static struct kernel_region regions[kernel_count];

static struct {
  int looked_up;
  tally_register_fn tally_register;
  tally_mark_fn tally_start, tally_stop;
  dlb_register_fn dlb_register;
  dlb_mark_fn dlb_start, dlb_stop;
} tools;

/* The first kernel runs after MPI_Init, when both profilers have set themselves up. */
static void look_up_tools(void) {
  tools.looked_up = 1;
  tools.tally_register = (tally_register_fn)dlsym(RTLD_DEFAULT, "tally_region_register");
  tools.tally_start = (tally_mark_fn)dlsym(RTLD_DEFAULT, "tally_region_start");
  tools.tally_stop = (tally_mark_fn)dlsym(RTLD_DEFAULT, "tally_region_stop");
  tools.dlb_register = (dlb_register_fn)dlsym(RTLD_DEFAULT, "DLB_MonitoringRegionRegister");
  tools.dlb_start = (dlb_mark_fn)dlsym(RTLD_DEFAULT, "DLB_MonitoringRegionStart");
  tools.dlb_stop = (dlb_mark_fn)dlsym(RTLD_DEFAULT, "DLB_MonitoringRegionStop");
}

/* Whether HPCC_KERNELS (when set) names the kernel; HPCC's set-up and report always run. */
static int selected(const char* name) {
  const char* list = getenv("HPCC_KERNELS");
  if (!list || !*list || strcmp(name, "HPCC_Init") == 0 || strcmp(name, "HPCC_Finalize") == 0) return 1;
  const size_t length = strlen(name);
  for (const char* at = strstr(list, name); at; at = strstr(at + 1, name)) {
    if ((at == list || at[-1] == ',') && (at[length] == ',' || at[length] == '\0')) return 1;
  }
  return 0;
}

static void region_start(int kernel, const char* name) {
  if (!tools.looked_up) look_up_tools();
  struct kernel_region* region = &regions[kernel];
  if (!region->looked_up) {
    region->looked_up = 1;
    region->tally_region = tools.tally_register ? tools.tally_register(name) : -1;
    region->dlb_monitor = tools.dlb_register ? tools.dlb_register(name) : NULL;
  }
  if (region->tally_region >= 0 && tools.tally_start) tools.tally_start(region->tally_region);
  if (region->dlb_monitor && tools.dlb_start) tools.dlb_start(region->dlb_monitor);
}

static void region_stop(int kernel) {
  const struct kernel_region* region = &regions[kernel];
  if (region->dlb_monitor && tools.dlb_stop) tools.dlb_stop(region->dlb_monitor);
  if (region->tally_region >= 0 && tools.tally_stop) tools.tally_stop(region->tally_region);
}

/* HPCC's kernels take a pointer to its HPCC_Params (HPL_main: argc, argv, a pointer to its
 * results and one to its failure flag); the wrappers pass the pointers on untouched. */
#define KERNEL(index, name)                                                                                            \
  int __real_##name(void* params);                                                                                     \
  int __wrap_##name(void* params);                                                                                     \
  int __wrap_##name(void* params) {                                                                                    \
    if (!selected(#name)) return 0;                                                                                    \
    region_start(index, #name);                                                                                        \
    int result = __real_##name(params);                                                                                \
    region_stop(index);                                                                                                \
    return result;                                                                                                     \
  }

KERNEL(0, HPCC_Init)
KERNEL(1, HPCC_MPIRandomAccess)
KERNEL(2, HPCC_StarRandomAccess)
KERNEL(3, HPCC_SingleRandomAccess)
KERNEL(4, HPCC_MPIRandomAccess_LCG)
KERNEL(5, HPCC_StarRandomAccess_LCG)
KERNEL(6, HPCC_SingleRandomAccess_LCG)
KERNEL(7, PTRANS)
KERNEL(8, HPCC_StarDGEMM)
KERNEL(9, HPCC_SingleDGEMM)
KERNEL(10, HPCC_StarStream)
KERNEL(11, HPCC_SingleStream)
KERNEL(12, HPCC_MPIFFT)
KERNEL(13, HPCC_StarFFT)
KERNEL(14, HPCC_SingleFFT)
KERNEL(15, HPCC_Finalize)

/* main_bench_lat_bw returns nothing. */
void __real_main_bench_lat_bw(void* params);
void __wrap_main_bench_lat_bw(void* params);
void __wrap_main_bench_lat_bw(void* params) {
  if (!selected("main_bench_lat_bw")) return;
  region_start(16, "main_bench_lat_bw");
  __real_main_bench_lat_bw(params);
  region_stop(16);
}

int __real_HPL_main(int argc, char** argv, void* results, int* failure);
int __wrap_HPL_main(int argc, char** argv, void* results, int* failure);
int __wrap_HPL_main(int argc, char** argv, void* results, int* failure) {
  if (!selected("HPL_main")) return 0;
  region_start(17, "HPL_main");
  int result = __real_HPL_main(argc, argv, results, failure);
  region_stop(17);
  return result;
}
