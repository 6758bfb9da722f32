! SPDX-License-Identifier: BSD-3-Clause
! A mini-application shaped like SOD2D (Fortran + MPI + OpenACC): a periodic 1-D mesh partitioned
! between the ranks, its fields entered on the device once, then time steps of a few compute
! constructs inside a data region and a halo exchange that updates the host's copy of the boundary
! nodes, exchanges them with MPI and updates the device's. The program times each of its OpenACC
! constructs itself with MPI_Wtime (from just before the directive to just after it) and rank 0
! prints the sum over ranks, in ns: "openacc_miniapp: constructs_ns LOOP ALL" (the time loop's
! constructs, and all of them). Per rank and time step (region "step", "halo" nested in it):
!   step  3 compute constructs (flux, solution, boundary), 1 enter data and 1 exit data (the data
!         region), and halo's 2 updates;
!   halo  2 updates (host, then device) around one MPI_Sendrecv per direction.
! Before the loop "setup" holds 1 enter data, after it "finish" 1 exit data and 1 wait (which
! libgomp does not report when it runs the constructs on the host: 0 waits).
! Usage: openacc_miniapp STEPS WORK (WORK: inner iterations per mesh node and compute construct).
program openacc_miniapp
  use mpi
  use tally
  implicit none
  integer, parameter :: nodes = 512
  double precision :: u(0:nodes + 1), flux(nodes)
  double precision :: t0, loop_s, all_s, mine(2), total(2)
  integer :: steps, work, rank, ranks, left, right, ierr, s, i, k
  integer :: r_setup, r_loop, r_step, r_halo, r_finish
  character(len=16) :: argument

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, ranks, ierr)
  call get_command_argument(1, argument)
  read (argument, *) steps
  call get_command_argument(2, argument)
  read (argument, *) work
  left = modulo(rank - 1, ranks)
  right = modulo(rank + 1, ranks)
  r_setup = tally_region_register("setup")
  r_loop = tally_region_register("time_loop")
  r_step = tally_region_register("step")
  r_halo = tally_region_register("halo")
  r_finish = tally_region_register("finish")
  do i = 0, nodes + 1
    u(i) = dble(rank * nodes + i)
  end do
  loop_s = 0
  all_s = 0

  call tally_region_start(r_setup)
  t0 = MPI_Wtime()
  !$acc enter data copyin(u)
  all_s = all_s + (MPI_Wtime() - t0)
  call tally_region_stop(r_setup)

  call tally_region_start(r_loop)
  do s = 1, steps
    call tally_region_start(r_step)
    t0 = MPI_Wtime()
    !$acc data create(flux) present(u)
    loop_s = loop_s + (MPI_Wtime() - t0)

    t0 = MPI_Wtime()
    !$acc parallel loop private(k)
    do i = 1, nodes
      flux(i) = 0
      do k = 1, work
        flux(i) = flux(i) + 1.0d-9 * (u(i + 1) - u(i - 1)) / dble(k)
      end do
    end do
    loop_s = loop_s + (MPI_Wtime() - t0)

    t0 = MPI_Wtime()
    !$acc parallel loop private(k)
    do i = 1, nodes
      do k = 1, work
        u(i) = u(i) - 1.0d-9 * flux(i) / dble(k)
      end do
    end do
    loop_s = loop_s + (MPI_Wtime() - t0)

    t0 = MPI_Wtime()
    !$acc kernels
    u(1) = 0.5d0 * (u(1) + u(2))
    u(nodes) = 0.5d0 * (u(nodes) + u(nodes - 1))
    !$acc end kernels
    loop_s = loop_s + (MPI_Wtime() - t0)

    t0 = MPI_Wtime()
    !$acc end data
    loop_s = loop_s + (MPI_Wtime() - t0)

    call tally_region_start(r_halo)
    t0 = MPI_Wtime()
    !$acc update host(u(1:nodes))
    loop_s = loop_s + (MPI_Wtime() - t0)
    call MPI_Sendrecv(u(nodes), 1, MPI_DOUBLE_PRECISION, right, 0, u(0), 1, MPI_DOUBLE_PRECISION, left, 0, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(u(1), 1, MPI_DOUBLE_PRECISION, left, 1, u(nodes + 1), 1, MPI_DOUBLE_PRECISION, right, 1, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    t0 = MPI_Wtime()
    !$acc update device(u(0:nodes + 1))
    loop_s = loop_s + (MPI_Wtime() - t0)
    call tally_region_stop(r_halo)
    call tally_region_stop(r_step)
  end do
  call tally_region_stop(r_loop)
  all_s = all_s + loop_s

  call tally_region_start(r_finish)
  t0 = MPI_Wtime()
  !$acc exit data copyout(u)
  !$acc wait
  all_s = all_s + (MPI_Wtime() - t0)
  call tally_region_stop(r_finish)

  mine = [loop_s * 1.0d9, all_s * 1.0d9]
  call MPI_Reduce(mine, total, 2, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a, i0, 1x, i0, a, es12.5)', 'openacc_miniapp: constructs_ns ', nint(total(1), kind=8), &
    nint(total(2), kind=8), ' u(1) ', u(1)
  call MPI_Finalize(ierr)
end program openacc_miniapp
