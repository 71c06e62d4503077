// The Simulation view's replay handed traces that pass the reader but not a library: boxes near
// +-3e38 (beyond ODE's hash space, fine for its quadtree once computed in double) and a trace of
// zero boxes. The replay refuses with one line naming the file and keeps what it had; nothing
// aborts. Expected pairs come from a brute-force test written here.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "app/views/simulation/sim_replay.h"
#include "engine/io/aabb_trace.h"
#include "tests/temp_path.h"

namespace partlab {
namespace {

// Frame 0 near the origin, frame 1 near +-3e38: two overlapping boxes and one apart in each.
std::string WriteFarTrace() {
  AabbTrace trace;
  trace.box_count = 3;
  for (float s : {1.0f, 1e38f}) {
    trace.boxes.push_back({{-3 * s, -3 * s, -3 * s}, {1 * s, 1 * s, 1 * s}});
    trace.boxes.push_back({{0, 0, 0}, {3 * s, 3 * s, 3 * s}});
    trace.boxes.push_back({{-3.4f * s, 2 * s, 2 * s}, {-3 * s, 3 * s, 3 * s}});
  }
  const std::string path = TempPath("far.aabbtrc");
  EXPECT_EQ(WriteAabbTrace(path, trace), "");
  return path;
}

size_t PairsByHand(const std::vector<Aabb>& boxes) {
  size_t n = 0;
  for (size_t a = 0; a < boxes.size(); ++a)
    for (size_t b = a + 1; b < boxes.size(); ++b) {
      bool overlap = true;
      for (int k = 0; k < 3; ++k)
        overlap =
            overlap && boxes[a].min[k] <= boxes[b].max[k] && boxes[b].min[k] <= boxes[a].max[k];
      n += overlap;
    }
  return n;
}

TEST(ReplayLimits, OdeQuadtreeReplaysATraceNearTheFloatLimit) {
  const std::string path = WriteFarTrace();
  ReplayScrubber replay;
  ASSERT_EQ(replay.Open(path, "ode_quadtree"), "");
  for (uint32_t f : {1u, 0u, 1u}) {
    ASSERT_EQ(replay.Seek(f), "");
    EXPECT_EQ(replay.pairs().size(), PairsByHand(replay.boxes())) << "frame " << f;
  }
  std::filesystem::remove(path);
}

TEST(ReplayLimits, AnAlgorithmWhoseLibraryCannotTakeTheFrameIsRefusedAndTheOldOneKept) {
  const std::string path = WriteFarTrace();
  ReplayScrubber replay;
  ASSERT_EQ(replay.Open(path, "ode_hash"), "");  // frame 0 is near the origin: accepted
  const size_t pairs0 = replay.pairs().size();
  // Frame 1 reaches 3.4e38: refused, frame 0 stays shown.
  const std::string seek = replay.Seek(1);
  EXPECT_EQ(seek.rfind(path + ": frame 1: ode_hash accepts coordinates within", 0), 0u) << seek;
  EXPECT_EQ(replay.frame(), 0u);
  EXPECT_EQ(replay.pairs().size(), pairs0);
  // On frame 1 with sap (ours, no limit), switching to ode_hash is refused and sap kept.
  ASSERT_EQ(replay.SetAlgorithm("sap"), "");
  ASSERT_EQ(replay.Seek(1), "");
  const std::string set = replay.SetAlgorithm("ode_hash");
  EXPECT_NE(set.find("; kept sap"), std::string::npos) << set;
  EXPECT_EQ(replay.broad_phase()->Name(), "sap");
  EXPECT_EQ(replay.pairs().size(), PairsByHand(replay.boxes()));
  // Opening the trace with ode_hash on a frame 0 it cannot take names the file.
  ReplayScrubber fresh;
  AabbTrace far_only;
  far_only.box_count = 1;
  far_only.boxes.push_back({{3e38f, 0, 0}, {3.4e38f, 1, 1}});
  const std::string far_path = TempPath("far_only.aabbtrc");
  ASSERT_EQ(WriteAabbTrace(far_path, far_only), "");
  EXPECT_EQ(fresh.Open(far_path, "ode_hash").rfind(far_path + ": ode_hash accepts", 0), 0u);
  EXPECT_FALSE(fresh.is_open());
  std::filesystem::remove(path);
  std::filesystem::remove(far_path);
}

TEST(ReplayLimits, ATraceOfZeroBoxesIsRefusedNamingTheFile) {
  AabbTrace empty;  // N = 0: any frame count fits the 16-byte header
  const std::string path = TempPath("empty.aabbtrc");
  ASSERT_EQ(WriteAabbTrace(path, empty), "");
  const auto read = ReadAabbTrace(path);
  ASSERT_TRUE(read.ok()) << read.error();  // valid for the format ...
  EXPECT_EQ(read.value().FrameCount(), 0u);
  ReplayScrubber replay;
  EXPECT_EQ(replay.Open(path, "sabsp"), path + ": the trace has no boxes");  // ... nothing to show
  EXPECT_FALSE(replay.is_open());
  std::filesystem::remove(path);
}

TEST(ReplayLimits, DevicesAndPipesAreNotOpened) {
  ReplayScrubber replay;
  EXPECT_EQ(replay.Open("/dev/zero", "sabsp"),
            "/dev/zero: not a regular file (a device, a pipe or a socket)");
}

}  // namespace
}  // namespace partlab
