# SPDX-License-Identifier: BSD-3-Clause
# tally_mpi_family_of(<version> <out>): the MPI family (profiler/mpi/README.md, "MPI families") of
# an MPI by its MPI_Get_library_version: openmpi, mpich (MPICH and the MPIs of its ABI: Intel MPI,
# MVAPICH, Cray MPICH, by what their first line says), or other. The same markers as the run-time
# check of profiler/mpi/library_family.cpp, which tests/profiler/mpi checks against these.
function(tally_mpi_family_of version out)
  string(REGEX REPLACE "\n.*" "" first_line "${version}")
  set(family other)
  if(first_line MATCHES "^Open MPI")
    set(family openmpi)
  elseif(first_line MATCHES "^(MPICH|Intel\\(R\\) MPI Library|MVAPICH)" OR first_line MATCHES "CRAY MPICH")
    set(family mpich)
  endif()
  set(${out} ${family} PARENT_SCOPE)
endfunction()
