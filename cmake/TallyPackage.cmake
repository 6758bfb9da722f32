# SPDX-License-Identifier: BSD-3-Clause
# Installs the CMake package (find_package(tally) gives tally::tally, the region API in libtally.so,
# tally::api, the same API measured only when libtally.so is preloaded, and tally::model, the
# document reader) and the pkg-config files.
include(CMakePackageConfigHelpers)

set(tally_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/tally)
install(EXPORT tallyTargets NAMESPACE tally:: DESTINATION ${tally_cmake_dir})
# The preload libraries, one per MPI family (profiler/CMakeLists.txt), named for the package and for
# pkg-config: tally_MPI_FAMILIES and tally_PRELOAD_LIBRARY_<family>; mpi_families and preload_<family>.
set(tally_preload_variables "")
set(tally_pc_preload_variables "")
foreach(family IN LISTS TALLY_MPI_FAMILIES)
  string(APPEND tally_preload_variables
         "set_and_check(tally_PRELOAD_LIBRARY_${family} \"\${PACKAGE_PREFIX_DIR}/${CMAKE_INSTALL_LIBDIR}/libtally-${family}.so\")\n")
  string(APPEND tally_pc_preload_variables "preload_${family}=\${libdir}/libtally-${family}.so\n")
endforeach()
string(REPLACE ";" " " tally_pc_mpi_families "${TALLY_MPI_FAMILIES}")
configure_package_config_file(cmake/tallyConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/tallyConfig.cmake
                              INSTALL_DESTINATION ${tally_cmake_dir} PATH_VARS CMAKE_INSTALL_DATADIR)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/tallyConfigVersion.cmake
                                 COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/tallyConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/tallyConfigVersion.cmake
        DESTINATION ${tally_cmake_dir})

# tally.pc: the region API in the profiler (C, C++, Fortran programs); tally-api.pc: the same API,
# measured only when libtally.so is preloaded; tally-model.pc: reading run documents (C++).
# Relocatable: the prefix is found from where the .pc file is, so `--prefix` at install time works.
file(RELATIVE_PATH tally_pc_to_prefix "${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig" "${CMAKE_INSTALL_PREFIX}")
configure_file(cmake/tally.pc.in ${CMAKE_CURRENT_BINARY_DIR}/tally.pc @ONLY)
configure_file(cmake/tally-api.pc.in ${CMAKE_CURRENT_BINARY_DIR}/tally-api.pc @ONLY)
configure_file(cmake/tally-model.pc.in ${CMAKE_CURRENT_BINARY_DIR}/tally-model.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/tally.pc ${CMAKE_CURRENT_BINARY_DIR}/tally-api.pc ${CMAKE_CURRENT_BINARY_DIR}/tally-model.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
