# SPDX-License-Identifier: BSD-3-Clause
# The generated MPI wrappers: generate_wrappers.py turns mpi_calls.tsv and the installed mpi.h into
# the object library tally_mpi_wrappers. Included from profiler/CMakeLists.txt once MPI (C) is found.

# Fortran bindings that call the C PMPI_ functions directly (all of Open MPI's, MPICH's mpi_f08
# ones) bypass the C wrappers, so they get wrappers of their own: the generator wraps each Fortran
# entry point these libraries export (read with nm at build time). Each family's binding libraries
# sit next to its C library.
set(tally_mpi_fortran_names_openmpi mpi_mpifh mpi_usempif08)
set(tally_mpi_fortran_names_mpich mpichfort)
list(GET MPI_C_LIBRARIES 0 tally_mpi_first_library)
get_filename_component(tally_mpi_library_dir "${tally_mpi_first_library}" DIRECTORY)
set(tally_mpi_fortran_found "")
foreach(name IN LISTS tally_mpi_fortran_names_${TALLY_MPI_FAMILY})
  find_library(TALLY_MPI_FORTRAN_LIBRARY_${name} ${name} HINTS "${tally_mpi_library_dir}" NO_DEFAULT_PATH)
  mark_as_advanced(TALLY_MPI_FORTRAN_LIBRARY_${name})
  if(TALLY_MPI_FORTRAN_LIBRARY_${name})
    list(APPEND tally_mpi_fortran_found "${TALLY_MPI_FORTRAN_LIBRARY_${name}}")
  endif()
endforeach()
set(TALLY_MPI_FORTRAN_LIBRARIES "${tally_mpi_fortran_found}" CACHE STRING
    "MPI Fortran binding libraries whose entry points get wrappers (empty: no Fortran wrappers)")

set(tally_mpi_dir "${CMAKE_CURRENT_LIST_DIR}")
set(tally_mpi_generated_dir "${CMAKE_CURRENT_BINARY_DIR}/mpi_generated")
set(tally_mpi_generated "${tally_mpi_generated_dir}/mpi_call_ids.hpp" "${tally_mpi_generated_dir}/mpi_wrappers.cpp"
                        "${tally_mpi_generated_dir}/fortran_wrappers.cpp"
                        "${tally_mpi_generated_dir}/fortran_lifecycle_entries.inc")
set(tally_mpi_fortran_arguments "")
foreach(library IN LISTS TALLY_MPI_FORTRAN_LIBRARIES)
  list(APPEND tally_mpi_fortran_arguments --fortran-library "${library}")
endforeach()

# The prototypes as the compiler sees them: mpi.h preprocessed by the C compiler with MPI's include
# folders, whatever file declares them (MPICH: mpi_proto.h) and whatever macros decorate them.
set(tally_mpi_preprocessed "${tally_mpi_generated_dir}/mpi_preprocessed.h")
set(tally_mpi_include_flags "")
foreach(folder IN LISTS MPI_C_INCLUDE_DIRS)
  list(APPEND tally_mpi_include_flags "-I${folder}")
endforeach()
add_custom_command(
  OUTPUT "${tally_mpi_preprocessed}"
  COMMAND "${CMAKE_C_COMPILER}" -E -x c ${tally_mpi_include_flags} -DOMPI_SKIP_MPICXX=1 -DMPICH_SKIP_MPICXX=1
          -include mpi.h -MD -MF "${tally_mpi_preprocessed}.d" -MT "${tally_mpi_preprocessed}" -o "${tally_mpi_preprocessed}"
          /dev/null
  DEPFILE "${tally_mpi_preprocessed}.d"
  COMMENT "Preprocessing mpi.h"
  VERBATIM)

add_custom_command(
  OUTPUT ${tally_mpi_generated}
  COMMAND Python3::Interpreter "${tally_mpi_dir}/generate_wrappers.py" --table "${tally_mpi_dir}/mpi_calls.tsv"
          --mpi-header "${tally_mpi_preprocessed}" --mpi-version "${MPI_C_VERSION}" --output-dir "${tally_mpi_generated_dir}"
          --nm "${CMAKE_NM}"
          ${tally_mpi_fortran_arguments}
  DEPENDS "${tally_mpi_dir}/generate_wrappers.py" "${tally_mpi_dir}/mpi_calls.tsv" "${tally_mpi_preprocessed}"
          ${TALLY_MPI_FORTRAN_LIBRARIES}
  COMMENT "Generating the MPI wrappers from mpi_calls.tsv and mpi.h"
  VERBATIM)

# Only MPI's headers, never its libraries: libtally.so must load into programs without MPI.
add_library(tally_mpi_wrappers OBJECT ${tally_mpi_generated})
target_compile_features(tally_mpi_wrappers PUBLIC cxx_std_20)
set_target_properties(tally_mpi_wrappers PROPERTIES POSITION_INDEPENDENT_CODE ON)
target_include_directories(tally_mpi_wrappers PUBLIC "${tally_mpi_dir}/.." "${tally_mpi_generated_dir}")
# mpi_state.hpp, which users of the generated header include, includes mpi.h.
target_include_directories(tally_mpi_wrappers PUBLIC ${MPI_C_INCLUDE_DIRS})
# mpi.h would otherwise pull in the deprecated MPI C++ bindings, which need libmpi_cxx.
target_compile_definitions(tally_mpi_wrappers PUBLIC OMPI_SKIP_MPICXX=1 MPICH_SKIP_MPICXX=1)
# The generated call table checks its kinds against the model's (region_counts.hpp).
target_link_libraries(tally_mpi_wrappers PUBLIC tally::model PRIVATE tally_build_flags)
# Where the tests find the generator's inputs and outputs.
set_target_properties(
  tally_mpi_wrappers
  PROPERTIES TALLY_MPI_GENERATOR "${tally_mpi_dir}/generate_wrappers.py"
             TALLY_MPI_TABLE "${tally_mpi_dir}/mpi_calls.tsv"
             TALLY_MPI_HEADER "${tally_mpi_preprocessed}"
             TALLY_MPI_GENERATED_DIR "${tally_mpi_generated_dir}")
