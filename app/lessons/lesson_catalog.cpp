#include "app/lessons/lesson_catalog.h"

#include <algorithm>
#include <filesystem>

#include "engine/paths/data_paths.h"

namespace partlab {

std::string LessonDirectory() {
  return AssetDirectory() + "/lessons";
}

std::string LessonPath(const std::string& name_or_path) {
  const bool is_path = name_or_path.find('/') != std::string::npos ||
                       std::filesystem::path(name_or_path).extension() == ".toml";
  return is_path ? name_or_path : LessonDirectory() + "/" + name_or_path + ".toml";
}

std::vector<std::string> LessonNames() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(LessonDirectory(), ec))
    if (entry.path().extension() == ".toml") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace partlab
