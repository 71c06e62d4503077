// A scratch file's path in the system's temporary folder, unique to this process. ctest runs each
// test case as a process of its own, two at a time: two cases of one file that wrote the same fixed
// path would overwrite or delete each other's file mid-test.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

namespace partlab {

inline std::string TempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("partlab_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

}  // namespace partlab
