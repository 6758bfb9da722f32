# The MPI backend: hand-written Init/Finalize/Abort and the reduction, plus the wrappers
# generated from mpi_calls.tsv. Compiled against mpi.h only; libmpi is never linked.
include(${CMAKE_CURRENT_LIST_DIR}/wrappers.cmake)
target_sources(tally_preload PRIVATE
  mpi/device_reduction.cpp
  mpi/fortran_lifecycle.cpp
  mpi/mpi_lifecycle.cpp
  mpi/node_map.cpp
  mpi/reduction.cpp)
target_include_directories(tally_preload PRIVATE ${MPI_C_INCLUDE_DIRS})
# mpi.h would otherwise pull in the deprecated MPI C++ bindings, which need libmpi_cxx.
target_compile_definitions(tally_preload PRIVATE TALLY_WITH_MPI=1 OMPI_SKIP_MPICXX=1 MPICH_SKIP_MPICXX=1)
target_link_libraries(tally_preload PRIVATE tally_mpi_wrappers)
