! SPDX-License-Identifier: BSD-3-Clause
! tally region API for Fortran: the calls of tally.h through ISO_C_BINDING.
!   use tally
!   integer :: solve, status
!   type(tally_measures) :: so_far
!   solve = tally_region_register("solve")
!   call tally_region_start(solve)
!   status = tally_region_measures(solve, so_far)   ! TALLY_OK, or why not
!   call tally_region_stop(solve)
module tally
  use, intrinsic :: iso_c_binding, only: c_char, c_double, c_int, c_long_long, c_null_char, c_size_t, c_sizeof
  implicit none
  private
  public :: tally_region_register, tally_region_start, tally_region_stop
  public :: tally_measures, tally_metrics, tally_region_measures, tally_region_metrics
  public :: TALLY_OK, TALLY_NOT_MEASURED, TALLY_UNKNOWN_REGION, TALLY_BAD_ARGUMENT, TALLY_FAILED
  public :: TALLY_ALL_RANKS, TALLY_THIS_NODE

  integer(c_int), parameter :: TALLY_OK = 0, TALLY_NOT_MEASURED = 1, TALLY_UNKNOWN_REGION = 2, &
                               TALLY_BAD_ARGUMENT = 3, TALLY_FAILED = 4
  integer(c_int), parameter :: TALLY_ALL_RANKS = 0, TALLY_THIS_NODE = 1

  !> tally.h's tally_measures: a region's measures so far on this process (times in ns).
  type, bind(C) :: tally_measures
    integer(c_size_t) :: size = 0
    integer(c_int) :: open = 0
    integer(c_long_long) :: visits = 0, elapsed_ns = 0, useful_ns = 0, mpi_ns = 0, openmp_ns = 0, offload_ns = 0
    integer(c_long_long) :: mpi_calls = 0, mpi_bytes_sent = 0, mpi_bytes_received = 0, mpi_collective_bytes = 0
    integer(c_long_long) :: omp_parallels = 0, omp_tasks = 0, device_runtime_calls = 0, device_kernel_launches = 0
  end type tally_measures

  !> tally.h's tally_metrics: a region's POP metrics so far across ranks (NaN: cannot be computed).
  type, bind(C) :: tally_metrics
    integer(c_size_t) :: size = 0
    integer(c_int) :: ranks = 0, nodes = 0
    integer(c_long_long) :: visits = 0, elapsed_ns = 0
    real(c_double) :: parallel_efficiency = 0, mpi_parallel_efficiency = 0, mpi_communication_efficiency = 0
    real(c_double) :: mpi_load_balance = 0, mpi_load_balance_in = 0, mpi_load_balance_out = 0
    real(c_double) :: omp_parallel_efficiency = 0, omp_load_balance = 0, omp_scheduling_efficiency = 0
    real(c_double) :: omp_serialization_efficiency = 0, device_offload_efficiency = 0, useful_ipc = 0
  end type tally_metrics

  interface
    function c_region_register(name) bind(C, name="tally_region_register") result(handle)
      import :: c_char, c_int
      character(kind=c_char), dimension(*), intent(in) :: name
      integer(c_int) :: handle
    end function c_region_register

    subroutine tally_region_start(handle) bind(C, name="tally_region_start")
      import :: c_int
      integer(c_int), value, intent(in) :: handle
    end subroutine tally_region_start

    subroutine tally_region_stop(handle) bind(C, name="tally_region_stop")
      import :: c_int
      integer(c_int), value, intent(in) :: handle
    end subroutine tally_region_stop

    function c_region_measures(handle, out) bind(C, name="tally_region_measures") result(status)
      import :: c_int, tally_measures
      integer(c_int), value, intent(in) :: handle
      type(tally_measures), intent(inout) :: out
      integer(c_int) :: status
    end function c_region_measures

    function c_region_metrics(handle, comm, scope, out) bind(C, name="tally_region_metrics") result(status)
      import :: c_int, tally_metrics
      integer(c_int), value, intent(in) :: handle, comm, scope
      type(tally_metrics), intent(inout) :: out
      integer(c_int) :: status
    end function c_region_metrics
  end interface

contains

  !> Registers a region by name (trailing blanks ignored) and returns its handle.
  function tally_region_register(name) result(handle)
    character(len=*), intent(in) :: name
    integer(c_int) :: handle
    handle = c_region_register(trim(name) // c_null_char)
  end function tally_region_register

  !> The region's measures so far on this process; returns TALLY_OK or why not.
  function tally_region_measures(handle, out) result(status)
    integer(c_int), intent(in) :: handle
    type(tally_measures), intent(out) :: out
    integer(c_int) :: status
    out%size = c_sizeof(out)
    status = c_region_measures(handle, out)
  end function tally_region_measures

  !> The region's POP metrics so far across the ranks of `comm` (an MPI communicator's INTEGER
  !> handle, or comm%MPI_VAL with mpi_f08); collective. `scope`: TALLY_ALL_RANKS (default) or
  !> TALLY_THIS_NODE.
  function tally_region_metrics(handle, comm, out, scope) result(status)
    integer(c_int), intent(in) :: handle, comm
    type(tally_metrics), intent(out) :: out
    integer(c_int), intent(in), optional :: scope
    integer(c_int) :: status, chosen
    chosen = TALLY_ALL_RANKS
    if (present(scope)) chosen = scope
    out%size = c_sizeof(out)
    status = c_region_metrics(handle, comm, chosen, out)
  end function tally_region_metrics

end module tally
