# The OpenMP backend: an OMPT tool in libtally.so. Compiled against omp-tools.h only; the
# runtime (LLVM's libomp) finds ompt_start_tool at run time, so no OpenMP library is linked.
# omp-tools.h sits among clang's own builtin headers (stddef.h...), which GCC must not see: the
# one header is copied into the build folder and included from there.
configure_file(${TALLY_OMP_TOOLS_INCLUDE_DIR}/omp-tools.h ${CMAKE_CURRENT_BINARY_DIR}/omp_tools/omp-tools.h COPYONLY)
target_sources(tally_preload PRIVATE openmp/omp_team.cpp openmp/ompt_tool.cpp)
target_include_directories(tally_preload SYSTEM PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/omp_tools)
target_compile_definitions(tally_preload PRIVATE TALLY_WITH_OPENMP=1)
target_link_libraries(tally_preload PRIVATE tally_openmp_classifier ${CMAKE_DL_LIBS})
