# SPDX-License-Identifier: BSD-3-Clause
# Vendors' MPICH layouts, made from Debian's MPICH with patchelf (make_vendor_layout.sh): tally
# configured against each (found only through the layout's wrapper or prefix, recognised by its
# library version, its Fortran wrappers from its Fortran library), and the ground truth of
# counts.cmake, C and the three Fortran bindings, measured under each with counts exact.
# Two layouts, one per shape of installation; the vendors within a shape differ only in their
# version string (the configure and run-time checks' tests name each: family_of_version.cmake,
# library_family_test.cpp):
#   libmpi  libmpi.so.12, libmpifort.so.12 and compiler wrappers: upstream MPICH, Intel MPI, MVAPICH.
#           Found through its wrapper (TALLY_MPICC_mpich); what sees its MPI (the MPI backend and the
#           generated wrappers) is compiled against it, and its generated wrappers are checked to be
#           this build's MPICH ones byte for byte: the preload libraries link no MPI, so this build's
#           libtally-mpich.so is its library, and runs its programs (the whole library compiled
#           again, model and core too, made this test cost 90 CPU seconds instead of 16).
#   cray    libmpi_cray.so.12, libmpifort_cray.so.12, no wrappers: Cray MPICH. Found through its
#           prefix (TALLY_MPI_HOME_mpich); its generated wrappers are checked to be libmpi's byte for
#           byte, so the same library is its library, and runs its programs.
# The programs are counts.cmake's, built against Debian's MPICH, copied with their needed libraries
# renamed to the layout's: the same program a vendor's wrapper would build from the same mpi.h.
# Included with the mpich family of a build that has Debian's MPICH and patchelf, not under sanitizers
# (the layout's library is built without them).
find_program(TALLY_PATCHELF patchelf)
mark_as_advanced(TALLY_PATCHELF)
if(NOT TALLY_PATCHELF OR NOT EXISTS /usr/lib/x86_64-linux-gnu/libmpich.so.12 OR TALLY_SANITIZE)
  return()
endif()

set(layout_programs mpi_counts${tally_mpi_suffix})
set(layout_fortran_bindings "")
if(TARGET tally_fortran AND tally_mpi_fortran)
  set(layout_fortran_bindings "${bindings}")
  foreach(binding IN LISTS bindings)
    list(APPEND layout_programs mpi_counts_f${binding}${tally_mpi_suffix})
  endforeach()
endif()
set(layout_program_files "")
foreach(program IN LISTS layout_programs)
  list(APPEND layout_program_files $<TARGET_FILE:${program}>)
endforeach()

set(layouts_dir ${CMAKE_CURRENT_BINARY_DIR}/vendor_layouts)
set(layout_libmpi_how --compile --same-wrappers-as ${PROJECT_BINARY_DIR}/profiler/mpi_generated_mpich)
set(layout_cray_how --same-wrappers-as ${layouts_dir}/libmpi/tally/profiler/mpi_generated_mpich)
set(layout_libmpi_setup vendor_layout_libmpi_is_found_by_its_wrapper_and_recognised_by_its_version)
set(layout_cray_setup vendor_layout_cray_is_found_by_its_prefix_and_recognised_by_its_version)
set(layout_preload $<TARGET_FILE:tally_preload_mpich>)
foreach(shape IN ITEMS libmpi cray)
  set(folder ${layouts_dir}/${shape})
  add_test(NAME ${layout_${shape}_setup}
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/vendor_layout_setup.sh --shape ${shape} --folder ${folder} --source
                   ${PROJECT_SOURCE_DIR} --generator ${CMAKE_GENERATOR} ${layout_${shape}_how} -- ${layout_program_files})
  set_tests_properties(${layout_${shape}_setup} PROPERTIES TIMEOUT 600 LABELS "${tally_test_mpi_labels}"
                                                           FIXTURES_SETUP vendor_layout_${shape})
  set(fixtures vendor_layout_${shape})
  if(shape STREQUAL "cray")
    set_tests_properties(${layout_cray_setup} PROPERTIES FIXTURES_REQUIRED vendor_layout_libmpi)
    list(APPEND fixtures vendor_layout_libmpi)
  endif()
  set(layout_environment LD_LIBRARY_PATH=${folder}/mpi/lib)
  tally_preload_test(mpi_counts_match_hand_counts_under_vendor_layout_${shape}
    PRELOAD ${layout_preload} ENV ${layout_environment}
    CHECKS ${mpi_counts_checks}
    COMMAND ${mpirun} -np 2 ${folder}/programs/mpi_counts${tally_mpi_suffix})
  set(tests mpi_counts_match_hand_counts_under_vendor_layout_${shape}${tally_mpi_suffix})
  foreach(binding IN LISTS layout_fortran_bindings)
    tally_preload_test(fortran_mpi_counts_match_hand_counts${binding}_under_vendor_layout_${shape}
      PRELOAD ${layout_preload} ENV ${layout_environment}
      CHECKS ${fortran_mpi_counts_checks}
      COMMAND ${mpirun} -np 2 ${folder}/programs/mpi_counts_f${binding}${tally_mpi_suffix})
    list(APPEND tests fortran_mpi_counts_match_hand_counts${binding}_under_vendor_layout_${shape}${tally_mpi_suffix})
  endforeach()
  set_tests_properties(${tests} PROPERTIES FIXTURES_REQUIRED "${fixtures}")
endforeach()
