// SPDX-License-Identifier: BSD-3-Clause
// An application's own library that links MPI (as LAMMPS's liblammps.so does), and the programs
// that link it or the MPI. They are read, never run: no MPI function is called.
#ifdef FAKE_SOLVER_PROGRAM
int fake_solve(void);
int main(void) { return fake_solve(); }
#elif defined(FAKE_MPI_PROGRAM)
int main(void) { return 0; }
#else
int fake_solve(void) { return 0; }
#endif
