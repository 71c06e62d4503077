#include "engine/scenes/scene_registry.h"

#include <algorithm>
#include <charconv>
#include <vector>

namespace partlab {
namespace {
std::vector<SceneInfo>& Registry() {
  static std::vector<SceneInfo> scenes;
  return scenes;
}
}  // namespace

bool RegisterScene(const SceneInfo& info) {
  std::vector<SceneInfo>& r = Registry();
  r.push_back(info);
  // Static initialisation order across files is unspecified: keep the list ordered as we go.
  std::sort(r.begin(), r.end(),
            [](const SceneInfo& a, const SceneInfo& b) { return a.number < b.number; });
  return true;
}

std::span<const SceneInfo> SceneCatalog() {
  return Registry();
}

const SceneInfo* FindScene(std::string_view s) {
  int number = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), number);
  const bool is_number = ec == std::errc() && end == s.data() + s.size();
  for (const SceneInfo& info : Registry())
    if ((is_number && info.number == number) || info.key == s) return &info;
  return nullptr;
}

}  // namespace partlab
