! SPDX-License-Identifier: BSD-3-Clause
! A use mpi_f08 program whose result is known: the ranks' r + 1 summed, P (P + 1) / 2 over P ranks,
! printed by rank 0, after a barrier (MPICH names its mpi_f08 entry without a buffer otherwise than
! with one; Open MPI names them alike).
program sum_of_ranks_f08
  use mpi_f08
  implicit none
  integer :: rank, total
  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Barrier(MPI_COMM_WORLD)
  call MPI_Allreduce(rank + 1, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
  if (rank == 0) print "(a,i0)", "sum_of_ranks_f08: ", total
  call MPI_Finalize()
end program sum_of_ranks_f08
