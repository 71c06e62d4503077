// The stats panel's numbers: frame interval (-> FPS), CPU time spent building the frame, and the
// GPU time from the timer queries, kept in fixed rings so recording a frame allocates nothing.
#pragma once

#include <array>

namespace partlab {

class FrameStats {
 public:
  static constexpr int kHistory = 240;  // four seconds at 60 Hz, for the plot

  // process_cpu_ms: CPU time of every thread of the process during the frame (under llvmpipe the
  // rasteriser threads too), which unlike wall time does not grow when other programs load the
  // machine; negative when not measured.
  // main_thread_cpu_ms: the CPU time of the thread that ran the frame (load-independent too).
  void Record(double interval_ms, double cpu_ms, double gpu_ms, double process_cpu_ms = -1.0,
              double main_thread_cpu_ms = -1.0);

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
    double process_cpu_ms;      // negative when never measured
    double main_thread_cpu_ms;  // negative when never measured
  };
  Medians ComputeMedians(int warmup) const;

 private:
  std::array<float, kHistory> intervals_{};
  std::array<float, kHistory> cpu_history_{};
  std::array<float, kHistory> gpu_history_{};
  std::array<float, kHistory> process_cpu_history_{};
  std::array<float, kHistory> thread_cpu_history_{};
  int next_ = 0;
  long long frames_ = 0;
  double cpu_ms_ = 0, gpu_ms_ = -1, last_interval_ms_ = 0;
};

// Headless runs: the medians the stats panel would show, with the load average, on stdout
// ("partlab: medians over 2 frames: interval ...").
void PrintFrameMedians(const FrameStats& stats);

}  // namespace partlab
