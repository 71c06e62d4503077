// One helper thread that runs the same job each time it is asked, for a broad phase that splits a
// step's work in two (box pruning's sweep on two threads, box_pruning.h). The thread is made once
// and sleeps between steps, so a step pays two wake-ups, no thread creation and no allocation.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

namespace partlab {

class HelperThread {
 public:
  explicit HelperThread(std::function<void()> job);
  ~HelperThread();
  HelperThread(const HelperThread&) = delete;
  HelperThread& operator=(const HelperThread&) = delete;

  void Start();  // the job begins on the helper thread
  void Wait();   // returns once the job started last has finished

 private:
  void Loop();

  std::function<void()> job_;
  std::mutex mutex_;
  std::condition_variable wake_, finished_;
  uint64_t started_ = 0, done_ = 0;
  bool quit_ = false;
  std::thread thread_;  // last: starts once everything above exists
};

}  // namespace partlab
