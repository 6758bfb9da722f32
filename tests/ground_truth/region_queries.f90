! SPDX-License-Identifier: BSD-3-Clause
! The queries from Fortran (use tally): rank r computes about (r+1) x 20 ms in "compute" for 4
! steps, timing each spin with MPI_Wtime (a loaded runner stretches spins: the program's own
! clock gives the expected values), then asks its own measures (4 visits, its spins' sum of
! useful time) and the load balance of "compute" across MPI_COMM_WORLD, sum(d) / (P max(d)) of
! the ranks' spin totals d. Exit 0 when every answer is the expected one.
program region_queries_f
  use mpi
  use tally
  implicit none
  integer :: ierr, rank, ranks, step, compute, status, failures
  type(tally_measures) :: mine
  type(tally_metrics) :: across
  double precision :: start, spun, total, longest, balance

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, ranks, ierr)
  compute = tally_region_register("compute")
  failures = 0
  spun = 0
  do step = 1, 4
    call tally_region_start(compute)
    start = MPI_Wtime()
    do while (MPI_Wtime() - start < 0.02d0 * (rank + 1))
    end do
    spun = spun + (MPI_Wtime() - start)
    call tally_region_stop(compute)
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end do
  call MPI_Allreduce(spun, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call MPI_Allreduce(spun, longest, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr)
  balance = total / (ranks * longest)

  status = tally_region_measures(compute, mine)
  if (status /= TALLY_OK .or. mine%visits /= 4 .or. abs(mine%useful_ns / 1.0d9 - spun) > 0.002d0) then
    print '(a,i0,a,i0,a,i0,a,i0,a,f8.4)', 'region_queries_f: rank ', rank, ': measures status ', status, ' visits ', &
      mine%visits, ' useful_ns ', mine%useful_ns, ' spun s ', spun
    failures = failures + 1
  end if
  status = tally_region_metrics(compute, MPI_COMM_WORLD, across)
  if (status /= TALLY_OK .or. abs(across%mpi_load_balance - balance) > 0.02d0) then
    print '(a,i0,a,i0,a,f6.3,a,f6.3)', 'region_queries_f: rank ', rank, ': metrics status ', status, &
      ' load balance ', across%mpi_load_balance, ' spins give ', balance
    failures = failures + 1
  end if
  if (rank == 0 .and. failures == 0) print '(a)', 'region_queries_f: every answer as expected'
  call MPI_Finalize(ierr)
  if (failures /= 0) stop 1
end program region_queries_f
