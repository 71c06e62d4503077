// The parameters of the semi-adjusting BSP, with the values of semi-adjusting-bsp.txt, section 6.1.
// Every one is settable at run time (the UI has a widget per parameter); Clamp() keeps them in sane
// ranges, turns NaN back into the default, and says what it changed.
//
// Two profiles (docs/bsp.md):
//   BspParams::Thesis()  the tree exactly as the thesis describes it (chapters 3-6), registered as
//                        `sabsp_thesis`. Where the thesis is silent the choice is marked "silent".
//   BspParams::Ours()    the same tree with our departures on, registered as `sabsp`; equal to
//                        BspParams{}. Every departure is one field below, grouped under
//                        "Departures", each naming the section it departs from.
#pragma once

#include <cstdint>
#include <string>

namespace partlab {

// How a cut is ranked among the acceptable ones (both within the balance and redundancy limits).
enum class CutRule : uint8_t {
  // 3.3, 3.6: "maximize balance while minimizing redundancy", and Figure 3.3 prefers a cut off
  // the median with no box cut in two to the median cut that duplicates one; "a good cut has no
  // interval open". Least redundancy first, then best balance.
  kRedundancyFirst,
  // Ours: best balance first, redundancy only breaks ties (shallower trees, a few more straddlers).
  kBalanceFirst,
};

struct BspParams {
  // Split threshold t. 6.1 gives its range and that it varies, not how: "os melhores resultados
  // obtidos foram com t de 16 a 128. Um limiar variável foi usado para todos os nodos dependendo
  // do número de AABBs". The range is the thesis's; the formula is ours (silent): when adaptive,
  // t = clamp(round(N^split_threshold_exponent), min, max) for N boxes. With the exponent 0.5
  // (sqrt N) t spans exactly the thesis's range over its scenes' sizes: 16 at 256 boxes, 65 at
  // 4,250 (its largest scene) and 128 from 16,384 boxes on.
  bool adaptive_split_threshold = true;
  int split_threshold = 64;  // used when not adaptive
  int split_threshold_min = 16;
  int split_threshold_max = 128;
  float split_threshold_exponent = 0.5f;
  // Merge threshold as a fraction of t (6.1 gives one threshold t for split and merge: 1.0).
  float merge_fraction = 1.0f;
  // A node is unbalanced when min(L, R) / max(L, R) < this (6.1: 0.5, "one subtree with more than
  // twice the AABBs of the other").
  float unbalance_limit = 0.5f;
  // Maximum redundancy: straddling boxes as a fraction of the node's population (6.1: 2.5 %).
  float redundancy_limit = 0.025f;
  // Departure (4.5, 6.1): an existing plane has "excess redundancy" when its straddling boxes
  // exceed redundancy_limit * redundancy_excess_factor of its population. The thesis's trigger is
  // its one limit (factor 1, Thesis()): the plane that may not be chosen is the plane to repair.
  // Ours (2): with a factor of 1 a plane placed at exactly the limit is flagged as soon as boxes
  // move, and the balance/swap churn collapses the tree.
  float redundancy_excess_factor = 2.0f;
  // A departure available (3.6, 6.1; switched by overfull_allowance below, off in both profiles):
  // an overfull leaf (more than overfull_factor * t boxes) is allowed planes with up to
  // overfull_redundancy_limit straddling boxes, in its split and in the checks and balance of the
  // node it becomes. In dense piles (scene 3's debris) no plane has 2.5 % straddling at balance
  // 0.5; the allowance cuts them anyway, into more leaves with more straddling entries.
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
  // The height limit (6.2.2: "forces the BSP's height up to a threshold to reduce the number of
  // AABBs migrating between leaves"; 7: "fixing the height of the tree through a threshold"). No
  // split or shift-split below this depth. The thesis gives no value (silent): Thesis() uses 16,
  // a tree of 65 536 leaves, enough for 4,250 boxes in leaves of 16 with balance 0.5 at each
  // level (log_1.5(4250 / 16) = 13.8); Ours keeps 24.
  int max_depth = 24;
  // Departure (5.2.2, 6.3): the thesis's tree grows from one leaf by its own operations, s / 16
  // per step, and Figure 6.9 shows that start-up transient (false, Thesis()). Ours (true): when
  // more than half of the boxes arrived in one step (a bulk load, like a broad phase switched on
  // live), Update() runs verification and operations until the tree settles.
  bool build_on_bulk_add = true;
  // Departure (5.1: "every AABB is checked for migration" and every moved box is re-sorted; 0 in
  // Thesis()): the leaves store each box grown by this fraction of its largest extent (a "fat"
  // box, as Bullet's DBVT does). While a box moves inside its fat box nothing stored changes: no
  // migration, no re-sort, and its leaves keep their cached candidate pairs, which are re-tested
  // exactly each step. Resting and jittering bodies then cost almost nothing. 3 % was the best of
  // 1-20 % on the four thesis scenes' traces: larger margins hand on more candidates in dense
  // piles (scene 4), smaller ones re-fatten jittering boxes too often.
  float fat_margin = 0.03f;
  // Departure (5.1, as fat_margin; 0 in Thesis()): predictive fattening, as Box2D's and Bullet's
  // dynamic trees do. When a box escapes its fat box, the new fat box is also stretched along the
  // box's last displacement (this step's move of its centre) by this many steps of it, so a box
  // moving steadily stays inside its fat box for about that many steps: no descent, no re-sort, no
  // re-sweep meanwhile. The stretch is capped per axis at predictive_cap times the box's largest
  // extent, so a teleported box does not get a fat box across the world. 8 steps with a cap of
  // 6 sizes measured best with the exact leaf sweep, whose pairs do not see the stretch (against
  // 4 and 3 before, 4 to 16 steps and caps of 3 to 8, on the four thesis scenes' traces and the
  // generated kinds; see docs/broad-phases.md, "A longer prediction horizon"): the attractor
  // clouds' boxes, which move most of their size per step on curved paths, escape much less
  // often; the dense piles of scene 4 and the bursts pay for the longer boxes in candidates.
  float predictive_steps = 8.0f;
  float predictive_cap = 6.0f;
  // Where a plane goes in the gap between the two events that bound an accepted cut, from the
  // gap's low end (0) to its high end (1). 3.3 and Figure 3.3 place the cut "no intervalo dado
  // entre o máximo da AABB verde e o mínimo da AABB amarela" and say no more (silent): every
  // offset in the gap gives the same sides; mid-gap (0.5) leaves the most room for the boxes on
  // both sides to move before one crosses the plane.
  float gap_offset = 0.5f;
  // The direction the root leaf's list is sorted and swept on (an index into the 13 directions of
  // 3.5, cut_directions.h; 0 is x). Every other leaf sorts on its parent's normal (5.1.2); the root
  // has no parent and the thesis names none (silent). x (0): a tree of one leaf is then sweep-and-
  // prune's sweep on one axis, and scenes 1 and 4 stand their boxes on the y axis (6.1: "AABBs
  // são alinhados com o eixo Y"), so y would prune least.
  int root_direction = 0;
  // 3.5: relax the 13 directions by point repulsion (Hasan et al. 2001). Optional in the thesis.
  bool relax_directions = false;

  // ---- Departures from the thesis (each false / neutral in Thesis()) ----
  // 3.3, 3.6: which acceptable cut wins (see CutRule).
  CutRule cut_rule = CutRule::kBalanceFirst;
  // 4.1: the split ranks the 13 directions on a sample and "the direction whose cut maximizes the
  // criterion is chosen": one direction (1). Ours tries the next best sampled directions on the
  // whole list when the best one finds no acceptable cut there (3).
  int split_direction_tries = 3;
  // 4.4: the thesis's balance recovers both sides' boxes "through the procedure described in the
  // merge operation" (the children's lists merged bottom-up, already sorted on the node's normal)
  // and places the plane anew from that temporary sorted list, so it can move either way, also
  // when redundancy (not balance) triggered it. Ours (false) re-projects only the heavy side,
  // sorts a region sized by a guessed count, and only moves the plane towards the heavy side.
  bool balance_by_merge = false;
  // 5.2.1: "the balance operation is done before any other". At an internal node verification
  // tests balance first (true); ours tests merge first (false), so an unbalanced small node is
  // merged rather than balanced.
  bool balance_first = false;
  // 5.2.1: merge "is performed only if the simulation has spare time in its update cycles". When
  // on, merges do not take the s / 16 slots: after them, merges run while the step's maintenance
  // (sorting and operations) has used less than step_budget_ms. The thesis gives no budget
  // (silent): 1 ms, 2.5 % of its 40 ms step (25 steps per second, 6.1). Ours (false): merge is
  // the lowest queue and takes any of the s / 16 slots left over.
  bool merge_in_spare_time = false;
  float step_budget_ms = 1.0f;
  // How spare time is measured (5.2.1 gives no measure: silent). 0 (both profiles, live use): the
  // step's maintenance on the thread's CPU clock against step_budget_ms, which depends on the
  // machine and its load. Above 0: a step's spare time is this many merges, a deterministic
  // budget; `partlab-bench sim` uses 4, the most operations 6.1 applies in a step ("1 a 4"), so
  // the same trace gives the same operations on any machine.
  int spare_time_merges = 0;
  // 5.2.1: no back-off in the thesis (false): an over-full leaf is scheduled for a split at every
  // verification. Ours (true): after a failed split the leaf waits 4 verification intervals,
  // twice as long after each further failure in a row while its boxes keep nearly still (up to
  // 16 times, SplitBackoffSteps; bsp_scheduler.h says what resets it), unless its population
  // grows by a quarter, so dense leaves that cannot be cut do not cost a futile split at every
  // verification, nor a steady stream of them in a pile that has settled.
  bool split_backoff = true;
  // 3.6 / 6.1: "maximum redundancy allowed was 2.5 %", one limit, kept by both profiles. On: an
  // overfull leaf (more than overfull_factor * t boxes) is allowed planes with up to
  // overfull_redundancy_limit straddling boxes (see the fields above). Ours had it on until the
  // exact leaf sweep's lanes made a large leaf's sweep cheaper than the extra leaves and
  // straddling entries the allowance creates (docs/broad-phases.md, the thesis scenes' traces).
  bool overfull_allowance = false;
  // 3.1: the thesis sweeps each leaf's sorted list on its one direction, and the boxes whose
  // intervals overlap there are its pairs ("a intersecção de intervalos de projeção representa uma
  // possível colisão"; one pass instead of three, "remover a fase de pruning"). Thesis (false):
  // that sweep gives the candidates, counted (BspStepStats::candidates), and the exact test of
  // our interface follows as a separate, counted stage (BspPairFinder::FindIntervalPairs). Ours
  // (true): every sweep tests the three axes inside the sweep, and only overlapping boxes leave
  // it; the three switches below (cached_leaf_pairs, exact_leaf_sweep and its refinements) are
  // refinements of this three-axis sweep and need it on.
  bool leaf_sweep_all_axes = true;
  // 5.1.2 / 3.1: the thesis sweeps every leaf's sorted list every step (false). Ours (true): a
  // leaf whose list did not change reuses its candidate pairs (see bsp_pairs.h).
  bool cached_leaf_pairs = true;
  // 5.1.2 / 3.1: the thesis sweeps each leaf's list of stored boxes, sorted on the parent's
  // normal (false). Ours (true): each leaf where a box moved is swept on its boxes' exact boxes,
  // re-sorted from the stored order by an insertion sort (a radix sort when far from sorted), 8
  // lanes at a time with AVX2, and its pairs are final; a leaf where nothing moved hands on last
  // step's pairs. The fat and predicted boxes then only spare migrations: they no longer widen the
  // sweep (cached_leaf_pairs is not used while this is on).
  bool exact_leaf_sweep = true;
  // With exact_leaf_sweep: only a leaf with at least this many pairs per entry (at its last
  // search) takes the exact sweep; a sparser one keeps the cached candidates, whose exact re-test
  // costs less there than re-sweeping (0: every leaf exact). Measured on the generated kinds and
  // the thesis scenes' traces (docs/broad-phases.md).
  float exact_sweep_density = 0.5f;
  // With exact_leaf_sweep: a leaf also needs at least this share of its entries touched per step
  // (entered, left, or escaped their fat boxes; a running mean) to take the exact sweep. In a
  // resting or jittering pile the boxes stay inside their fat boxes: the cached candidates stay
  // valid, and re-testing them costs less than re-sweeping every leaf whose boxes jittered
  // (0: no such condition).
  float exact_sweep_escape_rate = 0.02f;
  // 5.1.2: each leaf's list is sorted and swept on its parent's normal (false), which is also the
  // direction its parent's plane cut: a leaf cut from a slab of boxes is thin that way, and sorting
  // across the slab prunes no more than sorting the whole slab would. Ours (true, with
  // exact_leaf_sweep): the exact sweep runs along whichever of the leaf's direction and the three
  // axes spreads its boxes most for their widths (chosen again every 8 sweeps, kept unless
  // another is a quarter better); off its own direction the exact order is radix-sorted.
  bool exact_sweep_best_axis = true;
  // 5.1.2: each leaf's list is swept as one (false). Ours (true, with exact_sweep_best_axis): a
  // large leaf (256 boxes or more) that the limits of 3.6 keep whole, as an even rain of boxes
  // is, sweeps its exact boxes in slabs across a second axis, each slab about four mean box
  // widths wide, which divides the sweep's tests by about the number of slabs
  // (exact_sweep_slabs.h). The tree, its lists and its operations do not see the slabs.
  bool exact_sweep_slabs = true;
  // 6.1: one threshold t for every leaf (1). Ours (8): a node whose boxes keep escaping their fat
  // boxes or crossing its planes (at least moving_leaf_rate of its population per step, a running
  // mean over about four steps, BspNode::motion) splits and merges at this many times t, and
  // keeps that threshold until its rate falls under half that. Such a leaf's boxes are re-sorted
  // and re-swept every step anyway, and the exact sweep's lanes make a larger leaf's sweep cheap,
  // while every leaf more costs migrations and straddling entries; a resting pile keeps small
  // leaves, whose cached candidates its boxes re-test (docs/broad-phases.md, "Larger leaves
  // where the boxes move").
  float moving_leaf_scale = 8.0f;
  float moving_leaf_rate = 0.05f;

  // The two profiles (see the top of this file).
  static BspParams Thesis();
  static BspParams Ours() { return BspParams{}; }
  bool operator==(const BspParams&) const = default;

  // Clamps every field to a sane range (NaN becomes the default); returns a note of what was
  // changed ("" when nothing).
  std::string Clamp();

  // The split threshold t in force for `box_count` boxes.
  int SplitThreshold(uint32_t box_count) const;
  int MergeThreshold(uint32_t box_count) const;
  // The thresholds of a node whose BspNode::motion is `motion` (moving_leaf_scale).
  int NodeSplitThreshold(uint32_t box_count, float motion) const;
  int NodeMergeThreshold(uint32_t box_count, float motion) const;
  // The redundancy limit for cuts of a node of `population` boxes (see overfull_factor).
  float RedundancyLimit(uint32_t population, uint32_t box_count) const;
  // split_backoff: the steps a leaf waits after its `failures`-th failed split in a row (>= 1).
  uint64_t SplitBackoffSteps(uint32_t failures) const;
  // 6.1: s / 16 operations per step for s pending events, clamped to [min, max].
  int OpsPerCycle(int pending) const;
};

}  // namespace partlab
