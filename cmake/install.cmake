# Installing partlab: the binaries in bin/, the shaders, the small assets and the bench's gnuplot
# scripts in share/partlab/,
# found at run time relative to the executable (engine/paths/data_paths.h), so nothing of the
# source tree is compiled in. The build tree mirrors the installed layout with links
# (<build>/share/partlab/{shaders,assets,scripts} -> the source tree), so a built partlab runs in
# place.
include(GNUInstallDirs)

file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/share/partlab)
foreach(dir shaders assets scripts)
  if(NOT EXISTS ${PROJECT_BINARY_DIR}/share/partlab/${dir})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${dir} ${PROJECT_BINARY_DIR}/share/partlab/${dir}
         SYMBOLIC)
  endif()
endforeach()

foreach(program partlab partlab-bench)
  if(TARGET ${program})
    install(TARGETS ${program} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/shaders/ DESTINATION ${CMAKE_INSTALL_DATADIR}/partlab/shaders)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/ DESTINATION ${CMAKE_INSTALL_DATADIR}/partlab/assets)
install(FILES ${PROJECT_SOURCE_DIR}/scripts/plot_sim.gp ${PROJECT_SOURCE_DIR}/scripts/palette.gp
        DESTINATION ${CMAKE_INSTALL_DATADIR}/partlab/scripts)
# The bench's charts that lesson steps show (their `image`, named relative to the lesson file as
# ../../docs/results/NAME.png, so the installed tree keeps the source tree's layout).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/results/ DESTINATION ${CMAKE_INSTALL_DATADIR}/partlab/docs/results
        FILES_MATCHING PATTERN "*.png")
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/partlab)

# cpack -G DEB (in the build folder) makes partlab_VERSION_ARCH.deb. Its Depends line is computed
# by dpkg-shlibdeps from the libraries the binaries link (GLFW, ODE, Bullet, Embree, libstdc++,
# ...); the Mesa GL driver is named too, since GLFW opens it at run time.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME partlab)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "Partition Lab maintainers <partlab@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Interactive testbed for the spatial partitioning structures games use")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libgl1, libgl1-mesa-dri")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "xvfb")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_STRIP_FILES ON)
include(CPack)

# The public headers for a game's own build (include/partlab: the recorder and the plugin ABI),
# with a CMake package config so find_package(PartitionLab) gives the target PartitionLab::headers.
# Component partlab_dev: `cmake --install build --component partlab_dev` installs only these.
include(CMakePackageConfigHelpers)
add_library(partlab_public_headers INTERFACE)
target_include_directories(partlab_public_headers INTERFACE
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
set_target_properties(partlab_public_headers PROPERTIES EXPORT_NAME headers)
add_library(PartitionLab::headers ALIAS partlab_public_headers)
install(TARGETS partlab_public_headers EXPORT PartitionLabTargets COMPONENT partlab_dev)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/partlab DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        COMPONENT partlab_dev)
set(partlab_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/PartitionLab)
install(EXPORT PartitionLabTargets NAMESPACE PartitionLab:: DESTINATION ${partlab_cmake_dir}
        COMPONENT partlab_dev)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/PartitionLabConfig.cmake.in
  ${PROJECT_BINARY_DIR}/PartitionLabConfig.cmake INSTALL_DESTINATION ${partlab_cmake_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/PartitionLabConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/PartitionLabConfig.cmake
              ${PROJECT_BINARY_DIR}/PartitionLabConfigVersion.cmake
        DESTINATION ${partlab_cmake_dir} COMPONENT partlab_dev)
