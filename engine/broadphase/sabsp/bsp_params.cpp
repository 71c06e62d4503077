#include "engine/broadphase/sabsp/bsp_params.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace partlab {
namespace {

template <typename T>
void ClampField(T& value, T lo, T hi, const char* name, std::ostringstream& notes) {
  const T clamped = std::clamp(value, lo, hi);
  if (clamped != value) notes << name << " " << value << " -> " << clamped << "; ";
  value = clamped;
}

}  // namespace

std::string BspParams::Clamp() {
  std::ostringstream notes;
  ClampField(split_threshold_min, 2, 4096, "split_threshold_min", notes);
  ClampField(split_threshold_max, split_threshold_min, 4096, "split_threshold_max", notes);
  ClampField(split_threshold, 2, 4096, "split_threshold", notes);
  ClampField(merge_fraction, 0.0f, 1.0f, "merge_fraction", notes);
  ClampField(unbalance_limit, 0.0f, 1.0f, "unbalance_limit", notes);
  ClampField(redundancy_limit, 0.0f, 1.0f, "redundancy_limit", notes);
  ClampField(redundancy_excess_factor, 1.0f, 100.0f, "redundancy_excess_factor", notes);
  ClampField(sample_factor, 0.5f, 64.0f, "sample_factor", notes);
  ClampField(queue_size, 1, 4096, "queue_size", notes);
  ClampField(ops_divisor, 1, 4096, "ops_divisor", notes);
  ClampField(ops_per_cycle_min, 1, 1024, "ops_per_cycle_min", notes);
  ClampField(ops_per_cycle_max, ops_per_cycle_min, 1024, "ops_per_cycle_max", notes);
  ClampField(verify_interval, 1, 100000, "verify_interval", notes);
  ClampField(max_depth, 1, 60, "max_depth", notes);
  ClampField(fat_margin, 0.0f, 1.0f, "fat_margin", notes);
  ClampField(overfull_factor, 1.0f, 1000.0f, "overfull_factor", notes);
  ClampField(overfull_redundancy_limit, redundancy_limit, 1.0f, "overfull_redundancy_limit", notes);
  std::string s = notes.str();
  if (s.size() >= 2) s.resize(s.size() - 2);  // drop the trailing "; "
  return s;
}

int BspParams::SplitThreshold(uint32_t box_count) const {
  if (!adaptive_split_threshold) return split_threshold;
  const int t = static_cast<int>(std::lround(std::sqrt(static_cast<double>(box_count))));
  return std::clamp(t, split_threshold_min, split_threshold_max);
}

int BspParams::MergeThreshold(uint32_t box_count) const {
  return static_cast<int>(merge_fraction * static_cast<float>(SplitThreshold(box_count)));
}

float BspParams::RedundancyLimit(uint32_t population, uint32_t box_count) const {
  const float overfull = overfull_factor * static_cast<float>(SplitThreshold(box_count));
  return static_cast<float>(population) > overfull ? overfull_redundancy_limit : redundancy_limit;
}

int BspParams::OpsPerCycle(int pending) const {
  return std::clamp(pending / ops_divisor, ops_per_cycle_min, ops_per_cycle_max);
}

}  // namespace partlab
