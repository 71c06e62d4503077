// "No allocation per expansion after warm-up": the global allocator is counted while a search
// runs on a map the search object has already seen.
#include <gtest/gtest.h>

#include "engine/ai/grid_search.h"
#include "tests/ai/test_maps.h"
#include "tests/counting_allocator.h"

namespace partlab::ai {
namespace {

TEST(GridSearch, NoAllocationAfterWarmUp) {
  ASSERT_TRUE(partlab::testing::AllocationsAreCounted());
  const GridMap map = testing::MapFromRows(testing::RandomRows(64, 64, 0.25, 3));
  GridSearch search;
  std::vector<Cell> path;
  path.reserve(map.CellCount());
  search.Begin(map, {0, 0}, {63, 63}, {});  // warm-up: the arrays take the map's size
  search.Run();
  for (Queueing q :
       {Queueing::kAStar, Queueing::kBreadthFirst, Queueing::kDepthFirst, Queueing::kBestFirst}) {
    const long before = partlab::testing::g_allocations.load();
    search.Begin(map, {63, 0}, {0, 63}, testing::Using(q, true));
    search.Run();
    search.Path(path);
    EXPECT_EQ(partlab::testing::g_allocations.load() - before, 0) << QueueingName(q);
    EXPECT_GT(search.stats().expansions, 10);
  }
}

}  // namespace
}  // namespace partlab::ai
