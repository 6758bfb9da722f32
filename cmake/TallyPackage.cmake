# Installs the CMake package (find_package(tally) gives tally::model) and the pkg-config file.
include(CMakePackageConfigHelpers)

set(tally_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/tally)
install(EXPORT tallyTargets NAMESPACE tally:: DESTINATION ${tally_cmake_dir})
configure_package_config_file(cmake/tallyConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/tallyConfig.cmake
                              INSTALL_DESTINATION ${tally_cmake_dir})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/tallyConfigVersion.cmake
                                 COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/tallyConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/tallyConfigVersion.cmake
        DESTINATION ${tally_cmake_dir})

configure_file(cmake/tally.pc.in ${CMAKE_CURRENT_BINARY_DIR}/tally.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/tally.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
