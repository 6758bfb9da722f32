! SPDX-License-Identifier: BSD-3-Clause
! Makes known MPI calls from Fortran on two ranks and checks that the generated Fortran wrappers
! reported each one exactly once. Built twice: with `use mpi`, and with `use mpi_f08` when
! TALLY_USE_MPI_F08 is defined. MPI_File_open checks that a CHARACTER argument's hidden length
! is forwarded. With TALLY_MPI_LARGE_COUNT (mpi_f08 of an MPI 4.0), a count of MPI_COUNT_KIND
! checks a large-count call.
program count_calls
#ifdef TALLY_USE_MPI_F08
  use mpi_f08
#else
  use mpi
#endif
  use, intrinsic :: iso_c_binding, only: c_char, c_int, c_long, c_null_char
  implicit none

  interface
    function tally_test_calls(name) bind(C, name="tally_test_calls")
      import :: c_char, c_long
      character(kind=c_char), intent(in) :: name(*)
      integer(c_long) :: tally_test_calls
    end function
    function tally_test_total_calls() bind(C, name="tally_test_total_calls")
      import :: c_long
      integer(c_long) :: tally_test_total_calls
    end function
    function tally_test_unbalanced() bind(C, name="tally_test_unbalanced")
      import :: c_long
      integer(c_long) :: tally_test_unbalanced
    end function
    function tally_test_payload_bytes(payload) bind(C, name="tally_test_payload_bytes")
      import :: c_int, c_long
      integer(c_int), value :: payload
      integer(c_long) :: tally_test_payload_bytes
    end function
  end interface

#ifdef TALLY_USE_MPI_F08
  character(len=*), parameter :: file_name = "count_calls_f08.dat"
  type(MPI_Comm) :: dup
  type(MPI_File) :: fh
#else
  character(len=*), parameter :: file_name = "count_calls_mpi.dat"
  integer :: dup, fh
#endif
  integer(kind=MPI_OFFSET_KIND) :: offset
  integer :: ierr, open_error, rank, peer, i, received, rank_sum, failures, unit, large, pair(2)
  logical :: file_exists

  failures = 0
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  peer = 1 - rank

  received = -1
  do i = 1, 3
    if (rank == 0) then
      call MPI_Send(i, 1, MPI_INTEGER, peer, 0, MPI_COMM_WORLD, ierr)
    else
      call MPI_Recv(received, 1, MPI_INTEGER, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    end if
  end do
  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  call MPI_Barrier(dup, ierr)
  call MPI_Allreduce(rank, rank_sum, 1, MPI_INTEGER, MPI_SUM, dup, ierr)
  call MPI_Comm_free(dup, ierr)
  call MPI_File_open(MPI_COMM_WORLD, file_name, MPI_MODE_CREATE + MPI_MODE_WRONLY, MPI_INFO_NULL, fh, open_error)
  offset = rank * 4
  call MPI_File_write_at(fh, offset, rank, 1, MPI_INTEGER, MPI_STATUS_IGNORE, ierr)
  call MPI_File_close(fh, ierr)
  ! MPI 4.0's large-count binding: a count of MPI_COUNT_KIND selects MPI_Bcast's large-count
  ! procedure (MPICH: mpi_bcast_f08ts_large_, which calls MPI_Bcast_c), counted as MPI_Bcast with
  ! its two INTEGERs (8 collective bytes).
  large = 0
  pair = rank
#ifdef TALLY_MPI_LARGE_COUNT
  call MPI_Bcast(pair, 2_MPI_COUNT_KIND, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  large = 1
#endif

  if (rank == 0) then
    call expect_calls("MPI_Send", 3)
    call expect_calls("MPI_Recv", 0)
  else
    call expect_calls("MPI_Send", 0)
    call expect_calls("MPI_Recv", 3)
  end if
  call expect_calls("MPI_Comm_dup", 1)
  call expect_calls("MPI_Barrier", 1)
  call expect_calls("MPI_Allreduce", 1)
  call expect_calls("MPI_Comm_free", 1)
  call expect_calls("MPI_File_open", 1)
  call expect_calls("MPI_File_write_at", 1)
  call expect_calls("MPI_File_close", 1)
  call expect_calls("MPI_Bcast", large)
  call expect(tally_test_total_calls() == 10 + large, "calls outside those made were counted")
  call expect(all(pair == 0) .or. large == 0, "MPI_Bcast did not broadcast rank 0's pair")
  call expect(tally_test_unbalanced() == 0, "enter and leave did not pair up")
  ! Bytes by hand, with 4-byte INTEGERs: rank 0 sends three (12), rank 1 posts three receives (12);
  ! the Allreduce hands one INTEGER (4). MPI_File_write_at is I/O, not a payload of the table.
  call expect(tally_test_payload_bytes(0_c_int) == merge(12, 0, rank == 0), "bytes sent differ from 4 x INTEGERs sent")
  call expect(tally_test_payload_bytes(1_c_int) == merge(0, 12, rank == 0), &
              "bytes received differ from 4 x INTEGERs posted")
  call expect(tally_test_payload_bytes(2_c_int) == 4 + 8 * large, &
              "collective bytes differ from the one INTEGER of the Allreduce (and the pair of the Bcast)")
  call expect(rank == 0 .or. received == 3, "MPI_Recv did not receive what MPI_Send sent")
  call expect(rank_sum == 1, "MPI_Allreduce did not return its result")
  call expect(open_error == MPI_SUCCESS, "MPI_File_open failed")

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  if (rank == 0) then
    inquire (file=file_name, exist=file_exists)
    call expect(file_exists, "MPI_File_open did not create the file it was named")
    if (file_exists) then
      open (newunit=unit, file=file_name)
      close (unit, status="delete")
    end if
  end if
  call MPI_Finalize(ierr)
  if (failures /= 0) error stop 1
  print "(a,i0,a)", "rank ", rank, ": every call counted once"

contains

  subroutine expect(condition, what)
    logical, intent(in) :: condition
    character(len=*), intent(in) :: what
    if (.not. condition) then
      write (0, "(a,i0,2a)") "rank ", rank, ": ", what
      failures = failures + 1
    end if
  end subroutine

  subroutine expect_calls(name, expected)
    character(len=*), intent(in) :: name
    integer, intent(in) :: expected
    integer(c_long) :: counted
    counted = tally_test_calls(name//c_null_char)
    if (counted /= expected) then
      write (0, "(a,i0,3a,i0,a,i0)") "rank ", rank, ": ", name, " counted ", counted, " times, expected ", expected
      failures = failures + 1
    end if
  end subroutine

end program
