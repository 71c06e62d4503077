// "No allocation per frame after the first": the global allocator is counted while the Trace
// check steps through frames its structures have already seen and draws its overlay
// (app/views/trace_check/trace_check_overlay.h) into a batch that keeps its capacity.
#include <gtest/gtest.h>

#include "app/views/trace_check/trace_check_overlay.h"
#include "engine/plugins/trace_check.h"
#include "tests/counting_allocator.h"
#include "tests/plugins/crossing_trace.h"

namespace partlab {
namespace {

// Counts what would be drawn, as the renderer's batches would hold it, without growing.
class CountingDraw final : public DebugDraw {
 public:
  void Line(const glm::vec3&, const glm::vec3&, const Color&) override { ++lines; }
  void Point(const glm::vec3&, float, const Color&) override {}
  void Polygon(std::span<const glm::vec3>, const Color&) override {}
  long lines = 0;
};

TEST(TraceCheck, NoAllocationPerFrameAfterTheFirstPass) {
  ASSERT_TRUE(partlab::testing::AllocationsAreCounted());
  // The crossing motion played twice: the second pass meets nothing the first did not.
  AabbTrace trace = CrossingTrace();
  const size_t frames = trace.FrameCount();
  trace.boxes.insert(trace.boxes.end(), trace.boxes.begin(), trace.boxes.end());
  for (const char* algorithm : {"sap", "box_pruning", "brute"}) {
    TraceCheck check;
    ASSERT_EQ(check.Open(trace, {}, algorithm), "");
    check.Seek(uint32_t(frames - 1));
    CountingDraw draw;
    const long before = partlab::testing::g_allocations.load();
    for (uint32_t f = uint32_t(frames); f < 2 * frames; ++f) {
      check.Seek(f);
      trace_check::EmitOverlay(check, {}, draw);
      (void)trace_check::DifferenceBounds(check);
      (void)check.NextWrongFrame(long(f));
    }
    EXPECT_EQ(partlab::testing::g_allocations.load() - before, 0) << algorithm;
    EXPECT_GT(draw.lines, 0) << algorithm;
  }
}

}  // namespace
}  // namespace partlab
