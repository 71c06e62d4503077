// The BSP's parameters in the simulation's settings file (sim.bsp.*), row by row through the
// parameter table (engine/broadphase/sabsp/bsp_param_table.h): a hand-edited value out of range,
// NaN or not a number comes back clamped or as the default, with a note naming the key.
#pragma once

#include <string>

#include "app/param_settings.h"
#include "engine/broadphase/sabsp/bsp_param_table.h"

namespace partlab {

inline void LoadBspParams(const Settings& s, BspParams& p, std::string& notes) {
  namespace t = bsp_params;
  LoadParam(s, t::kMaxDepth, p.max_depth, notes);
  LoadParam(s, t::kAdaptive, p.adaptive_split_threshold, notes);
  LoadParam(s, t::kSplitFixed, p.split_threshold, notes);
  LoadParam(s, t::kSplitMin, p.split_threshold_min, notes);
  LoadParam(s, t::kSplitMax, p.split_threshold_max, notes);
  LoadParam(s, t::kSplitExponent, p.split_threshold_exponent, notes);
  LoadParam(s, t::kMergeFraction, p.merge_fraction, notes);
  LoadParam(s, t::kQueueSize, p.queue_size, notes);
  LoadParam(s, t::kOpsMin, p.ops_per_cycle_min, notes);
  LoadParam(s, t::kOpsMax, p.ops_per_cycle_max, notes);
  LoadParam(s, t::kVerifyInterval, p.verify_interval, notes);
  LoadParam(s, t::kUnbalanceLimit, p.unbalance_limit, notes);
  LoadParam(s, t::kRedundancyLimit, p.redundancy_limit, notes);
  LoadParam(s, t::kExcessFactor, p.redundancy_excess_factor, notes);
  LoadParam(s, t::kFatMargin, p.fat_margin, notes);
  LoadParam(s, t::kPredictiveSteps, p.predictive_steps, notes);
  LoadParam(s, t::kPredictiveCap, p.predictive_cap, notes);
  LoadParam(s, t::kSplitTries, p.split_direction_tries, notes);
  LoadParam(s, t::kGapOffset, p.gap_offset, notes);
  LoadParam(s, t::kRootDirection, p.root_direction, notes);
  LoadParam(s, t::kStepBudget, p.step_budget_ms, notes);
  LoadParam(s, t::kSpareTimeMerges, p.spare_time_merges, notes);
  LoadParam(s, t::kBalanceByMerge, p.balance_by_merge, notes);
  LoadParam(s, t::kBalanceFirst, p.balance_first, notes);
  LoadParam(s, t::kMergeInSpareTime, p.merge_in_spare_time, notes);
  LoadParam(s, t::kSplitBackoff, p.split_backoff, notes);
  LoadParam(s, t::kOverfullAllowance, p.overfull_allowance, notes);
  LoadParam(s, t::kLeafSweepAllAxes, p.leaf_sweep_all_axes, notes);
  LoadParam(s, t::kCachedLeafPairs, p.cached_leaf_pairs, notes);
  LoadParam(s, t::kExactLeafSweep, p.exact_leaf_sweep, notes);
  LoadParam(s, t::kExactSweepDensity, p.exact_sweep_density, notes);
  LoadParam(s, t::kExactSweepEscapeRate, p.exact_sweep_escape_rate, notes);
  LoadParam(s, t::kExactSweepBestAxis, p.exact_sweep_best_axis, notes);
  LoadParam(s, t::kMovingLeafScale, p.moving_leaf_scale, notes);
  LoadParam(s, t::kMovingLeafRate, p.moving_leaf_rate, notes);
  LoadParam(s, t::kExactSweepSlabs, p.exact_sweep_slabs, notes);
  LoadParam(s, t::kBulkBuild, p.build_on_bulk_add, notes);
  int rule = int(p.cut_rule);
  LoadParam(s, t::kCutRule, rule, notes);
  p.cut_rule = CutRule(rule);
}

inline void SaveBspParams(Settings& s, const BspParams& p) {
  namespace t = bsp_params;
  SaveParam(s, t::kMaxDepth, p.max_depth);
  SaveParam(s, t::kAdaptive, p.adaptive_split_threshold);
  SaveParam(s, t::kSplitFixed, p.split_threshold);
  SaveParam(s, t::kSplitMin, p.split_threshold_min);
  SaveParam(s, t::kSplitMax, p.split_threshold_max);
  SaveParam(s, t::kSplitExponent, p.split_threshold_exponent);
  SaveParam(s, t::kMergeFraction, p.merge_fraction);
  SaveParam(s, t::kQueueSize, p.queue_size);
  SaveParam(s, t::kOpsMin, p.ops_per_cycle_min);
  SaveParam(s, t::kOpsMax, p.ops_per_cycle_max);
  SaveParam(s, t::kVerifyInterval, p.verify_interval);
  SaveParam(s, t::kUnbalanceLimit, p.unbalance_limit);
  SaveParam(s, t::kRedundancyLimit, p.redundancy_limit);
  SaveParam(s, t::kExcessFactor, p.redundancy_excess_factor);
  SaveParam(s, t::kFatMargin, p.fat_margin);
  SaveParam(s, t::kPredictiveSteps, p.predictive_steps);
  SaveParam(s, t::kPredictiveCap, p.predictive_cap);
  SaveParam(s, t::kSplitTries, p.split_direction_tries);
  SaveParam(s, t::kGapOffset, p.gap_offset);
  SaveParam(s, t::kRootDirection, p.root_direction);
  SaveParam(s, t::kStepBudget, p.step_budget_ms);
  SaveParam(s, t::kSpareTimeMerges, p.spare_time_merges);
  SaveParam(s, t::kBalanceByMerge, p.balance_by_merge);
  SaveParam(s, t::kBalanceFirst, p.balance_first);
  SaveParam(s, t::kMergeInSpareTime, p.merge_in_spare_time);
  SaveParam(s, t::kSplitBackoff, p.split_backoff);
  SaveParam(s, t::kOverfullAllowance, p.overfull_allowance);
  SaveParam(s, t::kLeafSweepAllAxes, p.leaf_sweep_all_axes);
  SaveParam(s, t::kCachedLeafPairs, p.cached_leaf_pairs);
  SaveParam(s, t::kExactLeafSweep, p.exact_leaf_sweep);
  SaveParam(s, t::kExactSweepDensity, p.exact_sweep_density);
  SaveParam(s, t::kExactSweepEscapeRate, p.exact_sweep_escape_rate);
  SaveParam(s, t::kExactSweepBestAxis, p.exact_sweep_best_axis);
  SaveParam(s, t::kMovingLeafScale, p.moving_leaf_scale);
  SaveParam(s, t::kMovingLeafRate, p.moving_leaf_rate);
  SaveParam(s, t::kExactSweepSlabs, p.exact_sweep_slabs);
  SaveParam(s, t::kBulkBuild, p.build_on_bulk_add);
  SaveParam(s, t::kCutRule, int(p.cut_rule));
}

}  // namespace partlab
