// A fixed-size ring of the last N samples of one measurement (update time, pair time, pairs,
// depth), in the layout ImGui::PlotLines reads with a values_offset: no allocation after creation.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>

namespace partlab {

template <size_t N>
class RollingPlot {
 public:
  void Push(float v) {
    values_[next_] = v;
    next_ = (next_ + 1) % N;
    count_ = std::min(count_ + 1, N);
  }
  void Clear() { next_ = count_ = 0; }
  // The oldest sample's index in data() when the ring is full (ImGui's values_offset).
  int offset() const { return count_ == N ? int(next_) : 0; }
  int count() const { return int(count_); }
  const float* data() const { return values_.data(); }
  float last() const { return count_ == 0 ? 0.0f : values_[(next_ + N - 1) % N]; }
  float Max() const {
    float m = 0.0f;
    for (size_t i = 0; i < count_; ++i) m = std::max(m, values_[i]);
    return m;
  }
  // Median of the samples held (copies them: for reports, not for every frame).
  float Median() const {
    std::array<float, N> sorted = values_;
    if (count_ == 0) return 0.0f;
    std::nth_element(sorted.begin(), sorted.begin() + count_ / 2, sorted.begin() + count_);
    return sorted[count_ / 2];
  }
  float Mean() const {
    float s = 0.0f;
    for (size_t i = 0; i < count_; ++i) s += values_[i];
    return count_ ? s / float(count_) : 0.0f;
  }

 private:
  std::array<float, N> values_{};
  size_t next_ = 0, count_ = 0;
};

}  // namespace partlab
