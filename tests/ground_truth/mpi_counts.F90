! SPDX-License-Identifier: BSD-3-Clause
! MPI counts known by construction from Fortran, on 2 ranks: 3 visits of "exchange", each with
! rank 0 sending 6 INTEGERs (24 bytes) to rank 1 and both ranks reducing 2 DOUBLE PRECISION
! (16 bytes). The expected counts are in tests/ground_truth/counts.cmake. Built once per binding,
! the same calls through each: use mpi, include 'mpif.h' (TALLY_MPIF_H), use mpi_f08
! (TALLY_MPI_F08, where ierror is optional and the handles are types of the same names).
program mpi_counts
#if defined(TALLY_MPI_F08)
  use mpi_f08
#elif !defined(TALLY_MPIF_H)
  use mpi
#endif
  use tally
  implicit none
#if defined(TALLY_MPIF_H)
  include 'mpif.h'
#endif
  integer :: ierr, rank, i, exchange
  integer :: values(6)
  double precision :: local(2), total(2)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  exchange = tally_region_register("exchange")
  values = 7
  local = [1.0d0, 2.0d0]
  do i = 1, 3
    call tally_region_start(exchange)
    if (rank == 0) then
      call MPI_Send(values, 6, MPI_INTEGER, 1, 0, MPI_COMM_WORLD, ierr)
    else
      call MPI_Recv(values, 6, MPI_INTEGER, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    end if
    call MPI_Allreduce(local, total, 2, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
    call tally_region_stop(exchange)
  end do
  print "(a,i0,a)", "mpi_counts_f: rank ", rank, " done"
  call MPI_Finalize(ierr)
end program mpi_counts
