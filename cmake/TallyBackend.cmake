# SPDX-License-Identifier: BSD-3-Clause
# tally_add_backend(): the one way a profiler backend joins libtally.so. Adding a backend is its
# folder under profiler/, one line in profiler/core/backend_list.cpp and one call of this function.
#
#   tally_add_backend(<name>
#     SOURCES <file>...        the backend's code (profiler/<name>/), its descriptor included
#     [INCLUDES <dir>...]      include folders of its dependencies (e.g. MPI's)
#     [SYSTEM_INCLUDES <dir>...] the same, for headers whose warnings are not ours
#     [DEFINITIONS <def>...]   compile definitions of its code
#     [LINK <library>...]      what its code links; object libraries included
#     [DEPENDS <target>...]    targets to build with libtally.so (libraries it loads at run time)
#     [FAMILY <family>])       only in the preload library of one MPI family (the MPI backend)
#
# Makes tally_<name> (tally_<name>_<family>), an object library on top of the core: its tests link
# it together with tally_profiler_core. Links it into every preload library (the one of FAMILY) and
# defines TALLY_WITH_<NAME>=1 there, which puts the backend's line of backend_list.cpp in: a backend
# that is not built is not listed. The preload libraries are the targets of tally_preload_targets.
function(tally_add_backend name)
  cmake_parse_arguments(PARSE_ARGV 1 backend "" "FAMILY" "SOURCES;INCLUDES;SYSTEM_INCLUDES;DEFINITIONS;LINK;DEPENDS")
  if(NOT backend_SOURCES)
    message(FATAL_ERROR "tally_add_backend(${name}): no SOURCES")
  endif()
  if(backend_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tally_add_backend(${name}): unknown arguments ${backend_UNPARSED_ARGUMENTS}")
  endif()
  set(target tally_${name})
  set(preload_targets ${tally_preload_targets})
  if(backend_FAMILY)
    set(target tally_${name}_${backend_FAMILY})
    set(preload_targets tally_preload_${backend_FAMILY})
  endif()
  add_library(${target} OBJECT ${backend_SOURCES})
  target_include_directories(${target} PRIVATE ${backend_INCLUDES})
  target_include_directories(${target} SYSTEM PRIVATE ${backend_SYSTEM_INCLUDES})
  target_compile_definitions(${target} PRIVATE ${backend_DEFINITIONS})
  target_link_libraries(${target} PUBLIC tally_profiler_core ${backend_LINK} PRIVATE tally_build_flags)
  string(TOUPPER "${name}" upper_name)
  foreach(preload IN LISTS preload_targets)
    # An object library's objects reach only the targets that link it directly, hence LINK again.
    target_link_libraries(${preload} PRIVATE ${target} ${backend_LINK})
    target_compile_definitions(${preload} PRIVATE TALLY_WITH_${upper_name}=1)
    if(backend_DEPENDS)
      add_dependencies(${preload} ${backend_DEPENDS})
    endif()
  endforeach()
endfunction()
