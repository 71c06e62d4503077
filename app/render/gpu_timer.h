// GPU frame time without stalls: GL_TIME_ELAPSED queries in a small ring. Frame N's query is read
// a few frames later, and only when GL_QUERY_RESULT_AVAILABLE says it is ready, so the CPU never
// waits for the GPU to catch up.
#pragma once

#include <array>

#include "app/render/gl.h"

namespace partlab {

class GpuTimer {
 public:
  GpuTimer();
  ~GpuTimer();
  GpuTimer(const GpuTimer&) = delete;
  GpuTimer& operator=(const GpuTimer&) = delete;

  void Begin();  // once per frame, around everything the frame draws
  void End();
  // The most recent finished measurement in milliseconds; negative until one is available.
  double last_ms() const { return last_ms_; }

 private:
  static constexpr int kRing = 4;
  std::array<GLuint, kRing> queries_{};
  std::array<bool, kRing> pending_{};
  int current_ = 0;
  double last_ms_ = -1.0;
  bool began_ = false;
};

}  // namespace partlab
