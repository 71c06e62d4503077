# A compiler cache for every compile, when ccache (Debian's ccache package, which
# scripts/install-deps.sh installs) is present: a file compiled on its own is then compiled once
# per content on this machine, whichever clone asks; a unity source too, since the project writes
# it with relative paths (cmake/relocatable_unity.cmake, docs/testing.md).
#
# A launcher given by the user (-DCMAKE_CXX_COMPILER_LAUNCHER=..., or the environment variable of
# that name) is kept. -DPARTLAB_COMPILER_CACHE=OFF compiles without one (to time a cold build).
option(PARTLAB_COMPILER_CACHE "Compile through ccache when it is installed" ON)

if(PARTLAB_COMPILER_CACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER AND
   NOT DEFINED ENV{CMAKE_CXX_COMPILER_LAUNCHER})
  find_program(PARTLAB_CCACHE ccache)
  if(PARTLAB_CCACHE)
    # - base dir: paths under the source tree are hashed relative to it, so two clones in
    #   different folders share their entries;
    # - sloppiness: the precompiled headers of the tests and the bench (CMake passes them with
    #   -include) are cacheable only when ccache may ignore their __DATE__/__TIME__ and defines;
    #   a clean clone's headers are younger than ccache's default trust in modification times.
    set(partlab_launcher
        ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR}
        "CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime"
        ${PARTLAB_CCACHE})
    set(CMAKE_C_COMPILER_LAUNCHER ${partlab_launcher})
    set(CMAKE_CXX_COMPILER_LAUNCHER ${partlab_launcher})
    message(STATUS "Compiling through ${PARTLAB_CCACHE}")
  endif()
endif()
