// SPDX-License-Identifier: BSD-3-Clause
// A library that stands for an MPI by its soname alone (libmpich.so.12, libmpi.so.40): the preload
// choice reads sonames and never loads the library.
int fake_mpi_rank(void) { return 0; }
