// A std::chrono clock that counts the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID).
//
// Why: the broad-phase and physics timings are compared step by step ("is the broad phase ever
// the bottleneck of a step?"). On a shared machine a wall clock also counts the time
// slices the scheduler gives to other processes, so a 1 ms step that is descheduled once reads as
// 30 ms. The work of a step runs on one thread, so its thread CPU time is what it costs: equal to
// the wall time on an idle machine, and unaffected by load on a busy one.
#pragma once

#include <chrono>
#include <ctime>

namespace partlab {

struct ThreadCpuClock {
  using duration = std::chrono::nanoseconds;
  using rep = duration::rep;
  using period = duration::period;
  using time_point = std::chrono::time_point<ThreadCpuClock>;
  static constexpr bool is_steady = true;

  static time_point now() noexcept {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return time_point(
        duration(std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec)));
  }
};

// This thread's CPU time in milliseconds from an arbitrary origin: subtract two readings.
inline double ThreadCpuMs() {
  return std::chrono::duration<double, std::milli>(ThreadCpuClock::now().time_since_epoch())
      .count();
}

// Milliseconds of this thread's CPU time since t0.
inline double CpuMsSince(ThreadCpuClock::time_point t0) {
  return std::chrono::duration<double, std::milli>(ThreadCpuClock::now() - t0).count();
}

}  // namespace partlab
