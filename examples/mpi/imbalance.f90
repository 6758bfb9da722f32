! SPDX-License-Identifier: BSD-3-Clause
! The Fortran form of imbalance.c (mpif.h-style `use mpi` and the tally module): rank r
! computes (r+1) units per step, so the MPI load balance over P ranks is (P+1)/(2P).
program imbalance
  use mpi
  use tally
  implicit none
  integer :: ierror, rank, step, compute, exchange
  double precision :: local, total, unit

  call MPI_Init(ierror)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierror)
  compute = tally_region_register("compute")
  exchange = tally_region_register("exchange")
  unit = 0.05d0
  local = 0.0d0
  do step = 1, 8
    call tally_region_start(compute)
    local = local + compute_for((rank + 1) * unit)
    call tally_region_stop(compute)
    call tally_region_start(exchange)
    call MPI_Allreduce(local, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierror)
    call tally_region_stop(exchange)
  end do
  if (rank == 0) print '(a, f10.3)', 'imbalance_f: checksum ', total
  call MPI_Finalize(ierror)

contains

  !> Busy for `seconds` of wall-clock time; sleeps, so the duration stays exact when ranks share cores.
  double precision function compute_for(seconds)
    use, intrinsic :: iso_c_binding, only: c_int
    double precision, intent(in) :: seconds
    interface
      integer(c_int) function usleep(microseconds) bind(C, name="usleep")
        import :: c_int
        integer(c_int), value :: microseconds
      end function usleep
    end interface
    integer(c_int) :: status
    status = usleep(int(seconds * 1.0d6, c_int))
    compute_for = seconds
  end function compute_for

end program imbalance
