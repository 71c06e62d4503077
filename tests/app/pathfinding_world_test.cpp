// The Path finding view's GL-free parts: the predators of figure 3.15 on a grid, the replayed
// search, the overlay, the pick on the ground plane.
#include <gtest/gtest.h>
#include "test_paths.h"

#include <glm/geometric.hpp>

#include "app/views/pathfinding/map_helpers.h"
#include "app/views/pathfinding/pathfinding_overlay.h"
#include "app/views/pathfinding/pathfinding_preset.h"
#include "app/views/pathfinding/predator_world.h"
#include "app/views/pathfinding/search_animation.h"
#include "engine/ai/moving_ai_format.h"
#include "engine/ai/path_check.h"

namespace partlab {
namespace {

ai::GridMap RoomsMap() {
  auto m = ai::LoadMovingAiMap(std::string(PARTLAB_ASSET_DIR) + "/maps/partlab_rooms.map");
  EXPECT_TRUE(m.ok()) << m.error();
  return m.ok() ? std::move(m).value() : ai::GridMap(8, 8);
}

std::string ScriptPath() {
  return std::string(PARTLAB_ASSET_DIR) + "/scripts/predator.lua";
}

// Every implementation, same map and seed: the predators meet the player, chase along valid A*
// paths, attack and die, and the four implementations give the same states at every tick.
TEST(PredatorWorld, EveryImplementationPlaysTheSameGame) {
  const ai::GridMap map = RoomsMap();
  std::vector<std::vector<int>> histories(kFsmImplementations);
  for (int impl = 0; impl < kFsmImplementations; ++impl) {
    PredatorWorld world(ScriptPath());
    world.SetImplementation(FsmImplementation(impl));
    world.Reset(&map, 6);
    int transitions = 0;
    std::vector<int> before(world.predators().size(), -1);
    for (int tick = 0; tick < 60 * 120; ++tick) {
      world.Step(1.0 / 60.0);
      for (const Predator& p : world.predators()) {
        const int now = int(p.shown_state) + 10 * p.alive;
        transitions += before[p.id] >= 0 && before[p.id] != now;
        before[p.id] = now;
        histories[impl].push_back(now);
        if (!p.path.empty() && p.shown_state == ai::PredatorState::kChase) {
          ASSERT_TRUE(ai::CheckPath(map, p.path, p.path.front(), p.path.back()).valid);
        }
      }
    }
    EXPECT_GT(world.searches(), 10) << kFsmImplementationNames[impl];
    EXPECT_GT(transitions, 6) << kFsmImplementationNames[impl];
  }
  EXPECT_EQ(histories[0], histories[1]);
  EXPECT_EQ(histories[0], histories[2]);
  EXPECT_EQ(histories[0], histories[3]);
  // Every state of the figure was visited by someone.
  for (int s = 0; s < ai::kPredatorStates; ++s)
    EXPECT_NE(std::find(histories[0].begin(), histories[0].end(), s + 10), histories[0].end())
        << ai::PredatorStateName(ai::PredatorState(s));
}

TEST(SearchAnimation, ReplayEndsWithThePathfindersAnswer) {
  const ai::GridMap map = RoomsMap();
  ai::Pathfinder finder;
  SearchAnimation anim;
  const ai::Cell s = NearestWalkable(map, {10, 10}), g = NearestWalkable(map, {110, 80});
  anim.Plan(map, s, g, finder);
  ASSERT_TRUE(anim.replaying());
  int steps = 0;
  while (anim.Advance(1)) ++steps;
  EXPECT_EQ(steps + 1, anim.result().stats.expansions + 1);  // the goal's pop ends it
  EXPECT_EQ(anim.shown_path(), anim.result().path);
  EXPECT_TRUE(ai::CheckPath(map, anim.shown_path(), s, g).valid);
}

TEST(PathfindingOverlay, PickOnTheGroundPlaneFindsTheCellDrawnThere) {
  const ai::GridMap map(40, 30);
  for (ai::Cell c : {ai::Cell{0, 0}, ai::Cell{39, 29}, ai::Cell{17, 5}}) {
    const glm::vec3 centre = CellToWorld(map, {float(c.x), float(c.y)});
    const PickRay ray{centre + glm::vec3(3, 10, -2), glm::normalize(glm::vec3(-3, -10, 2))};
    const auto hit = CellUnderRay(map, ray);
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(*hit, c);
  }
  EXPECT_FALSE(CellUnderRay(map, {{0, 10, 0}, {0, 1, 0}}).has_value());     // looking up
  EXPECT_FALSE(CellUnderRay(map, {{100, 10, 0}, {0, -1, 0}}).has_value());  // off the map
}

TEST(PathfindingPreset, WordsSetTheirOptionsAndBadNumbersAreClamped) {
  const PathfindingPreset p = ParsePathfindingPreset("forest,bfs,straight,partial,half,lua,run12");
  EXPECT_EQ(p.map_stem, "partlab_forest");
  EXPECT_EQ(p.practices.search.queueing, ai::Queueing::kBreadthFirst);
  EXPECT_TRUE(p.practices.straight_line_first);
  EXPECT_TRUE(p.practices.partial_paths);
  EXPECT_EQ(p.practices.search.cutoffs.max_expansions, 300);
  EXPECT_TRUE(p.half && p.lua);
  EXPECT_DOUBLE_EQ(p.run_seconds, 12.0);
  EXPECT_DOUBLE_EQ(ParsePathfindingPreset("run1e9").run_seconds, 600.0);
  EXPECT_DOUBLE_EQ(ParsePathfindingPreset("run-5").run_seconds, 0.0);
  EXPECT_DOUBLE_EQ(ParsePathfindingPreset("runnan").run_seconds, 0.0);
  EXPECT_EQ(ParsePathfindingPreset("map=/x/y.map,,nonsense").map_path, "/x/y.map");
  EXPECT_EQ(ParsePathfindingPreset("").map_stem, "partlab_rooms");
}

}  // namespace
}  // namespace partlab
