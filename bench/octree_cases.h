// The octree benches' inputs: a named set of triangles, and the three real models (the bunny from
// assets/, both dragons from the model cache that scripts/fetch-models.sh fills), fitted to the
// 100-unit cube as the paper's scenes are.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/geometry/triangle.h"

namespace partlab::bench {

struct Case {
  std::string name;  // "low-10000", "bunny", ...
  std::string kind;  // "low", "medium", "high", "model"
  std::vector<Triangle> triangles;
};

// Loads an OBJ into a case, fitted to the 100 cube when asked. On failure prints one "# NAME:
// skipped, ..." line and returns false.
bool LoadModelCase(const std::string& path, const std::string& name, bool fit, Case* out);

// The real models by name and path: bunny, dragon_res2, dragon_vrip, and two Quake 3 levels,
// oa_shouse (a house in its grounds) and oa_dm5 (indoor rooms and corridors).
std::vector<std::pair<std::string, std::string>> ModelPaths();
// Their names joined by `separator`, for the benches' help texts.
std::string ModelNames(const char* separator);

}  // namespace partlab::bench
