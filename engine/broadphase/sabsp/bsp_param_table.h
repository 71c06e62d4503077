// The semi-adjusting BSP's parameters (BspParams, bsp_params.h), each declared once for the
// settings file (sim.bsp.*), the BSP panel's widgets and the clamp notes (engine/params/param.h):
// label, default (our profile, BspParams::Ours(): the row reads the field's own initialiser, so the
// engine's default and the panel's are one value), range with the reason for each bound, and the
// tooltip citing semi-adjusting-bsp.txt. The departures from the thesis are the BoolParam rows
// and the rows marked "Departure"; BspParams::Thesis() gives the thesis's values.
#pragma once

#include "engine/broadphase/sabsp/bsp_params.h"
#include "engine/params/param.h"
#include "engine/text/translatable.h"

namespace partlab::bsp_params {

// ---- The thesis's values (6.1) ----

inline constexpr BoundParam<BspParams, int> kMaxDepth{
    {"sim.bsp.max_depth",
     "",
     N_("Height limit"),
     BspParams{}.max_depth,
     {1, 40, N_("the root alone"), N_("the panel's maximum depth")},
     N_("levels"),
     N_("No split below this depth (6.2.2: 'forces the height of the BSP up to a threshold'; 7: "
        "'fixing the height of the tree'). The thesis gives no value: Thesis 16, Ours 24.")},
    &BspParams::max_depth};
inline constexpr BoundBool<BspParams> kAdaptive{
    {"sim.bsp.adaptive", "", N_("Adaptive split threshold"), BspParams{}.adaptive_split_threshold,
     N_("6.1: 'a variable threshold was used depending on the number of AABBs' (how, it does not "
        "say); here t = clamp(round(N^exponent), min, max), the exponent 0.5 by default.")},
    &BspParams::adaptive_split_threshold};
inline constexpr BoundParam<BspParams, int> kSplitMin{
    {"sim.bsp.split_min",
     "",
     N_("Split threshold min"),
     BspParams{}.split_threshold_min,
     {2, 512, N_("a leaf of one box cannot split (4.1)"), N_("6.1 found t above 128 slower")},
     N_("boxes"),
     N_("Lower bound of the adaptive split threshold (6.1: best results for t from 16 to 128).")},
    &BspParams::split_threshold_min};
inline constexpr BoundParam<BspParams, int> kSplitMax{
    {"sim.bsp.split_max",
     "",
     N_("Split threshold max"),
     BspParams{}.split_threshold_max,
     {2, 1024, N_("a leaf of one box cannot split (4.1)"), N_("the panel's maximum threshold")},
     N_("boxes"),
     N_("Upper bound of the adaptive split threshold t (6.1).")},
    &BspParams::split_threshold_max};
inline constexpr BoundParam<BspParams, float> kSplitExponent{
    {"sim.bsp.split_exponent",
     "",
     N_("Split threshold exponent"),
     BspParams{}.split_threshold_exponent,
     {0.0f, 1.0f, N_("t = min: one threshold for every N"), N_("t = N, clamped to max")},
     "",
     N_("The adaptive threshold's formula, t = clamp(round(N^this), min, max). 6.1 gives the range "
        "(16 to 128) and that t varies with the number of AABBs, not how: 0.5 (sqrt N) spans the "
        "range over the thesis's scene sizes (65 at 4,250 boxes).")},
    &BspParams::split_threshold_exponent};
inline constexpr BoundParam<BspParams, int> kSplitFixed{
    {"sim.bsp.split_threshold",
     "",
     N_("Split threshold t"),
     BspParams{}.split_threshold,
     {2, 1024, N_("a leaf of one box cannot split (4.1)"), N_("the panel's maximum threshold")},
     N_("boxes"),
     N_("A leaf holding more than t boxes is split (4.1, scheduled by verification, 5.2). 6.1: "
        "best "
        "results with t from 16 to 128.")},
    &BspParams::split_threshold};
inline constexpr BoundParam<BspParams, float> kMergeFraction{
    {"sim.bsp.merge_fraction",
     "",
     N_("Merge threshold (x t)"),
     BspParams{}.merge_fraction,
     {0.05f, 1.0f, N_("below this nothing ever merges"),
      N_("merging above t would undo every split")},
     "",
     N_("A node whose subtree holds fewer than this fraction of t boxes is merged into one leaf "
        "(4.3). "
        "6.1 uses the same threshold t for split and merge (1.0).")},
    &BspParams::merge_fraction};
inline constexpr BoundParam<BspParams, int> kQueueSize{
    {"sim.bsp.queue_size",
     "",
     N_("Event queue size s"),
     BspParams{}.queue_size,
     {4, 256, N_("the smallest useful event queue"),
      N_("6.1: s <= 64; larger only for experiments")},
     N_("events"),
     N_("Capacity s of the pending events (5.2; 6.1: s <= 64).")},
    &BspParams::queue_size};
inline constexpr BoundParam<BspParams, int> kOpsMin{
    {"sim.bsp.ops_min",
     "",
     N_("Ops per cycle min"),
     BspParams{}.ops_per_cycle_min,
     {1, 16, N_("at least one operation per step (5.2.2)"), N_("6.1: 1 to 4 per step")},
     N_("operations"),
     N_("At least this many operations per step (Figure 5.5; 6.1: s/16, 1 to 4).")},
    &BspParams::ops_per_cycle_min};
inline constexpr BoundParam<BspParams, int> kOpsMax{
    {"sim.bsp.ops_max",
     "",
     N_("Ops per cycle max"),
     BspParams{}.ops_per_cycle_max,
     {1, 1024, N_("at least one operation per step (5.2.2)"), N_("the panel's maximum")},
     N_("operations"),
     N_("At most this many operations per step: s/16 clamped to [min, max] (6.1).")},
    &BspParams::ops_per_cycle_max};
inline constexpr BoundParam<BspParams, int> kVerifyInterval{
    {"sim.bsp.verify_interval",
     "",
     N_("Verification interval"),
     BspParams{}.verify_interval,
     {1, 100, N_("verification every step at most"), N_("the panel's maximum interval")},
     N_("steps"),
     N_("The tree is verified top-down at most once every this many steps, postponed while split "
        "or "
        "swap events wait (5.2.2, Figure 5.4; 6.1: 10).")},
    &BspParams::verify_interval};
inline constexpr BoundParam<BspParams, float> kUnbalanceLimit{
    {"sim.bsp.unbalance_limit",
     "",
     N_("Unbalance limit"),
     BspParams{}.unbalance_limit,
     {0.05f, 0.95f, N_("0 would never balance"), N_("1 would balance after every move")},
     "",
     N_("A node is unbalanced when min(L, R) / max(L, R) is below this, and balanced by moving its "
        "plane (4.4). 6.1: 0.5, one subtree with more than twice the other's boxes.")},
    &BspParams::unbalance_limit};
inline constexpr BoundParam<BspParams, float> kRedundancyLimit{
    {"sim.bsp.redundancy_limit",
     "",
     N_("Redundancy limit"),
     BspParams{}.redundancy_limit,
     {0.0f, 0.2f, N_("no straddling box allowed"), N_("the panel's maximum (20 %)")},
     "",
     N_("Maximum fraction of a node's boxes straddling a cut (3.6; 6.1: 2.5 %).")},
    &BspParams::redundancy_limit};

// ---- Where the thesis is silent (the same value in both profiles; docs/bsp.md) ----

inline constexpr BoundParam<BspParams, float> kGapOffset{
    {"sim.bsp.gap_offset",
     "",
     N_("Plane in the gap"),
     BspParams{}.gap_offset,
     {0.0f, 1.0f, N_("the gap's low end"), N_("the gap's high end (falls back to the low end)")},
     N_("of the gap"),
     N_("3.3 / Figure 3.3 cut 'between the maximum of the green AABB and the minimum of the "
        "yellow' "
        "and say no more: where in that gap the plane goes, from its low end (0) to its high end. "
        "Any offset gives the same sides; mid-gap leaves most room before a box crosses.")},
    &BspParams::gap_offset};
inline constexpr BoundParam<BspParams, int> kRootDirection{
    {"sim.bsp.root_direction",
     "",
     N_("Root sort direction"),
     BspParams{}.root_direction,
     {0, 12, N_("x (directions 0-2 are x, y, z)"), N_("the last of the 13 directions (3.5)")},
     "",
     N_("The direction the root leaf is sorted and swept on; every other leaf sorts on its "
        "parent's "
        "normal (5.1.2). The thesis names none: x, as sweep-and-prune's first axis (scenes 1 and 4 "
        "stand their boxes on y).")},
    &BspParams::root_direction};

// ---- Departures from the thesis (Thesis value in brackets) ----

inline constexpr BoundParam<BspParams, float> kExcessFactor{
    {"sim.bsp.redundancy_excess",
     "",
     N_("Redundancy trigger"),
     BspParams{}.redundancy_excess_factor,
     {1.0f, 8.0f, N_("below 1 a fresh plane is already excessive"),
      N_("the panel's maximum factor")},
     "",
     N_("Departure from 4.5 / 6.1 [thesis 1], a multiple of the redundancy limit: a plane is "
        "rebalanced (or swapped) when its straddlers "
        "exceed limit x this. With the thesis's 1, a plane placed at the limit is flagged as soon "
        "as "
        "boxes move.")},
    &BspParams::redundancy_excess_factor};
inline constexpr BoundParam<BspParams, float> kFatMargin{
    {"sim.bsp.fat_margin",
     "",
     N_("Fat box margin"),
     BspParams{}.fat_margin,
     {0.0f, 0.2f, N_("exact boxes, as the thesis (5.1)"), N_("20 % of a box's size")},
     "",
     N_("Departure from 5.1 [thesis 0]: leaves store each box grown by this fraction; a box moving "
        "inside its fat box neither migrates nor is re-sorted.")},
    &BspParams::fat_margin};
inline constexpr BoundParam<BspParams, float> kPredictiveSteps{
    {"sim.bsp.predictive_steps",
     "",
     N_("Predictive fattening"),
     BspParams{}.predictive_steps,
     {0.0f, 16.0f, N_("the fat box only, no prediction"), N_("sixteen steps of motion ahead")},
     N_("steps"),
     N_("Departure from 5.1 [thesis 0], as Box2D's and Bullet's dynamic trees: a box leaving its "
        "fat "
        "box gets a new one also stretched along its last displacement by this many steps of it, "
        "so "
        "a steadily moving box stays inside for about that many steps (no descent, re-sort or "
        "re-sweep). Needs a fat margin above 0.")},
    &BspParams::predictive_steps};
inline constexpr BoundParam<BspParams, float> kPredictiveCap{
    {"sim.bsp.predictive_cap",
     "",
     N_("Prediction cap"),
     BspParams{}.predictive_cap,
     {0.0f, 8.0f, N_("no stretch at all"), N_("eight box sizes")},
     N_("x size"),
     N_("Departure from 5.1 (with Predictive fattening): the stretch along the displacement is at "
        "most "
        "this many times the box's largest extent per axis, so a teleported box does not get a fat "
        "box across the world.")},
    &BspParams::predictive_cap};
inline constexpr BoundParam<BspParams, int> kSplitTries{
    {"sim.bsp.split_tries",
     "",
     N_("Split direction tries"),
     BspParams{}.split_direction_tries,
     {1, 13, N_("the sampled best only, as 4.1"), N_("all 13 directions (3.5)")},
     N_("directions"),
     N_("Departure from 4.1 [thesis 1]: when the best sampled direction has no acceptable cut on "
        "the "
        "whole list, the next ones are tried.")},
    &BspParams::split_direction_tries};
inline constexpr BoundParam<BspParams, float> kStepBudget{
    {"sim.bsp.step_budget_ms",
     "",
     N_("Merge time budget"),
     BspParams{}.step_budget_ms,
     {0.0f, 40.0f, N_("no spare time: merges never run"), N_("the thesis's whole 40 ms step")},
     "ms",
     N_("5.2.1: merges run only while the step's maintenance used less than this (the thesis gives "
        "no value: 1 ms). Used when 'Merge only in spare time' is on.")},
    &BspParams::step_budget_ms};
inline constexpr BoundParam<BspParams, int> kSpareTimeMerges{
    {"sim.bsp.spare_time_merges",
     "",
     N_("Merges per step (0: timed)"),
     BspParams{}.spare_time_merges,
     {0, 64, N_("0: spare time on the CPU clock (live)"), N_("the panel's maximum")},
     N_("merges"),
     N_("5.2.1 gives no measure of spare time: 0 measures the step's maintenance on the thread's "
        "CPU clock against the merge time budget; above 0, spare time is this many merges per "
        "step, "
        "the same on any machine (partlab-bench sim uses 4, 6.1's most operations per step).")},
    &BspParams::spare_time_merges};
inline constexpr BoundBool<BspParams> kBalanceByMerge{
    {"sim.bsp.balance_by_merge", "", N_("Balance through the merge procedure"),
     BspParams{}.balance_by_merge,
     N_("4.4 [thesis on]: both sides recovered by the merge procedure into one sorted list; the "
        "plane "
        "may move either way. Off (ours): only the heavy side is re-projected and the plane only "
        "moves towards it.")},
    &BspParams::balance_by_merge};
inline constexpr BoundBool<BspParams> kBalanceFirst{
    {"sim.bsp.balance_first", "", N_("Balance before merge"), BspParams{}.balance_first,
     N_("5.2.1 [thesis on]: 'balance is done before any other operation'. Off (ours): verification "
        "tests merge first at a node.")},
    &BspParams::balance_first};
inline constexpr BoundBool<BspParams> kMergeInSpareTime{
    {"sim.bsp.merge_spare_time", "", N_("Merge only in spare time"),
     BspParams{}.merge_in_spare_time,
     N_("5.2.1 [thesis on]: merge 'only if the simulation has spare time'. Off (ours): merges take "
        "the s/16 slots left over.")},
    &BspParams::merge_in_spare_time};
inline constexpr BoundBool<BspParams> kSplitBackoff{
    {"sim.bsp.split_backoff", "", N_("Back off failed splits"), BspParams{}.split_backoff,
     N_("Departure from 5.2.1 [thesis off]: a leaf whose split failed waits 4 verification "
        "intervals, "
        "twice as long after each further failure in a row while its boxes keep still (up to 16 "
        "times), unless it grows by a quarter.")},
    &BspParams::split_backoff};
inline constexpr BoundBool<BspParams> kOverfullAllowance{
    {"sim.bsp.overfull", "", N_("Overfull allowance"), BspParams{}.overfull_allowance,
     N_("Departure from 3.6 / 6.1 [thesis off, ours off]: a leaf over 4t may take planes with up "
        "to "
        "10 % straddlers (dense piles have no 2.5 % cut). Off: such a leaf stays whole, and its "
        "exact sweep costs less than the extra leaves and straddlers.")},
    &BspParams::overfull_allowance};
inline constexpr BoundBool<BspParams> kLeafSweepAllAxes{
    {"sim.bsp.sweep_all_axes", "", N_("Three-axis leaf sweep"), BspParams{}.leaf_sweep_all_axes,
     N_("Departure from 3.1 [thesis off]: the thesis's sweep reports the boxes whose intervals "
        "overlap on the leaf's one direction as candidates, then the exact test runs as a "
        "separate, "
        "counted stage. On (ours): the sweep tests all three axes and hands on only overlapping "
        "boxes. Cached leaf pairs and Exact leaf sweep need it on.")},
    &BspParams::leaf_sweep_all_axes};
inline constexpr BoundBool<BspParams> kCachedLeafPairs{
    {"sim.bsp.cached_pairs", "", N_("Cached leaf pairs"), BspParams{}.cached_leaf_pairs,
     N_("Departure from 5.1.2 [thesis off]: a leaf whose list did not change reuses its candidate "
        "pairs instead of being swept again.")},
    &BspParams::cached_leaf_pairs};
inline constexpr BoundBool<BspParams> kExactLeafSweep{
    {"sim.bsp.exact_sweep", "", N_("Exact leaf sweep"), BspParams{}.exact_leaf_sweep,
     N_("Departure from 5.1.2 / 3.1 [thesis off]: each leaf where a box moved is swept on the "
        "exact "
        "boxes, re-sorted from the stored order, 8 lanes at a time (AVX2); a leaf where nothing "
        "moved "
        "hands on its pairs. Fat and predicted boxes then spare migrations without widening the "
        "sweep. Replaces 'Cached leaf pairs' while on.")},
    &BspParams::exact_leaf_sweep};
inline constexpr BoundParam<BspParams, float> kExactSweepDensity{
    {"sim.bsp.exact_sweep_density",
     "",
     N_("Exact sweep from"),
     BspParams{}.exact_sweep_density,
     {0.0f, 8.0f, N_("every leaf exact"), N_("only the densest leaves exact")},
     N_("pairs/entry"),
     N_("Departure from 5.1.2 (with Exact leaf sweep): only a leaf with at least this many pairs "
        "per "
        "entry at its last search is swept exactly; a sparser one keeps cached candidates, whose "
        "exact re-test costs less there.")},
    &BspParams::exact_sweep_density};
inline constexpr BoundParam<BspParams, float> kExactSweepEscapeRate{
    {"sim.bsp.exact_sweep_escape_rate",
     "",
     N_("Exact sweep escapes"),
     BspParams{}.exact_sweep_escape_rate,
     {0.0f, 1.0f, N_("no condition"), N_("only leaves whose boxes all escape")},
     N_("of entries/step"),
     N_("Departure from 5.1.2 (with Exact leaf sweep): a leaf also needs at least this share of "
        "its "
        "entries touched per step (escaped their fat boxes, entered or left; a running mean) to be "
        "swept exactly. In a resting or jittering pile nothing escapes, and re-testing the cached "
        "candidates costs less than re-sweeping every leaf whose boxes jittered.")},
    &BspParams::exact_sweep_escape_rate};
inline constexpr BoundParam<BspParams, float> kMovingLeafScale{
    {"sim.bsp.moving_leaf_scale",
     "",
     N_("Moving leaves x t"),
     BspParams{}.moving_leaf_scale,
     {1.0f, 16.0f, N_("one threshold t for every leaf, as 6.1"),
      N_("leaves of thousands of boxes")},
     "",
     N_("Departure from 6.1 [thesis 1]: a node whose boxes keep escaping their fat boxes or "
        "crossing "
        "its planes (Moving from, a running mean) splits and merges at this many times t. Its "
        "leaves "
        "are re-sorted and re-swept every step anyway; fewer, larger ones spare migrations and "
        "straddling entries. A resting pile keeps leaves of t, whose cached candidates it "
        "re-tests.")},
    &BspParams::moving_leaf_scale};
inline constexpr BoundParam<BspParams, float> kMovingLeafRate{
    {"sim.bsp.moving_leaf_rate",
     "",
     N_("Moving from"),
     BspParams{}.moving_leaf_rate,
     {0.0f, 1.0f, N_("every node counts as moving"),
      N_("only nodes whose boxes all escape every step")},
     N_("of population/step"),
     N_("With Moving leaves x t above 1: the share of a node's population escaping or crossing per "
        "step (a running mean over about four steps) from which its threshold grows; it shrinks "
        "back "
        "under half of it.")},
    &BspParams::moving_leaf_rate};
inline constexpr BoundBool<BspParams> kExactSweepBestAxis{
    {"sim.bsp.exact_sweep_best_axis", "", N_("Sweep along the best axis"),
     BspParams{}.exact_sweep_best_axis,
     N_("Departure from 5.1.2 (with Exact leaf sweep) [thesis off]: each leaf is swept along "
        "whichever "
        "of its sort direction and x, y, z spreads its boxes most for their widths, not only along "
        "its "
        "parent's normal, across which a thin leaf prunes nothing.")},
    &BspParams::exact_sweep_best_axis};
inline constexpr BoundBool<BspParams> kExactSweepSlabs{
    {"sim.bsp.exact_sweep_slabs", "", N_("Sweep large leaves in slabs"),
     BspParams{}.exact_sweep_slabs,
     N_("Departure from 5.1.2 (with Sweep along the best axis) [thesis off]: a leaf of 256 boxes "
        "or "
        "more that 3.6's limits keep whole is swept in slabs across a second axis, each about four "
        "box widths wide, a box in every slab it reaches: the sweep tests about as many boxes as "
        "there are slabs fewer. The tree and its lists do not see the slabs.")},
    &BspParams::exact_sweep_slabs};
inline constexpr BoundBool<BspParams> kBulkBuild{
    {"sim.bsp.bulk_build", "", N_("Build on bulk load"), BspParams{}.build_on_bulk_add,
     N_("Departure from 5.2.2 / 6.3 [thesis off]: when most boxes arrive in one step the tree is "
        "built at once, instead of growing s/16 operations per step (Figure 6.9's start).")},
    &BspParams::build_on_bulk_add};
inline constexpr BoundChoice<BspParams, CutRule> kCutRule{
    {"sim.bsp.cut_rule",
     "",
     N_("Cut choice"),
     int(BspParams{}.cut_rule),
     {"redundancy_first", "balance_first"},
     N_("3.3 / 3.6 [thesis: redundancy first]: among acceptable cuts, fewest straddlers then best "
        "balance ('a good cut has no open interval', Figure 3.3); ours: best balance first.")},
    &BspParams::cut_rule};

// Every row, in the settings file's order: the settings file (sim.bsp.*), the flags of partlab and
// partlab-bench (--bsp-*), BspParams::Clamp, the parameter table in docs/parameters.md and the
// tests walk this list. A new parameter is its row above and its line here.
template <typename Visit>
constexpr void ForEachRow(Visit&& visit) {
  visit(kMaxDepth);
  visit(kAdaptive);
  visit(kSplitFixed);
  visit(kSplitMin);
  visit(kSplitMax);
  visit(kSplitExponent);
  visit(kMergeFraction);
  visit(kQueueSize);
  visit(kOpsMin);
  visit(kOpsMax);
  visit(kVerifyInterval);
  visit(kUnbalanceLimit);
  visit(kRedundancyLimit);
  visit(kExcessFactor);
  visit(kFatMargin);
  visit(kPredictiveSteps);
  visit(kPredictiveCap);
  visit(kSplitTries);
  visit(kGapOffset);
  visit(kRootDirection);
  visit(kStepBudget);
  visit(kSpareTimeMerges);
  visit(kBalanceByMerge);
  visit(kBalanceFirst);
  visit(kMergeInSpareTime);
  visit(kSplitBackoff);
  visit(kOverfullAllowance);
  visit(kLeafSweepAllAxes);
  visit(kCachedLeafPairs);
  visit(kExactLeafSweep);
  visit(kExactSweepDensity);
  visit(kExactSweepEscapeRate);
  visit(kExactSweepBestAxis);
  visit(kMovingLeafScale);
  visit(kMovingLeafRate);
  visit(kExactSweepSlabs);
  visit(kBulkBuild);
  visit(kCutRule);
}

}  // namespace partlab::bsp_params
