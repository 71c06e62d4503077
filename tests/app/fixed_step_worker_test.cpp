// The main loop's step thread (app/fixed_step_worker.h): a job runs on another thread, Join()
// waits for it and hands back what it threw, and the worker can be reused frame after frame.
#include "app/fixed_step_worker.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

namespace partlab {
namespace {

TEST(FixedStepWorker, RunsTheJobOnAnotherThreadAndJoinWaitsForIt) {
  FixedStepWorker worker;
  std::thread::id ran_on;
  int steps = 0;
  worker.Start([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // still running at Join
    ran_on = std::this_thread::get_id();
    for (int i = 0; i < 3; ++i) ++steps;
  });
  worker.Join();
  EXPECT_EQ(steps, 3);  // Join returned only after the job finished
  EXPECT_NE(ran_on, std::this_thread::get_id());
  EXPECT_FALSE(worker.busy());
}

TEST(FixedStepWorker, OneThreadServesEveryFrame) {
  FixedStepWorker worker;
  std::thread::id first, later;
  worker.Start([&] { first = std::this_thread::get_id(); });
  worker.Join();
  for (int frame = 0; frame < 100; ++frame) {
    worker.Start([&] { later = std::this_thread::get_id(); });
    worker.Join();
    ASSERT_EQ(later, first) << "frame " << frame;
  }
}

TEST(FixedStepWorker, StartJoinsTheJobStillRunning) {
  FixedStepWorker worker;
  std::atomic<int> order{0};
  int first_done_at = -1, second_started_at = -1;
  worker.Start([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    first_done_at = order++;
  });
  worker.Start([&] { second_started_at = order++; });  // must not overlap the first
  worker.Join();
  EXPECT_EQ(first_done_at, 0);
  EXPECT_EQ(second_started_at, 1);
}

TEST(FixedStepWorker, JoinRethrowsWhatTheJobThrewOnce) {
  FixedStepWorker worker;
  worker.Start([] { throw std::runtime_error("bad step"); });
  EXPECT_THROW(worker.Join(), std::runtime_error);
  EXPECT_NO_THROW(worker.Join());  // handed over once
  bool ran = false;
  worker.Start([&] { ran = true; });  // still usable
  worker.Join();
  EXPECT_TRUE(ran);
}

TEST(FixedStepWorker, DestructorWaitsForTheRunningJob) {
  std::atomic<bool> finished{false};
  {
    FixedStepWorker worker;
    worker.Start([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      finished = true;
    });
  }
  EXPECT_TRUE(finished);
}

}  // namespace
}  // namespace partlab
