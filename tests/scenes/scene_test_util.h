// Small versions of the four simulations for the tests: the thesis's scenes with a few hundred
// bodies spawned quickly, so that every invariant is checked in well under a second per scene.
#pragma once

#include <memory>
#include <string>

#include "engine/broadphase/broad_phase_registry.h"
#include "engine/scenes/scene_registry.h"

namespace partlab::testing {

inline SceneParams SmallParams(const SceneInfo& info, uint32_t bodies = 240) {
  SceneParams p = info.defaults();
  p.body_count = bodies;
  if (p.spawn_per_step > 0) p.spawn_per_step = 12;
  p.seed = 42;
  return p;
}

// Steps that show each scene's character at test size: scene 3's blocks need ~70 steps to meet.
inline int StepsToSee(int scene_number) {
  return scene_number == 3 ? 110 : 50;
}

inline std::unique_ptr<Scene> MakeSmallScene(int number, const std::string& algo,
                                             uint32_t bodies = 240) {
  const SceneInfo* info = FindScene(std::to_string(number));
  if (!info) return nullptr;
  std::unique_ptr<Scene> scene = info->make();
  scene->Create(SmallParams(*info, bodies), MakeBroadPhase(algo));
  return scene;
}

}  // namespace partlab::testing
