! SPDX-License-Identifier: BSD-3-Clause
! tally region API for Fortran: the three calls of tally.h through ISO_C_BINDING.
!   use tally
!   integer :: solve
!   solve = tally_region_register("solve")
!   call tally_region_start(solve)
!   ...
!   call tally_region_stop(solve)
module tally
  use, intrinsic :: iso_c_binding, only: c_char, c_int, c_null_char
  implicit none
  private
  public :: tally_region_register, tally_region_start, tally_region_stop

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
  end interface

contains

  !> Registers a region by name (trailing blanks ignored) and returns its handle.
  function tally_region_register(name) result(handle)
    character(len=*), intent(in) :: name
    integer(c_int) :: handle
    handle = c_region_register(trim(name) // c_null_char)
  end function tally_region_register

end module tally
