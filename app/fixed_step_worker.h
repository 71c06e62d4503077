// The main loop's step thread. Section 3.2.2's loop runs input, update and render in turn; on a
// software rasteriser that leaves a core idle while one thread computes the physics and the other
// submits the frame. A FixedStepWorker runs a frame's fixed steps on a second thread while the main
// thread draws the state the previous steps left, then hands the result back at Join().
//
//   worker.Start([&] { view.Step(dt); });  // the view's state now belongs to the worker
//   ... draw what Prepare copied ...
//   worker.Join();                         // and to the main thread again
//
// One thread lives as long as the worker, so a frame starts no thread and allocates nothing (a job
// that fits std::function's small buffer, as a lambda holding two references does). A job that
// throws is rethrown by Join(), on the main thread.
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace partlab {

class FixedStepWorker {
 public:
  FixedStepWorker();
  ~FixedStepWorker();  // joins the running job, if any, then the thread
  FixedStepWorker(const FixedStepWorker&) = delete;
  FixedStepWorker& operator=(const FixedStepWorker&) = delete;

  // Runs `job` on the worker thread. A job still running is joined first.
  void Start(std::function<void()> job);
  // Waits for the job started last (returns at once when none runs); rethrows what it threw.
  void Join();
  bool busy() const;

 private:
  void Loop();

  mutable std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::function<void()> job_;
  std::exception_ptr error_;
  bool has_job_ = false, quit_ = false;
  std::thread thread_;  // last: starts once the members above exist
};

}  // namespace partlab
