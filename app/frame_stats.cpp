#include "app/frame_stats.h"

#include <algorithm>
#include <cstdio>

namespace partlab {

void FrameStats::Record(double interval_ms, double cpu_ms, double gpu_ms, double process_cpu_ms,
                        double main_thread_cpu_ms) {
  intervals_[next_] = float(interval_ms);
  cpu_history_[next_] = float(cpu_ms);
  gpu_history_[next_] = float(gpu_ms);
  process_cpu_history_[next_] = float(process_cpu_ms);
  thread_cpu_history_[next_] = float(main_thread_cpu_ms);
  next_ = (next_ + 1) % kHistory;
  ++frames_;
  cpu_ms_ = cpu_ms;
  if (gpu_ms >= 0) gpu_ms_ = gpu_ms;
  last_interval_ms_ = interval_ms;
}

double FrameStats::fps() const {
  // Walk back from the newest frame until one second is covered.
  const int available = int(std::min<long long>(frames_, kHistory));
  double total_ms = 0;
  int count = 0;
  for (int k = 1; k <= available && total_ms < 1000.0; ++k, ++count)
    total_ms += intervals_[(next_ - k + kHistory) % kHistory];
  return total_ms > 0 ? 1000.0 * count / total_ms : 0.0;
}

}  // namespace partlab

namespace partlab {

namespace {
// Median of the newest `count` entries of a ring whose next write goes to `next`; negative
// entries (no measurement) are skipped. Works on a stack copy: no allocation.
double RingMedian(const std::array<float, FrameStats::kHistory>& ring, int next, int count) {
  std::array<float, FrameStats::kHistory> values;
  int n = 0;
  for (int k = 1; k <= count; ++k) {
    const float v = ring[(next - k + FrameStats::kHistory) % FrameStats::kHistory];
    if (v >= 0) values[n++] = v;
  }
  if (n == 0) return -1.0;
  std::nth_element(values.begin(), values.begin() + n / 2, values.begin() + n);
  return values[n / 2];
}
}  // namespace

FrameStats::Medians FrameStats::ComputeMedians(int warmup) const {
  const int count = int(std::min<long long>(std::max<long long>(frames_ - warmup, 0), kHistory));
  return {RingMedian(intervals_, next_, count),
          RingMedian(cpu_history_, next_, count),
          RingMedian(gpu_history_, next_, count),
          count,
          RingMedian(process_cpu_history_, next_, count),
          RingMedian(thread_cpu_history_, next_, count)};
}

// Headless runs report what the stats panel would show, for measurements under xvfb.
// "process CPU" adds every thread's CPU time over the frame (llvmpipe's rasterisers too): unlike
// the interval it does not grow with the machine's load, so it says what an idle machine needs.
// The load average printed beside it says how far to trust the wall-clock figures.
void PrintFrameMedians(const FrameStats& stats) {
  const FrameStats::Medians m = stats.ComputeMedians(2);
  if (m.frames == 0) return;
  double load[3] = {-1, -1, -1};
  if (std::FILE* f = std::fopen("/proc/loadavg", "r")) {
    if (std::fscanf(f, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3) load[0] = -1;
    std::fclose(f);
  }
  std::printf(
      "partlab: medians over %d frames: interval %.2f ms (%.1f fps), CPU %.2f ms, GPU %.2f ms, "
      "main thread CPU %.2f ms, process CPU %.2f ms (all threads), load average %.2f %.2f %.2f\n",
      m.frames, m.interval_ms, m.interval_ms > 0 ? 1000.0 / m.interval_ms : 0.0, m.cpu_ms, m.gpu_ms,
      m.main_thread_cpu_ms, m.process_cpu_ms, load[0], load[1], load[2]);
  std::fflush(stdout);
}

}  // namespace partlab
