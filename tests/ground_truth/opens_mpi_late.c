// SPDX-License-Identifier: BSD-3-Clause
/* A program that opens MPI after the profiler was loaded, as Python does with mpi4py: it links no MPI,
 * opens the MPI library (argument 1, RTLD_GLOBAL as mpi4py does) and then an extension that links it
 * (argument 2, late_mpi_extension.c), whose late_mpi_run it calls. */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: opens_mpi_late MPI_LIBRARY EXTENSION\n");
    return 2;
  }
  if (!dlopen(argv[1], RTLD_NOW | RTLD_GLOBAL)) {
    fprintf(stderr, "opens_mpi_late: %s\n", dlerror());
    return 1;
  }
  void* const extension = dlopen(argv[2], RTLD_NOW);
  /* POSIX's way to a function from dlsym, which ISO C does not allow as a cast. */
  int (*run)(void) = NULL;
  if (extension) *(void**)&run = dlsym(extension, "late_mpi_run");
  if (!run) {
    fprintf(stderr, "opens_mpi_late: %s\n", dlerror());
    return 1;
  }
  return run();
}
