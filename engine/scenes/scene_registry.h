// The catalogue of simulations. A scene registers itself with one line in its own .cpp, as a
// Box2D sample does with RegisterSample:
//   static const bool kRegistered = RegisterScene({1, "terrain", "Terrain", "...", &MakeScene<T>});
// The testbed's scene selector, `partlab-bench sim --scene N` and the tests all list it from here.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "engine/scenes/scene.h"

namespace partlab {

struct SceneInfo {
  int number;            // the thesis's Simulation number (6.2.N)
  std::string_view key;  // short name for command lines
  std::string_view title;
  std::string_view summary;  // one sentence for tooltips and --help
  std::unique_ptr<Scene> (*make)();
  SceneParams (*defaults)();  // the parameters this scene is designed for
};

template <class T>
std::unique_ptr<Scene> MakeSceneOf() {
  return std::make_unique<T>();
}

bool RegisterScene(const SceneInfo& info);
// Every registered scene, ordered by number.
std::span<const SceneInfo> SceneCatalog();
// By number ("3") or key ("breaking"); null when unknown.
const SceneInfo* FindScene(std::string_view number_or_key);

}  // namespace partlab
