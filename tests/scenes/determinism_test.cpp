// The same seed and parameters give the same motion whatever broad phase finds
// the pairs, bit for bit, because the world sorts pairs canonically before making contacts.
#include <gtest/gtest.h>

#include <cstring>

#include "tests/scenes/scene_test_util.h"

namespace partlab {
namespace {

std::vector<double> FinalPositions(int scene_number, const std::string& algo, int steps) {
  auto scene = testing::MakeSmallScene(scene_number, algo, 200);
  EXPECT_NE(scene->world().broad_phase(), nullptr) << algo;
  uint64_t contacts = 0;
  for (int s = 0; s < steps; ++s) contacts += scene->Step().contacts;
  EXPECT_GT(contacts, 20u) << "scene " << scene_number << ": nothing collided, nothing compared";
  std::vector<double> out;
  const PhysicsWorld& w = scene->world();
  for (BodyId id = 0; id < w.IdCount(); ++id) {
    if (!w.IsPresent(id)) continue;
    const glm::dvec3 p = w.Position(id), v = w.Velocity(id);
    out.insert(out.end(), {double(id), p.x, p.y, p.z, v.x, v.y, v.z});
  }
  return out;
}

class Determinism : public ::testing::TestWithParam<int> {};

TEST_P(Determinism, SameMotionWithEveryBroadPhase) {
  const int scene = GetParam();
  const int steps = testing::StepsToSee(scene);
  const std::vector<double> reference = FinalPositions(scene, "brute", steps);
  ASSERT_FALSE(reference.empty());
  for (const char* algo : {"sap", "sap2", "hash", "sabsp"}) {
    if (!MakeBroadPhase(algo)) continue;  // not built (yet)
    const std::vector<double> got = FinalPositions(scene, algo, steps);
    ASSERT_EQ(got.size(), reference.size()) << algo;
    EXPECT_EQ(std::memcmp(got.data(), reference.data(), got.size() * sizeof(double)), 0)
        << "scene " << scene << ": " << algo << " diverges from brute";
  }
}

INSTANTIATE_TEST_SUITE_P(AllScenes, Determinism, ::testing::Values(1, 2, 3, 4));

TEST(Determinism, AtLeastThreeBroadPhasesAreCompared) {
  int built = 1;  // brute
  for (const char* algo : {"sap", "sap2", "hash", "sabsp"})
    built += MakeBroadPhase(algo) != nullptr;
  EXPECT_GE(built, 3);
}

TEST(Determinism, ADifferentSeedGivesADifferentRun) {
  const SceneInfo* info = FindScene("4");
  auto run = [&](uint64_t seed) {
    auto scene = info->make();
    SceneParams p = testing::SmallParams(*info, 100);
    p.seed = seed;
    scene->Create(p, MakeBroadPhase("sap"));
    for (int s = 0; s < 20; ++s) scene->Step();
    return scene->world().Position(scene->world().IdCount() - 1);
  };
  EXPECT_EQ(run(5), run(5));
  EXPECT_NE(run(5), run(6));
}

}  // namespace
}  // namespace partlab
