// SPDX-License-Identifier: BSD-3-Clause
// Prints the MPI library's own version string, which says which MPI it is whatever its files are
// called (cmake/TallyMpiInstallation.cmake). MPI_Get_library_version may be called before MPI_Init.
#include <mpi.h>
#include <stdio.h>

int main(void) {
  char version[MPI_MAX_LIBRARY_VERSION_STRING];
  int length = 0;
  if (MPI_Get_library_version(version, &length) != MPI_SUCCESS) return 1;
  fputs(version, stdout);
  return 0;
}
