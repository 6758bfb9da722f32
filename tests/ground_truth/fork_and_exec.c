// SPDX-License-Identifier: BSD-3-Clause
/* Each rank forks a child that executes another program, and runs a shell command: only the
 * MPI run itself is measured, so exactly one document appears, written by rank 0. */
#include <mpi.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const pid_t child = fork();
  if (child == 0) {
    execlp("true", "true", (char*)NULL);
    _exit(127);
  }
  int status = 0;
  waitpid(child, &status, 0);
  if (fork() == 0) _exit(0); /* a child that leaves without exec */
  wait(&status);
  if (system("true") != 0) return 1;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
