#include "engine/broadphase/sabsp/bsp_params.h"

#include "engine/broadphase/sabsp/bsp_param_table.h"
#include "engine/params/param_rows.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace partlab {
namespace {

// std::clamp lets NaN through: NaN (and only NaN) compares unequal to itself, and goes back to
// the field's default.
template <typename T>
void ClampField(T& value, T lo, T hi, T fallback, const char* name, std::ostringstream& notes) {
  if (value != value) {
    notes << name << " NaN -> " << fallback << "; ";
    value = fallback;
  }
  const T clamped = std::clamp(value, lo, hi);
  if (clamped != value) notes << name << " " << value << " -> " << clamped << "; ";
  value = clamped;
}

}  // namespace

BspParams BspParams::Thesis() {
  BspParams p;
  p.cut_rule = CutRule::kRedundancyFirst;
  p.split_direction_tries = 1;
  p.balance_by_merge = true;
  p.balance_first = true;
  p.merge_in_spare_time = true;
  p.split_backoff = false;
  p.overfull_allowance = false;
  p.leaf_sweep_all_axes = false;
  p.cached_leaf_pairs = false;
  p.exact_leaf_sweep = false;
  p.exact_sweep_best_axis = false;
  p.exact_sweep_slabs = false;
  p.redundancy_excess_factor = 1.0f;
  p.build_on_bulk_add = false;
  p.fat_margin = 0.0f;
  p.predictive_steps = 0.0f;
  p.max_depth = 16;
  p.moving_leaf_scale = 1.0f;
  return p;
}

std::string BspParams::Clamp() {
  // The fields a user sets: each inside its row's range (bsp_param_table.h), the same range the
  // panel, the settings file and the --bsp-* flags enforce; NaN becomes the default.
  std::string notes;
  bsp_params::ForEachRow([&](const auto& row) { EnforceRow(row, *this, notes); });
  std::ostringstream more;
  const BspParams d;
// Each field with its range, its default and its name for the note.
#define PARTLAB_CLAMP(field, lo, hi) ClampField(field, lo, hi, d.field, #field, more)
  // A maximum below its minimum is raised to it.
  PARTLAB_CLAMP(split_threshold_max, split_threshold_min, bsp_params::kSplitMax.range.hi);
  PARTLAB_CLAMP(ops_per_cycle_max, ops_per_cycle_min, bsp_params::kOpsMax.range.hi);
  // The fields no panel shows (no row): sane ranges.
  PARTLAB_CLAMP(sample_factor, 0.5f, 64.0f);
  PARTLAB_CLAMP(ops_divisor, 1, 4096);
  PARTLAB_CLAMP(overfull_factor, 1.0f, 1000.0f);
  PARTLAB_CLAMP(overfull_redundancy_limit, redundancy_limit, 1.0f);
#undef PARTLAB_CLAMP
  if (cut_rule != CutRule::kRedundancyFirst && cut_rule != CutRule::kBalanceFirst) {
    more << "cut_rule out of range -> balance first; ";
    cut_rule = CutRule::kBalanceFirst;
  }
  std::string s = more.str();
  if (s.size() >= 2) s.resize(s.size() - 2);  // drop the trailing "; "
  AppendNote(notes, s);
  return notes;
}

int BspParams::SplitThreshold(uint32_t box_count) const {
  if (!adaptive_split_threshold) return split_threshold;
  const double n = static_cast<double>(box_count);
  // sqrt itself for the default: pow(n, 0.5) need not round the same way.
  const double root = split_threshold_exponent == 0.5f
                          ? std::sqrt(n)
                          : std::pow(n, double(split_threshold_exponent));
  const int t = static_cast<int>(std::lround(root));
  return std::clamp(t, split_threshold_min, split_threshold_max);
}

int BspParams::MergeThreshold(uint32_t box_count) const {
  return static_cast<int>(merge_fraction * static_cast<float>(SplitThreshold(box_count)));
}

// Hysteresis: a node grows its leaves once its motion reaches the rate, and keeps them until the
// motion falls under half of it; a node near the rate does not split and merge in turn.
int BspParams::NodeSplitThreshold(uint32_t box_count, float motion) const {
  const int t = SplitThreshold(box_count);
  const bool moving = motion >= 0.5f * moving_leaf_rate;
  return moving ? int(std::min(float(t) * moving_leaf_scale, 65536.0f)) : t;
}

int BspParams::NodeMergeThreshold(uint32_t box_count, float motion) const {
  const int mt = MergeThreshold(box_count);
  const bool moving = motion >= moving_leaf_rate;
  return moving ? int(std::min(float(mt) * moving_leaf_scale, 65536.0f)) : mt;
}

float BspParams::RedundancyLimit(uint32_t population, uint32_t box_count) const {
  const float overfull = overfull_factor * static_cast<float>(SplitThreshold(box_count));
  const bool overfull_node = overfull_allowance && static_cast<float>(population) > overfull;
  return overfull_node ? overfull_redundancy_limit : redundancy_limit;
}

uint64_t BspParams::SplitBackoffSteps(uint32_t failures) const {
  constexpr uint32_t kMostDoublings = 4;  // at most 16 times the first wait
  const uint32_t doublings = std::min(failures > 0 ? failures - 1 : 0, kMostDoublings);
  return (4 * uint64_t(verify_interval)) << doublings;
}

int BspParams::OpsPerCycle(int pending) const {
  return std::clamp(pending / ops_divisor, ops_per_cycle_min, ops_per_cycle_max);
}

}  // namespace partlab
