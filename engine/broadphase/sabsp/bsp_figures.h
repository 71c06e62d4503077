// The thesis's figures of chapter 4 as scripted scenes of a few boxes (semi-adjusting-bsp.txt,
// figures 4.1-4.7): each moves its boxes frame by frame so that one named operation of the
// semi-adjusting BSP happens on cue, under the thesis's profile with a small fixed split
// threshold. The Simulation view plays them (`partlab --view Simulation --preset split`), the
// lessons narrate them, and tests/sabsp/bsp_figures_test.cpp asserts, through the op log, that
// each one does make its operation happen. No physics: the boxes go where the script puts them.
#pragma once

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"

namespace partlab {

struct BspFigure {
  std::string_view key;      // the --preset word, e.g. "shift-split"
  std::string_view title;    // e.g. "Shift-split: a leaf cut along its parent's normal"
  std::string_view section;  // where the thesis describes it, e.g. "4.2, Figure 4.2"
  // The boxes of frame `frame` (index = id; an empty box is absent). Frames past the script's
  // last repeat it, so the scheduler keeps running on boxes at rest.
  void (*boxes)(int frame, std::vector<Aabb>& out);
  int script_frames;    // frames after which nothing moves any more
  int split_threshold;  // t, fixed (6.1's adaptive threshold would be 16 for so few boxes)
  // The merge budget (5.2.1, merges only in the step's spare time): no spare time before this
  // frame, all the time wanted from it on. A deterministic clock, so a figure replays exactly.
  int spare_time_from;
};

// Every figure, in the thesis's order.
std::span<const BspFigure> BspFigures();
// By key; null when unknown.
const BspFigure* FindBspFigure(std::string_view key);

// One run of a figure: its frames fed, one per step, to a semi-adjusting BSP of the chosen
// profile with the figure's threshold.
class BspFigureRun {
 public:
  // `thesis`: BspParams::Thesis() (registered as sabsp_thesis), else BspParams::Ours() (sabsp).
  BspFigureRun(const BspFigure& figure, bool thesis);

  // Feeds the next frame and lets the tree maintain itself (or, with operation stepping on, only
  // schedule: SemiAdjustingBsp::SetOperationStepping).
  void Step();

  const BspFigure& figure() const { return figure_; }
  int frames_fed() const { return frame_; }
  SemiAdjustingBsp& bsp() { return *bsp_; }
  const SemiAdjustingBsp& bsp() const { return *bsp_; }
  const std::vector<Aabb>& boxes() const { return boxes_; }
  const std::vector<BoxPair>& pairs() const { return pairs_; }
  // Every box of every scripted frame: what a camera frames to see the whole figure.
  Aabb Bounds() const;

 private:
  const BspFigure& figure_;
  std::unique_ptr<SemiAdjustingBsp> bsp_;
  std::unique_ptr<FrameDriver> driver_;
  std::vector<Aabb> boxes_;
  std::vector<BoxPair> pairs_;
  int frame_ = 0;
};

}  // namespace partlab
