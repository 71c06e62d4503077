// The parameters of the semi-adjusting BSP, with the values of semi-adjusting-bsp.txt, section 6.1
// as defaults. Every one is settable at run time (the UI has a slider per parameter); Clamp() keeps
// them in sane ranges and says what it changed.
#pragma once

#include <cstdint>
#include <string>

namespace partlab {

struct BspParams {
  // Split threshold t (6.1: "best results with t from 16 to 128; a variable threshold was used
  // depending on the number of AABBs"). When adaptive, t = clamp(sqrt(N), min, max) for N boxes,
  // which gives 16 at 256 boxes, 65 at 4,250 and 128 from 16,384 boxes on.
  bool adaptive_split_threshold = true;
  int split_threshold = 64;  // used when not adaptive
  int split_threshold_min = 16;
  int split_threshold_max = 128;
  // Merge threshold as a fraction of t (6.1 gives one threshold t for split and merge: 1.0).
  float merge_fraction = 1.0f;
  // A node is unbalanced when min(L, R) / max(L, R) < this (6.1: 0.5, "one subtree with more than
  // twice the AABBs of the other").
  float unbalance_limit = 0.5f;
  // Maximum redundancy: straddling boxes as a fraction of the node's population (6.1: 2.5 %).
  float redundancy_limit = 0.025f;
  // An existing plane has "excess redundancy" (4.5) when its straddling boxes exceed
  // redundancy_limit * redundancy_excess_factor of its population. The thesis gives the limit for
  // choosing cuts but no separate trigger; with a factor of 1 a plane placed at exactly the limit
  // is flagged as soon as boxes move, and the balance/swap churn collapses the tree.
  float redundancy_excess_factor = 2.0f;
  // Not in the thesis: an overfull leaf (more than overfull_factor * t boxes) is allowed planes
  // with up to overfull_redundancy_limit straddling boxes, in its split and in the checks and
  // balance of the node it becomes. In dense piles (scene 3's debris) no plane has 2.5 %
  // straddling at balance 0.5, and one leaf of thousands of boxes costs far more per sweep than a
  // few more straddling entries.
  float overfull_factor = 4.0f;
  float overfull_redundancy_limit = 0.10f;
  // Split samples sample_factor * sqrt(n) boxes of the leaf to choose the direction (6.1: 2).
  float sample_factor = 2.0f;
  // Pending-event capacity s and operations per cycle s / ops_divisor clamped to [min, max]
  // (6.1: s <= 64, s / 16, "1 to 4 events per step").
  int queue_size = 64;
  int ops_divisor = 16;
  int ops_per_cycle_min = 1;
  int ops_per_cycle_max = 4;
  // Verification of the tree at most once every this many steps, postponed while split or swap
  // events are pending (6.1: 10).
  int verify_interval = 10;
  // Not in the thesis: a hard bound on depth so degenerate scenes cannot grow the tree forever.
  int max_depth = 24;
  // Not in the thesis, which starts from a tree built by its own operations: when more than half
  // of the boxes arrived in one step (a bulk load, like a broad phase switched on live), Update()
  // runs verification and operations until the tree settles, instead of growing it 1–4
  // operations per step over the next hundred steps.
  bool build_on_bulk_add = true;
  // Not in the thesis: the leaves store each box grown by this fraction of its largest extent
  // (a "fat" box, as Bullet's DBVT does). While a box moves inside its fat box nothing stored
  // changes: no migration, no re-sort, and its leaves keep their cached candidate pairs, which
  // are re-tested exactly each step. Resting and jittering bodies then cost almost nothing.
  // 0 stores exact boxes (the thesis's scheme: every moved box migrates and is re-sorted). 3 %
  // was the best of 1-20 % on the four thesis scenes' traces: larger margins hand on more
  // candidates in dense piles (scene 4), smaller ones re-fatten jittering boxes too often.
  float fat_margin = 0.03f;
  // 3.5: relax the 13 directions by point repulsion (Hasan et al. 2001). Optional in the thesis.
  bool relax_directions = false;

  // Clamps every field to a sane range; returns a note of what was changed ("" when nothing).
  std::string Clamp();

  // The split threshold t in force for `box_count` boxes.
  int SplitThreshold(uint32_t box_count) const;
  int MergeThreshold(uint32_t box_count) const;
  // The redundancy limit for cuts of a node of `population` boxes (see overfull_factor).
  float RedundancyLimit(uint32_t population, uint32_t box_count) const;
  // 6.1: s / 16 operations per step for s pending events, clamped to [min, max].
  int OpsPerCycle(int pending) const;
};

}  // namespace partlab
