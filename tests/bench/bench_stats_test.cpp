// The bench's shared statistics against values worked out by hand, and the thread CPU clock
// against what it must not count (sleeping).
#include "bench/bench_stats.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace partlab::bench {
namespace {

TEST(BenchStats, MedianIsTheMiddleOfTheSortedSample) {
  EXPECT_EQ(Median({}), 0.0);
  EXPECT_EQ(Median({7}), 7.0);
  EXPECT_EQ(Median({3, 1, 2}), 2.0);
  EXPECT_EQ(Median({9, 1, 8, 2, 100}), 8.0);  // one outlier does not move it
  EXPECT_EQ(Median({4, 1, 3, 2}), 3.0);       // even count: the upper middle
}

TEST(BenchStats, MeanIsTheSumOverTheCount) {
  EXPECT_EQ(Mean({}), 0.0);
  EXPECT_DOUBLE_EQ(Mean({1, 2, 3, 10}), 4.0);
}

TEST(BenchStats, ThreadCpuTimeDoesNotCountSleeping) {
  const double t0 = ThreadCpuSeconds();
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  const double slept = ThreadCpuSeconds() - t0;
  EXPECT_GE(slept, 0.0);
  EXPECT_LT(slept, 0.030);  // a wall clock would read at least 0.060
}

TEST(BenchStats, MachineAndLoadAreNamed) {
  EXPECT_FALSE(MachineName().empty());
  EXPECT_NE(MachineLine().find("hardware threads"), std::string::npos);
  EXPECT_FALSE(LoadAverage().empty());
}

}  // namespace
}  // namespace partlab::bench
