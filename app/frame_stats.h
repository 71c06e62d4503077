// The stats panel's numbers: frame interval (-> FPS), CPU time spent building the frame, and the
// GPU time from the timer queries, kept in fixed rings so recording a frame allocates nothing.
#pragma once

#include <array>

namespace partlab {

class FrameStats {
 public:
  static constexpr int kHistory = 240;  // four seconds at 60 Hz, for the plot

  void Record(double interval_ms, double cpu_ms, double gpu_ms);

  double fps() const;  // over the last second's worth of frames (at most kHistory)
  double cpu_ms() const { return cpu_ms_; }
  double gpu_ms() const { return gpu_ms_; }  // negative: no measurement yet
  double interval_ms() const { return last_interval_ms_; }
  // Frame intervals, oldest first starting at plot_offset() (ImGui::PlotLines' values_offset).
  const float* intervals() const { return intervals_.data(); }
  int plot_offset() const { return next_; }
  long long frames() const { return frames_; }

  // Medians over the recorded history, skipping the first `warmup` frames (start-up, loading).
  struct Medians {
    double interval_ms, cpu_ms, gpu_ms;
    int frames;
  };
  Medians ComputeMedians(int warmup) const;

 private:
  std::array<float, kHistory> intervals_{};
  std::array<float, kHistory> cpu_history_{};
  std::array<float, kHistory> gpu_history_{};
  int next_ = 0;
  long long frames_ = 0;
  double cpu_ms_ = 0, gpu_ms_ = -1, last_interval_ms_ = 0;
};

}  // namespace partlab
