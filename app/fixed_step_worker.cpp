#include "app/fixed_step_worker.h"

#include <utility>

namespace partlab {

FixedStepWorker::FixedStepWorker() : thread_([this] { Loop(); }) {}

FixedStepWorker::~FixedStepWorker() {
  {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return !has_job_; });
    quit_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void FixedStepWorker::Start(std::function<void()> job) {
  Join();
  {
    std::lock_guard lock(mutex_);
    job_ = std::move(job);
    has_job_ = true;
  }
  wake_.notify_one();
}

void FixedStepWorker::Join() {
  std::exception_ptr error;
  {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return !has_job_; });
    std::swap(error, error_);
  }
  if (error) std::rethrow_exception(error);
}

bool FixedStepWorker::busy() const {
  std::lock_guard lock(mutex_);
  return has_job_;
}

void FixedStepWorker::Loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return has_job_ || quit_; });
    if (quit_) return;
    // The job runs unlocked: Join() and busy() may look in meanwhile.
    lock.unlock();
    try {
      job_();
    } catch (...) {
      error_ = std::current_exception();  // written before has_job_ clears, read after
    }
    lock.lock();
    has_job_ = false;
    done_.notify_all();
  }
}

}  // namespace partlab
