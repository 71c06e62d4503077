// "No allocation per expansion after warm-up": the global allocator is counted while a search
// runs on a map the search object has already seen.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "engine/ai/grid_search.h"
#include "tests/ai/test_maps.h"

namespace {
std::atomic<long> g_allocations{0};
}

void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

namespace partlab::ai {
namespace {

TEST(GridSearch, NoAllocationAfterWarmUp) {
  const GridMap map = testing::MapFromRows(testing::RandomRows(64, 64, 0.25, 3));
  GridSearch search;
  std::vector<Cell> path;
  path.reserve(map.CellCount());
  search.Begin(map, {0, 0}, {63, 63}, {});  // warm-up: the arrays take the map's size
  search.Run();
  for (Queueing q :
       {Queueing::kAStar, Queueing::kBreadthFirst, Queueing::kDepthFirst, Queueing::kBestFirst}) {
    const long before = g_allocations.load();
    search.Begin(map, {63, 0}, {0, 63}, testing::Using(q, true));
    search.Run();
    search.Path(path);
    EXPECT_EQ(g_allocations.load() - before, 0) << QueueingName(q);
    EXPECT_GT(search.stats().expansions, 10);
  }
}

}  // namespace
}  // namespace partlab::ai
