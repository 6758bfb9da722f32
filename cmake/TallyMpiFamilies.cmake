# SPDX-License-Identifier: BSD-3-Clause
# The MPI families the profiler is built for (profiler/mpi/README.md, "MPI families"): one preload
# library each, libtally-<family>.so. The first is FindMPI's (TallyOptions.cmake); each other known
# family is found by its suffixed compiler wrapper (Debian's mpicc.mpich, mpicc.openmpi), whose
# -show line is what the wrapper adds to a compile and link. A family is described by variables
# tally_mpi_<family>_<what> that the profiler, the examples and the tests read:
#   c_target, fortran_target   imported targets of its C and Fortran bindings (no Fortran: empty)
#   fortran_libraries          the MPI libraries its Fortran bindings link besides its C library,
#                              whatever their names (libmpi_mpifh.so, libmpichfort.so,
#                              libmpifort.so): no libm; empty without a Fortran compiler
#   include_dirs, library_dir  its mpi.h folders and the folder of its C library
#   version                    the MPI standard of its mpi.h (4.0)
#   launcher                   its mpiexec
#   f90_module, f08_module     whether `use mpi` and `use mpi_f08` are there
set(tally_known_mpi_families openmpi mpich)

# tally_mpi_wrapper_flags(<wrapper> <prefix>): <prefix>_includes, _libraries (full paths),
# _link_options and _compile_options, read from `<wrapper> -show`.
function(tally_mpi_wrapper_flags wrapper prefix)
  execute_process(COMMAND ${wrapper} -show OUTPUT_VARIABLE line OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET
                  RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "tally: ${wrapper} -show failed")
  endif()
  separate_arguments(words UNIX_COMMAND "${line}")
  list(POP_FRONT words) # the compiler the wrapper calls: ours is the project's
  set(includes "")
  set(library_dirs "")
  set(names "")
  set(link_options "")
  set(compile_options "")
  foreach(word IN LISTS words)
    if(word MATCHES "^-I(.+)")
      list(APPEND includes "${CMAKE_MATCH_1}")
    elseif(word MATCHES "^-L(.+)")
      list(APPEND library_dirs "${CMAKE_MATCH_1}")
    elseif(word MATCHES "^-l(.+)")
      list(APPEND names "${CMAKE_MATCH_1}")
    elseif(word MATCHES "^-Wl,")
      list(APPEND link_options "${word}")
    elseif(word MATCHES "^-")
      list(APPEND compile_options "${word}")
    endif()
  endforeach()
  set(libraries "")
  foreach(name IN LISTS names)
    unset(library) # find_library keeps a variable already found
    find_library(library NAMES ${name} HINTS ${library_dirs} NO_CACHE)
    if(NOT library)
      message(FATAL_ERROR "tally: ${wrapper} links -l${name}, which is not in ${library_dirs}")
    endif()
    list(APPEND libraries "${library}")
  endforeach()
  list(REMOVE_DUPLICATES includes)
  set(${prefix}_includes "${includes}" PARENT_SCOPE)
  set(${prefix}_libraries "${libraries}" PARENT_SCOPE)
  set(${prefix}_link_options "${link_options}" PARENT_SCOPE)
  set(${prefix}_compile_options "${compile_options}" PARENT_SCOPE)
endfunction()

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

# tally_mpi_family_from_wrappers(<family>): the family's variables from mpicc.<family> (and
# mpif90.<family> when the project has Fortran) and mpiexec.<family>.
function(tally_mpi_family_from_wrappers family)
  set(prefix tally_mpi_${family})
  tally_mpi_wrapper_flags(${TALLY_MPICC_${family}} c)
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

  set(fortran_target "")
  set(fortran_libraries "")
  set(f90_module OFF)
  set(f08_module OFF)
  find_program(TALLY_MPIFORT_${family} mpif90.${family})
  mark_as_advanced(TALLY_MPIFORT_${family})
  if(CMAKE_Fortran_COMPILER AND TALLY_MPIFORT_${family})
    tally_mpi_wrapper_flags(${TALLY_MPIFORT_${family}} fortran)
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

# The other known families whose wrapper and launcher are installed.
set(tally_mpi_families_found ${tally_mpi_primary_family})
foreach(family IN LISTS tally_known_mpi_families)
  if(family STREQUAL tally_mpi_primary_family)
    continue()
  endif()
  find_program(TALLY_MPICC_${family} mpicc.${family})
  find_program(TALLY_MPIEXEC_${family} mpiexec.${family})
  mark_as_advanced(TALLY_MPICC_${family} TALLY_MPIEXEC_${family})
  if(TALLY_MPICC_${family} AND TALLY_MPIEXEC_${family})
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
  if(NOT TALLY_MPICC_${family} OR NOT TALLY_MPIEXEC_${family})
    message(FATAL_ERROR "tally: TALLY_MPI_FAMILIES names ${family}, but mpicc.${family} or mpiexec.${family} is not installed")
  endif()
  tally_mpi_family_from_wrappers(${family})
endforeach()
message(STATUS "tally: a preload library for each MPI family of TALLY_MPI_FAMILIES: ${TALLY_MPI_FAMILIES}")
