# SPDX-License-Identifier: BSD-3-Clause
# The generated MPI wrappers: generate_wrappers.py turns mpi_calls.tsv and an MPI family's mpi.h
# into the object library tally_mpi_wrappers_<family>, in <build>/profiler/mpi_generated_<family>/.
# Included from profiler/CMakeLists.txt once MPI (C) is found; tally_add_mpi_wrappers(<family>) is
# called once per family of TALLY_MPI_FAMILIES (cmake/TallyMpiFamilies.cmake).

# Fortran bindings that call the C PMPI_ functions directly (all of Open MPI's, MPICH's mpi_f08
# ones) bypass the C wrappers, so they get wrappers of their own: the generator wraps each Fortran
# entry point these libraries export (read with nm at build time). Each family's binding libraries
# are the MPI libraries its Fortran bindings link besides its C library
# (tally_mpi_<family>_fortran_libraries), whatever their names; a project without a Fortran
# compiler looks for the family's known names next to its C library (upstream MPICH, Intel MPI and
# MVAPICH call theirs libmpifort, Debian's MPICH libmpichfort).
set(tally_mpi_fortran_names_openmpi mpi_mpifh mpi_usempif08)
set(tally_mpi_fortran_names_mpich mpichfort mpifort)
set(tally_mpi_dir "${CMAKE_CURRENT_LIST_DIR}")

function(tally_add_mpi_wrappers family)
  set(tally_mpi_fortran_found "${tally_mpi_${family}_fortran_libraries}")
  if(NOT tally_mpi_fortran_found)
    foreach(name IN LISTS tally_mpi_fortran_names_${family})
      find_library(TALLY_MPI_FORTRAN_LIBRARY_${family}_${name} ${name} HINTS "${tally_mpi_${family}_library_dir}"
                   NO_DEFAULT_PATH)
      mark_as_advanced(TALLY_MPI_FORTRAN_LIBRARY_${family}_${name})
      if(TALLY_MPI_FORTRAN_LIBRARY_${family}_${name})
        list(APPEND tally_mpi_fortran_found "${TALLY_MPI_FORTRAN_LIBRARY_${family}_${name}}")
      endif()
    endforeach()
  endif()
  set(TALLY_MPI_FORTRAN_LIBRARIES_${family} "${tally_mpi_fortran_found}" CACHE STRING
      "${family}'s Fortran binding libraries whose entry points get wrappers (empty: no Fortran wrappers)")
  set(fortran_libraries ${TALLY_MPI_FORTRAN_LIBRARIES_${family}})

  set(generated_dir "${CMAKE_CURRENT_BINARY_DIR}/mpi_generated_${family}")
  # Made now: the preprocessing's outputs go there, and Make, unlike Ninja, makes no output's folder.
  file(MAKE_DIRECTORY "${generated_dir}")
  set(tally_mpi_generated "${generated_dir}/mpi_call_ids.hpp" "${generated_dir}/mpi_wrappers.cpp"
                          "${generated_dir}/fortran_wrappers.cpp"
                          "${generated_dir}/fortran_lifecycle_entries.inc")
  set(tally_mpi_fortran_arguments "")
  foreach(library IN LISTS fortran_libraries)
    list(APPEND tally_mpi_fortran_arguments --fortran-library "${library}")
  endforeach()

  # The prototypes as the compiler sees them: mpi.h preprocessed by the C compiler with MPI's include
  # folders, whatever file declares them (MPICH: mpi_proto.h) and whatever macros decorate them.
  set(tally_mpi_preprocessed "${generated_dir}/mpi_preprocessed.h")
  set(tally_mpi_include_flags "")
  foreach(folder IN LISTS tally_mpi_${family}_include_dirs)
    list(APPEND tally_mpi_include_flags "-I${folder}")
  endforeach()
  add_custom_command(
    OUTPUT "${tally_mpi_preprocessed}"
    COMMAND "${CMAKE_C_COMPILER}" -E -x c ${tally_mpi_include_flags} -DOMPI_SKIP_MPICXX=1 -DMPICH_SKIP_MPICXX=1
            -include mpi.h -MD -MF "${tally_mpi_preprocessed}.d" -MT "${tally_mpi_preprocessed}" -o "${tally_mpi_preprocessed}"
            /dev/null
    DEPFILE "${tally_mpi_preprocessed}.d"
    COMMENT "Preprocessing ${family}'s mpi.h"
    VERBATIM)

  add_custom_command(
    OUTPUT ${tally_mpi_generated}
    COMMAND Python3::Interpreter "${tally_mpi_dir}/generate_wrappers.py" --table "${tally_mpi_dir}/mpi_calls.tsv"
            --mpi-header "${tally_mpi_preprocessed}" --mpi-version "${tally_mpi_${family}_version}" --output-dir "${generated_dir}"
            --nm "${CMAKE_NM}"
            ${tally_mpi_fortran_arguments}
    DEPENDS "${tally_mpi_dir}/generate_wrappers.py" "${tally_mpi_dir}/mpi_calls.tsv" "${tally_mpi_preprocessed}"
            ${fortran_libraries}
    COMMENT "Generating the MPI wrappers from mpi_calls.tsv and ${family}'s mpi.h"
    VERBATIM)

  # The generated sources alone, which tell what the family's installation made of the table
  # (tests/ground_truth/vendor_layouts.cmake compares two installations' without compiling them).
  add_custom_target(tally_mpi_generated_${family} DEPENDS ${tally_mpi_generated})

  # Only MPI's headers, never its libraries: libtally.so must load into programs without MPI.
  add_library(tally_mpi_wrappers_${family} OBJECT ${tally_mpi_generated})
  target_compile_features(tally_mpi_wrappers_${family} PUBLIC cxx_std_20)
  set_target_properties(tally_mpi_wrappers_${family} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_include_directories(tally_mpi_wrappers_${family} PUBLIC "${tally_mpi_dir}/.." "${generated_dir}")
  # mpi_state.hpp, which users of the generated header include, includes mpi.h.
  target_include_directories(tally_mpi_wrappers_${family} PUBLIC ${tally_mpi_${family}_include_dirs})
  # mpi.h would otherwise pull in the deprecated MPI C++ bindings, which need libmpi_cxx.
  target_compile_definitions(tally_mpi_wrappers_${family} PUBLIC OMPI_SKIP_MPICXX=1 MPICH_SKIP_MPICXX=1)
  # The generated call table checks its kinds against the model's (region_counts.hpp).
  target_link_libraries(tally_mpi_wrappers_${family} PUBLIC tally::model PRIVATE tally_build_flags)
  # Where the tests find the generator's inputs and outputs.
  set_target_properties(
    tally_mpi_wrappers_${family}
    PROPERTIES TALLY_MPI_GENERATOR "${tally_mpi_dir}/generate_wrappers.py"
               TALLY_MPI_TABLE "${tally_mpi_dir}/mpi_calls.tsv"
               TALLY_MPI_HEADER "${tally_mpi_preprocessed}"
               TALLY_MPI_GENERATED_DIR "${generated_dir}")
endfunction()
