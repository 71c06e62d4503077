// The predator lessons' record of states (app/views/pathfinding/fsm_trace.h): lives split at a
// respawn, repeated ticks folded, the figure's arrows accepted and anything else named; and the
// real predators of the Path finding view, run for a minute on the rooms map in each of the
// book's implementations, never leave figure 3.15.
#include "app/views/pathfinding/fsm_trace.h"
#include "test_paths.h"

#include <gtest/gtest.h>

#include "engine/ai/moving_ai_format.h"

namespace partlab {
namespace {

using S = ai::PredatorState;

TEST(FsmTrace, FoldsRepeatedTicksAndSplitsLivesAtARespawn) {
  FsmTrace trace;
  int first_life = 0, second_life = 0;
  for (S s : {S::kWait, S::kWait, S::kChase, S::kChase, S::kAttack, S::kDie, S::kDie})
    trace.Observe(3, &first_life, s);
  trace.Observe(3, &second_life, S::kWait);
  ASSERT_EQ(trace.lives().size(), 2u);
  EXPECT_EQ(trace.lives()[0].states, (std::vector<S>{S::kWait, S::kChase, S::kAttack, S::kDie}));
  EXPECT_EQ(trace.lives()[1].states, (std::vector<S>{S::kWait}));
  EXPECT_EQ(trace.FirstDepartureFromFigure(), "");
  const S kill[] = {S::kChase, S::kAttack, S::kDie};
  const S with_a_gap[] = {S::kWait, S::kAttack};
  const S backwards[] = {S::kAttack, S::kChase};
  const S beyond_death[] = {S::kDie, S::kChase};
  EXPECT_TRUE(trace.HasSequence(kill));
  EXPECT_TRUE(trace.HasSequence(with_a_gap));
  EXPECT_FALSE(trace.HasSequence(backwards));
  EXPECT_FALSE(trace.HasSequence(beyond_death));
}

TEST(FsmTrace, NamesATransitionTheFigureDoesNotDraw) {
  FsmTrace trace;
  int life = 0;
  for (S s : {S::kWait, S::kAttack}) trace.Observe(1, &life, s);
  EXPECT_EQ(trace.FirstDepartureFromFigure(),
            "predator 1 went from wait to attack, which figure 3.15 does not draw");
  FsmTrace dead;
  dead.Observe(0, &life, S::kDie);
  dead.Observe(0, &life, S::kWait);
  EXPECT_NE(dead.FirstDepartureFromFigure(), "");
}

TEST(FsmTrace, TheFiguresArrows) {
  EXPECT_TRUE(FigureAllowsTransition(S::kWait, S::kChase));
  EXPECT_TRUE(FigureAllowsTransition(S::kChase, S::kAttack));
  EXPECT_TRUE(FigureAllowsTransition(S::kChase, S::kWait));
  EXPECT_TRUE(FigureAllowsTransition(S::kAttack, S::kChase));
  for (S s : {S::kWait, S::kChase, S::kAttack}) EXPECT_TRUE(FigureAllowsTransition(s, S::kDie));
  EXPECT_FALSE(FigureAllowsTransition(S::kWait, S::kAttack));
  EXPECT_FALSE(FigureAllowsTransition(S::kAttack, S::kWait));
  EXPECT_FALSE(FigureAllowsTransition(S::kDie, S::kWait));
}

TEST(FsmTrace, ThePredatorsKeepToTheFigure) {
  auto map =
      ai::LoadMovingAiMap(std::string(PARTLAB_SOURCE_DIR) + "/assets/maps/partlab_rooms.map");
  ASSERT_TRUE(map.ok()) << map.error();
  const ai::GridMap grid = std::move(map).value();
  for (FsmImplementation impl : {FsmImplementation::kDirect, FsmImplementation::kDecoupled,
                                 FsmImplementation::kMacros, FsmImplementation::kScripted}) {
    PredatorWorld world(std::string(PARTLAB_SOURCE_DIR) + "/assets/scripts/predator.lua");
    world.SetImplementation(impl);
    world.Reset(&grid, 5);
    FsmTrace trace;
    for (int tick = 0; tick < 60 * 60; ++tick) {
      world.Step(1.0 / 60.0);
      trace.Record(world.predators());
    }
    EXPECT_EQ(trace.FirstDepartureFromFigure(), "") << kFsmImplementationNames[int(impl)];
    const S hunt[] = {S::kWait, S::kChase, S::kAttack};
    EXPECT_TRUE(trace.HasSequence(hunt)) << kFsmImplementationNames[int(impl)];
  }
}

}  // namespace
}  // namespace partlab
