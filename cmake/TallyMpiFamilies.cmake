# SPDX-License-Identifier: BSD-3-Clause
# The MPI families the profiler is built for (profiler/mpi/README.md, "MPI families"): one preload
# library each, libtally-<family>.so. The first is FindMPI's (TallyOptions.cmake); each other known
# family is found, as FindMPI finds one, by its installation's prefix (TALLY_MPI_HOME_<family>, like
# MPI_HOME) or its C compiler wrapper (TALLY_MPICC_<family>, like MPI_C_COMPILER), else by Debian's
# suffixed wrapper (mpicc.mpich, mpicc.openmpi), and is what its MPI_Get_library_version says
# (cmake/TallyMpiInstallation.cmake). A family is described by variables tally_mpi_<family>_<what>
# that the profiler, the examples and the tests read:
#   c_target, fortran_target   imported targets of its C and Fortran bindings (no Fortran: empty)
#   fortran_libraries          the MPI libraries its Fortran bindings link besides its C library,
#                              whatever their names (libmpi_mpifh.so, libmpichfort.so,
#                              libmpifort.so): no libm; empty without a Fortran compiler
#   include_dirs, library_dir  its mpi.h folders and the folder of its C library
#   version                    the MPI standard of its mpi.h (4.0)
#   launcher                   its mpiexec
#   f90_module, f08_module     whether `use mpi` and `use mpi_f08` are there
set(tally_known_mpi_families openmpi mpich)
include(${CMAKE_CURRENT_LIST_DIR}/TallyMpiInstallation.cmake)

# tally_mpi_family_compile_options(<family> <c_target>): what the programs of a family compile with,
# on its C target, the first family's (FindMPI's) or another's.
function(tally_mpi_family_compile_options family c_target)
  if("${family}" STREQUAL "mpich")
    # MPICH's MPI_STATUSES_IGNORE is the address 1, which GCC 12 takes for an array of no size: a
    # false -Wstringop-overflow on every MPI_Waitall(..., MPI_STATUSES_IGNORE) of its programs.
    target_compile_options(${c_target} INTERFACE $<$<COMPILE_LANG_AND_ID:C,GNU>:-Wno-stringop-overflow>)
  endif()
endfunction()

# tally_mpi_fortran_bindings(<fortran libraries> <c libraries> <out>): the libraries of the Fortran
# link line that are MPI's (their file names say mpi) and not a C one (by file name: the two
# wrappers may find one library in two folders).
function(tally_mpi_fortran_bindings fortran_libraries c_libraries out)
  set(c_names "")
  foreach(library IN LISTS c_libraries)
    get_filename_component(name "${library}" NAME)
    list(APPEND c_names "${name}")
  endforeach()
  set(bindings "")
  foreach(library IN LISTS fortran_libraries)
    get_filename_component(name "${library}" NAME)
    if(name MATCHES "mpi" AND NOT name IN_LIST c_names)
      list(APPEND bindings "${library}")
    endif()
  endforeach()
  set(${out} "${bindings}" PARENT_SCOPE)
endfunction()

# tally_mpi_find_tools(<family>): TALLY_MPICC_<family>, TALLY_MPIFORT_<family> and
# TALLY_MPIEXEC_<family>, the family's wrappers and launcher. Under TALLY_MPI_HOME_<family> they are
# its bin/mpicc, mpifort (or mpif90) and mpiexec; an installation without wrappers (Cray's) has
# none, and Debian's mpiexec.<family> launches its tests. Otherwise the Fortran wrapper and the
# launcher are those beside the C wrapper with its suffix (mpicc.mpich: mpif90.mpich, mpiexec.mpich).
function(tally_mpi_find_tools family)
  set(home "${TALLY_MPI_HOME_${family}}")
  if(home)
    find_program(TALLY_MPICC_${family} mpicc PATHS "${home}/bin" NO_DEFAULT_PATH)
  else()
    find_program(TALLY_MPICC_${family} mpicc.${family})
  endif()
  set(folder "${home}/bin")
  set(suffix "")
  if(TALLY_MPICC_${family})
    get_filename_component(folder "${TALLY_MPICC_${family}}" DIRECTORY)
    get_filename_component(name "${TALLY_MPICC_${family}}" NAME)
    string(REGEX REPLACE "^mpicc" "" suffix "${name}")
  endif()
  # Only the wrapper's own folder: a plain mpifort or mpiexec elsewhere on the PATH is another MPI's.
  find_program(TALLY_MPIFORT_${family} NAMES mpifort${suffix} mpif90${suffix} PATHS "${folder}" NO_DEFAULT_PATH)
  find_program(TALLY_MPIEXEC_${family} NAMES mpiexec${suffix} PATHS "${folder}" NO_DEFAULT_PATH)
  find_program(TALLY_MPIEXEC_${family} mpiexec.${family})
  mark_as_advanced(TALLY_MPICC_${family} TALLY_MPIFORT_${family} TALLY_MPIEXEC_${family})
endfunction()

# tally_mpi_family_from(<family>): the family's variables from its wrappers (TALLY_MPICC_<family> and,
# when the project has Fortran, TALLY_MPIFORT_<family>), or from the installation of
# TALLY_MPI_HOME_<family> where it has no wrapper; checked to be the family by its library version.
function(tally_mpi_family_from family)
  set(prefix tally_mpi_${family})
  set(home "${TALLY_MPI_HOME_${family}}")
  if(TALLY_MPICC_${family})
    set(origin "${TALLY_MPICC_${family}}")
    tally_mpi_wrapper_flags(${TALLY_MPICC_${family}} c)
  else()
    set(origin "${home}")
    tally_mpi_home_flags("${home}" c c)
  endif()
  add_library(tally_mpi_c_${family} INTERFACE IMPORTED GLOBAL)
  target_include_directories(tally_mpi_c_${family} INTERFACE ${c_includes})
  target_link_libraries(tally_mpi_c_${family} INTERFACE ${c_libraries})
  target_link_options(tally_mpi_c_${family} INTERFACE ${c_link_options})
  tally_mpi_family_compile_options(${family} tally_mpi_c_${family})
  list(GET c_libraries -1 c_library)
  get_filename_component(library_dir "${c_library}" DIRECTORY)
  find_file(header mpi.h PATHS ${c_includes} NO_DEFAULT_PATH NO_CACHE)
  file(STRINGS "${header}" defines REGEX "^#define MPI_(SUB)?VERSION[ \t]+[0-9]+")
  string(REGEX REPLACE ".*MPI_VERSION[ \t]+([0-9]+).*MPI_SUBVERSION[ \t]+([0-9]+).*" "\\1.\\2" version "${defines}")

  # Which MPI it is, whatever its files are called (libmpi.so.12 is Intel MPI's as well as MPICH's).
  tally_mpi_library_version(tally_mpi_c_${family} "${library_dir}" library_version)
  string(REGEX REPLACE "\n.*" "" library_first_line "${library_version}")
  tally_mpi_family_of("${library_version}" found_family)
  if(NOT library_version)
    message(WARNING "tally: could not run MPI_Get_library_version with ${origin}: taken for ${family} unchecked")
  elseif(NOT found_family STREQUAL family)
    message(FATAL_ERROR "tally: ${origin} is not ${family} but ${found_family} (\"${library_first_line}\"); "
                        "name each family's installation with TALLY_MPI_HOME_<family> or TALLY_MPICC_<family>")
  endif()
  message(STATUS "tally: ${family} from ${origin}: ${library_first_line}")

  set(fortran_target "")
  set(fortran_libraries "")
  set(f90_module OFF)
  set(f08_module OFF)
  set(have_fortran OFF)
  if(CMAKE_Fortran_COMPILER AND TALLY_MPIFORT_${family})
    set(have_fortran ON)
    tally_mpi_wrapper_flags(${TALLY_MPIFORT_${family}} fortran)
  elseif(CMAKE_Fortran_COMPILER AND home AND NOT TALLY_MPICC_${family})
    set(have_fortran ON)
    tally_mpi_home_flags("${home}" fortran fortran)
  endif()
  if(have_fortran)
    set(fortran_target tally_mpi_fortran_${family})
    add_library(${fortran_target} INTERFACE IMPORTED GLOBAL)
    target_include_directories(${fortran_target} INTERFACE ${fortran_includes})
    target_compile_options(${fortran_target} INTERFACE $<$<COMPILE_LANGUAGE:Fortran>:${fortran_compile_options}>)
    target_link_libraries(${fortran_target} INTERFACE ${fortran_libraries})
    target_link_options(${fortran_target} INTERFACE ${fortran_link_options})
    find_file(f90 mpi.mod PATHS ${fortran_includes} NO_DEFAULT_PATH NO_CACHE)
    find_file(f08 mpi_f08.mod PATHS ${fortran_includes} NO_DEFAULT_PATH NO_CACHE)
    if(f90)
      set(f90_module ON)
    endif()
    if(f08)
      set(f08_module ON)
    endif()
  endif()

  tally_mpi_fortran_bindings("${fortran_libraries}" "${c_libraries}" own_fortran_libraries)
  set(${prefix}_fortran_libraries "${own_fortran_libraries}" PARENT_SCOPE)
  set(${prefix}_c_target tally_mpi_c_${family} PARENT_SCOPE)
  set(${prefix}_fortran_target "${fortran_target}" PARENT_SCOPE)
  set(${prefix}_include_dirs "${c_includes}" PARENT_SCOPE)
  set(${prefix}_library_dir "${library_dir}" PARENT_SCOPE)
  set(${prefix}_version "${version}" PARENT_SCOPE)
  set(${prefix}_launcher "${TALLY_MPIEXEC_${family}}" PARENT_SCOPE)
  set(${prefix}_f90_module ${f90_module} PARENT_SCOPE)
  set(${prefix}_f08_module ${f08_module} PARENT_SCOPE)
endfunction()

# tally_use_mpi_family(<family>): for what is built once per family (MPI examples and tests):
# tally_mpi_family, tally_mpi_suffix ("" for the first family, "_<family>" for the others, appended
# to the names of its targets and tests), tally_mpi_c and tally_mpi_fortran (its bindings' targets),
# and tally_mpi_region_api, what its programs with regions link: the profiler, tally::tally, for the
# first family; for the others the stand-in, tally::api, measured once their library is preloaded,
# as the libtally.so.0 that tally::tally names is the first family's and breaks their MPI unpreloaded.
macro(tally_use_mpi_family family)
  set(tally_mpi_family ${family})
  set(tally_mpi_suffix "")
  set(tally_mpi_region_api tally::tally)
  if(NOT "${family}" STREQUAL "${tally_mpi_primary_family}")
    set(tally_mpi_suffix _${family})
    set(tally_mpi_region_api tally::api)
  endif()
  set(tally_mpi_c ${tally_mpi_${family}_c_target})
  set(tally_mpi_fortran ${tally_mpi_${family}_fortran_target})
endmacro()

if(NOT TALLY_WITH_MPI)
  # No family in this configure; the cache entry, if any, stays for one that turns MPI on.
  set(TALLY_MPI_FAMILIES "")
  return()
endif()

# The first family, FindMPI's, as found.
set(tally_mpi_primary_family ${TALLY_MPI_FAMILY})
set(tally_mpi_primary tally_mpi_${tally_mpi_primary_family})
set(${tally_mpi_primary}_c_target MPI::MPI_C)
tally_mpi_family_compile_options(${tally_mpi_primary_family} MPI::MPI_C)
set(${tally_mpi_primary}_fortran_target "")
set(${tally_mpi_primary}_fortran_libraries "")
if(MPI_Fortran_FOUND)
  set(${tally_mpi_primary}_fortran_target MPI::MPI_Fortran)
  tally_mpi_fortran_bindings("${MPI_Fortran_LIBRARIES}" "${MPI_C_LIBRARIES}" ${tally_mpi_primary}_fortran_libraries)
endif()
set(${tally_mpi_primary}_include_dirs ${MPI_C_INCLUDE_DIRS})
list(GET MPI_C_LIBRARIES 0 tally_mpi_first_library)
get_filename_component(${tally_mpi_primary}_library_dir "${tally_mpi_first_library}" DIRECTORY)
set(${tally_mpi_primary}_version ${MPI_C_VERSION})
set(${tally_mpi_primary}_launcher ${MPIEXEC_EXECUTABLE})
set(${tally_mpi_primary}_f90_module ${MPI_Fortran_HAVE_F90_MODULE})
set(${tally_mpi_primary}_f08_module ${MPI_Fortran_HAVE_F08_MODULE})

# The other known families whose installation is named or whose Debian-style wrappers are there.
set(tally_mpi_families_found ${tally_mpi_primary_family})
foreach(family IN LISTS tally_known_mpi_families)
  if(family STREQUAL tally_mpi_primary_family)
    continue()
  endif()
  set(TALLY_MPI_HOME_${family} "" CACHE PATH "The prefix of ${family}'s installation (include/, lib/, bin/), as MPI_HOME")
  tally_mpi_find_tools(${family})
  if((TALLY_MPICC_${family} OR TALLY_MPI_HOME_${family}) AND TALLY_MPIEXEC_${family})
    list(APPEND tally_mpi_families_found ${family})
  endif()
endforeach()

set(TALLY_MPI_FAMILIES "${tally_mpi_families_found}" CACHE STRING
    "MPI families to build a preload library for (libtally-<family>.so); the first is FindMPI's and is also libtally.so")
if(NOT TALLY_MPI_FAMILIES)
  set(TALLY_MPI_FAMILIES ${tally_mpi_families_found})
endif()
list(GET TALLY_MPI_FAMILIES 0 tally_first_family)
if(NOT tally_first_family STREQUAL tally_mpi_primary_family)
  message(FATAL_ERROR "tally: TALLY_MPI_FAMILIES must start with ${tally_mpi_primary_family}, the MPI that FindMPI "
                      "found; to make ${tally_first_family} the first, choose it with MPI_EXECUTABLE_SUFFIX (e.g. .mpich)")
endif()
foreach(family IN LISTS TALLY_MPI_FAMILIES)
  if(family STREQUAL tally_mpi_primary_family)
    continue()
  endif()
  if(NOT family IN_LIST tally_known_mpi_families)
    message(FATAL_ERROR "tally: unknown MPI family ${family} in TALLY_MPI_FAMILIES (known: ${tally_known_mpi_families})")
  endif()
  if(NOT family IN_LIST tally_mpi_families_found)
    message(FATAL_ERROR "tally: TALLY_MPI_FAMILIES names ${family}, but neither TALLY_MPI_HOME_${family} nor "
                        "mpicc.${family} names its installation, or it has no launcher (TALLY_MPIEXEC_${family})")
  endif()
  tally_mpi_family_from(${family})
endforeach()
message(STATUS "tally: a preload library for each MPI family of TALLY_MPI_FAMILIES: ${TALLY_MPI_FAMILIES}")
