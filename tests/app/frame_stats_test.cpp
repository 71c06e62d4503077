// The stats panel's arithmetic: FPS over the last second and medians that skip missing GPU times.
#include "app/frame_stats.h"

#include <gtest/gtest.h>

namespace partlab {
namespace {

TEST(FrameStats, FpsCoversTheLastSecond) {
  FrameStats stats;
  for (int i = 0; i < 100; ++i) stats.Record(50.0, 1.0, 2.0);  // old frames at 20 FPS
  for (int i = 0; i < 100; ++i) stats.Record(10.0, 1.0, 2.0);  // the last second at 100 FPS
  EXPECT_NEAR(stats.fps(), 100.0, 1e-9);
}

TEST(FrameStats, MediansSkipWarmupAndMissingGpuTimes) {
  FrameStats stats;
  stats.Record(500.0, 400.0, -1.0);  // start-up frame, skipped as warm-up
  const double intervals[] = {10, 30, 20, 40, 50};
  const double gpu[] = {-1, 3, -1, 1, 2};  // -1: the query was not ready yet
  for (int i = 0; i < 5; ++i) stats.Record(intervals[i], intervals[i] / 10, gpu[i]);
  const FrameStats::Medians m = stats.ComputeMedians(1);
  EXPECT_EQ(m.frames, 5);
  EXPECT_DOUBLE_EQ(m.interval_ms, 30.0);
  EXPECT_DOUBLE_EQ(m.cpu_ms, 3.0);
  EXPECT_DOUBLE_EQ(m.gpu_ms, 2.0);
}

TEST(FrameStats, ProcessAndThreadCpuMediansAreReportedOnlyWhenMeasured) {
  FrameStats stats;
  for (int i = 0; i < 3; ++i) stats.Record(10.0, 5.0, 1.0);  // not measured: -1
  EXPECT_LT(stats.ComputeMedians(0).process_cpu_ms, 0.0);
  EXPECT_LT(stats.ComputeMedians(0).main_thread_cpu_ms, 0.0);
  const double process[] = {40, 10, 30, 20, 50}, thread[] = {4, 1, 3, 2, 5};
  for (int i = 0; i < 5; ++i) stats.Record(10.0, 5.0, 1.0, process[i], thread[i]);
  const FrameStats::Medians m = stats.ComputeMedians(3);
  EXPECT_EQ(m.frames, 5);
  EXPECT_DOUBLE_EQ(m.process_cpu_ms, 30.0);
  EXPECT_DOUBLE_EQ(m.main_thread_cpu_ms, 3.0);
}

TEST(FrameStats, PlotRingWrapsWithoutGrowing) {
  FrameStats stats;
  for (int i = 0; i < FrameStats::kHistory + 7; ++i) stats.Record(i, 0, 0);
  EXPECT_EQ(stats.plot_offset(), 7);
  EXPECT_FLOAT_EQ(stats.intervals()[stats.plot_offset()], 7.0f);           // the oldest kept frame
  EXPECT_FLOAT_EQ(stats.intervals()[6], float(FrameStats::kHistory + 6));  // the newest
}

}  // namespace
}  // namespace partlab
