#include "app/frame_stats.h"

#include <algorithm>

namespace partlab {

void FrameStats::Record(double interval_ms, double cpu_ms, double gpu_ms) {
  intervals_[next_] = float(interval_ms);
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
