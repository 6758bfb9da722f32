# SPDX-License-Identifier: BSD-3-Clause
# Reading one MPI installation other than FindMPI's (cmake/TallyMpiFamilies.cmake): what its compiler
# wrapper adds (the -show line), or, for an installation without wrappers (Cray's compilers add MPI
# themselves), what its prefix holds (include/, lib/); and which MPI it is, by running
# MPI_Get_library_version as FindMPI does for the first family.

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

# The libraries an installation without wrappers may hold, by the names vendors give them: Open MPI,
# upstream MPICH (Intel MPI, MVAPICH), Debian's MPICH, Cray MPICH. The Fortran ones are found by the
# same names under any of these installations: whichever are there get wrappers.
set(tally_mpi_home_c_names mpi mpich mpi_cray)
set(tally_mpi_home_fortran_names mpi_mpifh mpi_usempif08 mpifort mpichfort mpifort_cray)

# tally_mpi_home_flags(<home> <c|fortran> <prefix>): the same variables as tally_mpi_wrapper_flags,
# from <home>/include and the libraries of <home>/lib (or lib64) that a C or a Fortran program links.
function(tally_mpi_home_flags home language prefix)
  set(library_dirs "${home}/lib" "${home}/lib64")
  find_library(c_library NAMES ${tally_mpi_home_c_names} PATHS ${library_dirs} NO_DEFAULT_PATH NO_CACHE)
  if(NOT c_library OR NOT EXISTS "${home}/include/mpi.h")
    message(FATAL_ERROR "tally: ${home} holds no MPI: include/mpi.h and lib/lib{${tally_mpi_home_c_names}}.so expected")
  endif()
  set(libraries "")
  if(language STREQUAL "fortran")
    foreach(name IN LISTS tally_mpi_home_fortran_names)
      unset(library)
      find_library(library NAMES ${name} PATHS ${library_dirs} NO_DEFAULT_PATH NO_CACHE)
      if(library)
        list(APPEND libraries "${library}")
      endif()
    endforeach()
  endif()
  list(APPEND libraries "${c_library}")
  set(${prefix}_includes "${home}/include" PARENT_SCOPE)
  set(${prefix}_libraries "${libraries}" PARENT_SCOPE)
  set(${prefix}_link_options "" PARENT_SCOPE)
  set(${prefix}_compile_options "" PARENT_SCOPE)
endfunction()

# tally_mpi_library_version(<c_target> <library_dir> <out>): what MPI_Get_library_version says in a
# program linked with <c_target>, run once at configure (found through an rpath to <library_dir>,
# as a module's LD_LIBRARY_PATH would); empty if it cannot be built or run.
function(tally_mpi_library_version c_target library_dir out)
  try_run(ran compiled "${CMAKE_BINARY_DIR}/tally_mpi_library_version/${c_target}"
          "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/mpi_library_version.c"
          LINK_LIBRARIES ${c_target}
          LINK_OPTIONS "-Wl,-rpath,${library_dir}"
          RUN_OUTPUT_VARIABLE version)
  if(NOT compiled OR NOT ran EQUAL 0)
    set(version "")
  endif()
  set(${out} "${version}" PARENT_SCOPE)
endfunction()
