#include "engine/broadphase/helper_thread.h"

namespace partlab {

HelperThread::HelperThread(std::function<void()> job)
    : job_(std::move(job)), thread_([this] { Loop(); }) {}

HelperThread::~HelperThread() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void HelperThread::Start() {
  {
    std::lock_guard lock(mutex_);
    ++started_;
  }
  wake_.notify_one();
}

void HelperThread::Wait() {
  std::unique_lock lock(mutex_);
  finished_.wait(lock, [this] { return done_ == started_; });
}

void HelperThread::Loop() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return quit_ || done_ != started_; });
    if (quit_) return;
    lock.unlock();
    job_();
    lock.lock();
    ++done_;
    finished_.notify_one();
  }
}

}  // namespace partlab
