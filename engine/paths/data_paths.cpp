#include "engine/paths/data_paths.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace partlab {

namespace {

std::string FromEnvironment(const char* name) {
  const char* value = std::getenv(name);
  return value && *value ? std::string(value) : std::string();
}

}  // namespace

std::string ExecutableDirectory() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : exe.parent_path().string();
}

std::string DataDirectory() {
  if (std::string dir = FromEnvironment("PARTLAB_DATA_DIR"); !dir.empty()) return dir;
  const std::filesystem::path exe_dir = ExecutableDirectory();
  if (!exe_dir.empty()) {
    // Installed: <prefix>/bin/partlab. Build tree: <build>/app/partlab (one level deeper for
    // binaries in nested folders, such as <build>/tests/...).
    for (const char* up : {"..", "../.."}) {
      std::error_code ec;
      const std::filesystem::path dir = exe_dir / up / "share" / "partlab";
      if (std::filesystem::is_directory(dir / "shaders", ec))
        return std::filesystem::weakly_canonical(dir, ec).string();
    }
  }
  return "share/partlab";
}

std::string ShaderDirectory() {
  if (std::string dir = FromEnvironment("PARTLAB_SHADER_DIR"); !dir.empty()) return dir;
  return DataDirectory() + "/shaders";
}

std::string AssetDirectory() {
  return DataDirectory() + "/assets";
}

std::string ModelCacheDirectory() {
  if (std::string cache = FromEnvironment("PARTLAB_CACHE"); !cache.empty())
    return cache + "/models";
  if (std::string home = FromEnvironment("HOME"); !home.empty())
    return home + "/.cache/partlab/models";
  return ".cache/partlab/models";
}

}  // namespace partlab
