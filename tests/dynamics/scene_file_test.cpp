// The scene file format (docs/dynamics.md): every shipped scene loads and builds; a bad line gets
// one error naming the file and the line; grids expand to the right positions.
#include <gtest/gtest.h>
#include "test_paths.h"

#include <filesystem>

#include "engine/dynamics/scene_file.h"

namespace partlab::dynamics {
namespace {

TEST(SceneFile, EveryShippedSceneLoadsAndBuilds) {
  int n = 0;
  for (const auto& e :
       std::filesystem::directory_iterator(std::string(PARTLAB_ASSET_DIR) + "/dynamics")) {
    if (e.path().extension() != ".scene") continue;
    SceneFile scene;
    std::string error, note;
    ASSERT_TRUE(LoadSceneFile(e.path().string(), scene, error)) << error;
    DynamicsWorld world;
    ASSERT_TRUE(BuildWorld(scene, world, note, error)) << error;
    EXPECT_FALSE(scene.title.empty()) << e.path();
    EXPECT_TRUE(note.empty()) << e.path() << ": " << note;  // no scene starts overlapping
    ++n;
  }
  EXPECT_GE(n, 6);
}

TEST(SceneFile, SettingsAndGridAreRead) {
  SceneFile s;
  std::string error;
  ASSERT_TRUE(
      ParseScene("title Two rows\n"
                 "gravity 0 -3 0   # moon-ish\n"
                 "timestep 0.01\nintegrator euler\nrestitution-combine min\n"
                 "friction 0.4\nlcp off\nbroadphase brute\nfloor 0.5 0.3\n"
                 "grid 2,1,3 1,0,2 sphere radius=0.25 mass=2 pos=1,2,3\n",
                 "t.scene", s, error))
      << error;
  EXPECT_EQ(s.title, "Two rows");
  EXPECT_EQ(s.params.gravity, glm::dvec3(0, -3, 0));
  EXPECT_EQ(s.params.dt, 0.01);
  EXPECT_EQ(s.params.integrator, Integrator::kExplicitEuler);
  EXPECT_EQ(s.params.impulses.combine, RestitutionCombine::kMin);
  EXPECT_EQ(s.params.impulses.friction, 0.4);
  EXPECT_FALSE(s.params.resting_lcp);
  ASSERT_EQ(s.bodies.size(), 1u + 6u);
  EXPECT_EQ(s.bodies[0].shape, Shape::kPlane);
  EXPECT_EQ(s.bodies[0].plane_offset, 0.5);
  EXPECT_EQ(s.bodies.back().position, glm::dvec3(2, 2, 7));  // (1,2,3) + (1·1, 0, 2·2)
}

TEST(SceneFile, BadLinesNameTheFileAndLine) {
  struct Case {
    const char* text;
    const char* expected;
  } cases[] = {
      {"gravity 0 -9.81\n", "s.scene:1: gravity needs three numbers"},
      {"\n# comment\nbox half=1,1 mass=1\n", "s.scene:3: half needs three finite numbers"},
      {"box half=1,1,1 mass=0 pos=0,0,0\n", "s.scene:1: mass must be > 0"},
      {"box half=1,0,1 mass=1\n", "s.scene:1: box size must be > 0"},
      {"sphere radius=1 mass=1 vel=inf,0,0\n", "s.scene:1: vel needs three finite numbers"},
      {"timestep 0\n", "s.scene:1: timestep must be in (0, 1]"},
      {"integrator verlet\n", "s.scene:1: integrator must be rk4"},
      {"wobble 3\n", "s.scene:1: unknown directive 'wobble'"},
      {"box half=1,1,1 mass=1 colour=red\n", "s.scene:1: unknown key 'colour'"},
      {"broadphase nope\n", "s.scene:1: broadphase must be one of"},
      {"sphere radius=1 mass=1 restitution=2\n", "s.scene:1: restitution must be in [0, 1]"},
      {"grid 0,1,1 1,0,0 box half=1,1,1 mass=1\n", "s.scene:1: grid counts must be whole"},
  };
  for (const Case& c : cases) {
    SceneFile s;
    std::string error;
    EXPECT_FALSE(ParseScene(c.text, "s.scene", s, error)) << c.text;
    EXPECT_EQ(error.rfind(c.expected, 0), 0u) << "got: " << error;
  }
  SceneFile s;
  std::string error;
  EXPECT_FALSE(LoadSceneFile("/no/such/file.scene", s, error));
  EXPECT_EQ(error, "/no/such/file.scene: cannot open (No such file or directory)");
}

// A heap of bodies in one place is refused with the count of pairs that may touch, which every
// pair of 460 coincident boxes does (a 92 × 5 grid with no spacing): 460·459/2, above
// DynamicsWorld::kMaxStartPairs. Separating or stepping it would cost that many narrow-phase tests
// a round and a step.
TEST(SceneFile, BodiesTooCrowdedToSeparateAreRefused) {
  SceneFile s;
  std::string error, note;
  ASSERT_TRUE(ParseScene("grid 92,5,1 0,0,0 box half=0.5,0.5,0.5 mass=1 pos=0,1,0\n", "heap.scene",
                         s, error))
      << error;
  const size_t n = s.bodies.size(), pairs = n * (n - 1) / 2;
  ASSERT_GT(pairs, DynamicsWorld::kMaxStartPairs);
  DynamicsWorld world;
  EXPECT_FALSE(BuildWorld(s, world, note, error));
  EXPECT_NE(error.find("crowd into " + std::to_string(pairs) + " pairs"), std::string::npos)
      << error;
  EXPECT_EQ(world.bodies().size(), 0u) << "the world it had stays as it was";
}

}  // namespace
}  // namespace partlab::dynamics
