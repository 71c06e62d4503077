// Fuzz target: the dynamics scene text (docs/dynamics.md) through ParseScene. Property: one error
// line "fuzz.scene:LINE: problem", or a scene within the reader's limits whose world builds and,
// when small, steps without a sanitizer report.
#include <string>
#include <string_view>

#include "engine/dynamics/scene_file.h"
#include "tests/fuzz/error_line.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace partlab::dynamics;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  SceneFile scene;
  std::string error;
  if (!ParseScene(text, "fuzz.scene", scene, error)) {
    partlab::fuzz::CheckErrorLine(error, "fuzz.scene");
    return 0;
  }
  if (scene.bodies.size() > kMaxSceneBodies) partlab::fuzz::Fail("more bodies than the limit");
  if (scene.params.lcp_max_size > kMaxLcpSize) partlab::fuzz::Fail("lcp-max above the limit");
  DynamicsWorld world;
  std::string note;
  if (!BuildWorld(scene, world, note, error)) return 0;  // a body MakeBody refuses, named
  // A few steps of a small scene: the solver on whatever settings the file chose. (Large scenes
  // are bounded by the limits above; stepping them here would only slow the fuzzer.)
  if (scene.bodies.size() <= 12)
    for (int i = 0; i < 3; ++i) world.Step();
  return 0;
}
