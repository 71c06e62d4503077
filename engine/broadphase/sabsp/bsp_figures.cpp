#include "engine/broadphase/sabsp/bsp_figures.h"

#include "engine/text/translatable.h"

#include <algorithm>
#include <limits>

namespace partlab {

namespace {

// A unit box in the z = [0, 1] slab with its lower corner at (x, y): the figures are drawn in the
// plane, as the thesis's are.
Aabb UnitAt(float x, float y = 0) {
  return {{x, y, 0}, {x + 1, y + 1, 1}};
}

constexpr Aabb kAbsent{{1, 1, 1}, {0, 0, 0}};

// 4.2, Figure 4.2: a row along x. The root's list is sorted on x, and a cut along x in the middle
// gap (7, 8) straddles nothing: the shift-split succeeds without sorting.
void RowFrames(int, std::vector<Aabb>& out) {
  out.clear();
  for (int i = 0; i < 8; ++i) out.push_back(UnitAt(2.0f * float(i)));
}

// 4.1, Figure 4.1: a column along y. Along x every box is the same interval, so the shift-split
// fails, and the split it chains sorts a sample on the 13 directions and cuts the column in two.
void ColumnFrames(int, std::vector<Aabb>& out) {
  out.clear();
  for (int i = 0; i < 8; ++i) out.push_back(UnitAt(0, 2.0f * float(i)));
}

// 4.3, Figure 4.3: the row is cut 4 | 4; from frame 3 six boxes leave and the two left (one a
// side) are under t. The merge is scheduled at the next verification but waits for a step with
// spare time (5.2.1), which the figure gives from frame 20.
void EmptyingRowFrames(int frame, std::vector<Aabb>& out) {
  RowFrames(frame, out);
  if (frame < 3) return;
  for (int i : {0, 1, 2, 5, 6, 7}) out[i] = kAbsent;
}

// 4.3, Figure 4.4: a row of 32 under t = 8 is cut into four leaves of 8 (16 | 16, then 8 | 8 on
// each side at the next verification, step 11: the thesis's profile verifies every 10 steps).
// From frame 25 all but seven boxes leave, two or one in each leaf: the root holds 7 < t, so the
// verification of step 31, top-down, queues its merge, which combines the four leaves' lists
// bottom-up through the two nodes below it when spare time comes (frame 35).
void EmptyingLongRowFrames(int frame, std::vector<Aabb>& out) {
  out.clear();
  for (int i = 0; i < 32; ++i) out.push_back(UnitAt(2.0f * float(i)));
  if (frame < 25) return;
  constexpr int kKept[] = {2, 5, 9, 13, 18, 21, 28};
  for (int i = 0; i < 32; ++i)
    if (std::find(std::begin(kKept), std::end(kKept), i) == std::end(kKept)) out[i] = kAbsent;
}

// 4.4, Figure 4.5, by unbalance: the row cut 4 | 4; from frame 3 two boxes of the right side go
// far left (6 | 2, balance 0.33 < 0.5). The next verification moves the plane to the new middle.
void UnbalancedRowFrames(int frame, std::vector<Aabb>& out) {
  RowFrames(frame, out);
  if (frame < 3) return;
  out[4] = UnitAt(-4);
  out[5] = UnitAt(-2);
}

// 4.4 by redundancy (3.6): the row cut in (7, 8); from frame 1 box 3 sits at x = 7, across the
// plane: one straddler in 9 entries is over the 2.5 % of 6.1. The balance finds a gap with none.
void StraddlerRowFrames(int frame, std::vector<Aabb>& out) {
  RowFrames(frame, out);
  if (frame >= 1) out[3] = UnitAt(7);
}

// 4.5, Figure 4.6: columns at x = 0 and x = 10 cut between them; from frame 1 three boxes of the
// right column climb onto the left one (7 | 1). Every cut along x leaves 7 | 1 or straddles the
// left column: the balance fails, and the swap it chains keeps the heavier subtree.
void DepletedColumnFrames(int frame, std::vector<Aabb>& out) {
  out.clear();
  for (int i = 0; i < 4; ++i) out.push_back(UnitAt(0, 2.0f * float(i)));
  for (int i = 4; i < 8; ++i) out.push_back(UnitAt(10, 2.0f * float(i - 4)));
  if (frame < 1) return;
  for (int i = 5; i < 8; ++i) out[i] = UnitAt(0, 2.0f * float(i));  // on top of the left column
}

// 4.6, Figure 4.7: a row of 6 at x = 0..10 (later split 3 | 3) and a column of 6 at x = 20.
// From frame 40 three boxes leave the row: its merge is queued and waits (no spare time). From
// frame 50 the column grows to 12: the root is 3 | 12, no cut along x helps, the balance fails
// and the swap keeps the column's side, deleting the row's subtree with its queued merge. When
// spare time comes (frame 65) the merge's turn finds it stale: dropped, naming the swap.
void StaleMergeFrames(int frame, std::vector<Aabb>& out) {
  out.assign(18, kAbsent);
  for (int i = 0; i < 6; ++i) out[i] = UnitAt(2.0f * float(i));
  for (int i = 6; i < 12; ++i) out[i] = UnitAt(20, 2.0f * float(i - 6));
  if (frame >= 40)
    for (int i : {0, 1, 5}) out[i] = kAbsent;
  if (frame >= 50)
    for (int i = 12; i < 18; ++i) out[i] = UnitAt(20, 2.0f * float(i - 6));
}

// 3.5, Figure 3.5: two rows of 2 x 2 boxes along the diagonal x + y = const, each box half
// over the next. Every cut along x or y crosses both rows (their spans overlap, and within a row
// there is no gap), so neither the shift-split nor an axis cut is acceptable, even on the split's
// sample of 2 sqrt(n) boxes; a direction with equal x and y parts, one of the 13, separates them
// with nothing straddling: x + y lies in [0, 4] on one row and in [7, 11] on the other.
void DiagonalRowsFrames(int, std::vector<Aabb>& out) {
  out.clear();
  for (int row = 0; row < 2; ++row)
    for (int i = -3; i <= 4; ++i) {
      const float t = 0.5f * float(i), shift = 3.5f * float(row);
      const glm::vec3 corner{t + shift, -t + shift, 0.0f};
      out.push_back({corner, corner + glm::vec3(2.0f, 2.0f, 1.0f)});
    }
}

const BspFigure kFigures[] = {
    {"directions", N_("The 13 cut directions: only a diagonal separates two diagonal rows"),
     N_("3.5, Figure 3.5"), &DiagonalRowsFrames, 1, 4, 0},
    {"split", N_("Split: a leaf over the threshold cut by a new plane"), N_("4.1, Figure 4.1"),
     &ColumnFrames, 1, 4, 0},
    {"shift-split", N_("Shift-split: a leaf cut along its parent's sorted list"),
     N_("4.2, Figure 4.2"), &RowFrames, 1, 4, 0},
    {"merge", N_("Merge: a node under the threshold becomes one leaf, in spare time"),
     N_("4.3, Figures 4.3 and 4.4"), &EmptyingRowFrames, 3, 4, 20},
    {"merge-subtree", N_("Merge of a subtree: four leaves' sorted lists combined bottom-up"),
     N_("4.3, Figure 4.4"), &EmptyingLongRowFrames, 25, 8, 35},
    {"balance", N_("Balance: an unbalanced node's plane moves to the new middle"),
     N_("4.4, Figure 4.5"), &UnbalancedRowFrames, 3, 4, 0},
    {"balance-redundancy", N_("Balance by redundancy: the plane leaves the box it straddles"),
     N_("3.6 and 4.4"), &StraddlerRowFrames, 1, 4, 0},
    {"swap", N_("Swap: a balance fails, the heavier subtree replaces the node"),
     N_("4.5, Figure 4.6"), &DepletedColumnFrames, 1, 4, 0},
    {"stale", N_("Side effects: a swap makes a queued merge stale"), N_("4.6, Figure 4.7"),
     &StaleMergeFrames, 50, 4, 65},
};

// The merge budget's clocks (BspScheduler's MsClock): every reading an hour later than the last
// (no step ever has time to spare), or always the same instant (every step has).
double NoSpareTimeMs() {
  static double now = 0;
  return now += 3.6e6;
}
double AllSpareTimeMs() {
  return 0.0;
}

}  // namespace

std::span<const BspFigure> BspFigures() {
  return kFigures;
}

const BspFigure* FindBspFigure(std::string_view key) {
  for (const BspFigure& f : kFigures)
    if (f.key == key) return &f;
  return nullptr;
}

BspFigureRun::BspFigureRun(const BspFigure& figure, bool thesis) : figure_(figure) {
  BspParams params = thesis ? BspParams::Thesis() : BspParams::Ours();
  params.adaptive_split_threshold = false;
  params.split_threshold = figure.split_threshold;
  // The scripts move boxes by jumps that stand for a repositioning, not a motion to go on: our
  // predictive fattening would stretch the jumped box ahead (up to three of its sizes) and make
  // it straddle planes the figure is not about.
  params.predictive_steps = 0;
  bsp_ = std::make_unique<SemiAdjustingBsp>(params, thesis ? "sabsp_thesis" : "sabsp");
  driver_ = std::make_unique<FrameDriver>(*bsp_);
}

void BspFigureRun::Step() {
  const int scripted = std::min(frame_, figure_.script_frames);
  figure_.boxes(scripted, boxes_);
  bsp_->set_clock(frame_ >= figure_.spare_time_from ? &AllSpareTimeMs : &NoSpareTimeMs);
  driver_->Step(boxes_, pairs_);
  ++frame_;
}

Aabb BspFigureRun::Bounds() const {
  Aabb bounds;
  std::vector<Aabb> frame;
  for (int f = 0; f <= figure_.script_frames; ++f) {
    figure_.boxes(f, frame);
    for (const Aabb& box : frame)
      if (!box.IsEmpty()) bounds.Grow(box);
  }
  return bounds;
}

}  // namespace partlab
