# SPDX-License-Identifier: BSD-3-Clause
# The configure step's MPI family of a library version string (cmake/TallyMpiFamilyOf.cmake) on the
# strings of library_family_test.cpp, the run-time check's, as each MPI writes its first line.
# Usage: cmake -P family_of_version.cmake
include(${CMAKE_CURRENT_LIST_DIR}/../../../cmake/TallyMpiFamilyOf.cmake)
function(expect version family)
  tally_mpi_family_of("${version}" found)
  if(NOT found STREQUAL family)
    message(SEND_ERROR "family_of_version: [${version}] is ${found}, expected ${family}")
  endif()
endfunction()
expect("Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4, repo rev: v4.1.4, May 26, 2022" openmpi)
expect("MPICH Version:\t4.0.2\nMPICH Release date:\tThu Apr  7 12:34:45 CDT 2022\n" mpich)
expect("Intel(R) MPI Library 2021.6 for Linux* OS\n" mpich)
expect("MVAPICH2 Version      :\t2.3.7\n" mpich)
expect("MPI VERSION    : CRAY MPICH version 8.1.4.31 (ANL base 3.4a2)\n" mpich)
expect("Microsoft MPI 10.1" other)
expect("" other)
expect("Some MPI 1.0\nconfigured like MPICH, with Open MPI's launcher" other)
