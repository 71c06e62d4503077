// The Simulation view's compare mode: every registered broad phase run on exactly the frame the
// physics just saw, each timed the same way, their update + pair times side by side (median of
// the last 30 steps), with a warning when one's pairs differ from the physics' own.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "app/view/rolling_plot.h"
#include "app/views/simulation/sim_mode.h"
#include "engine/broadphase/frame_driver.h"

namespace partlab::simulation_view {

class SimCompare {
 public:
  bool on() const { return on_; }
  void Clear() { contenders_.clear(); }  // a new scene: the structures start afresh
  // After a physics step: every contender on `frame`.
  void Run(std::span<const Aabb> frame, const SimBroadPhaseChoice& choice);
  // The checkbox and the bars; `pairs` is the physics' own pair count this step.
  void Gui(size_t pairs);

 private:
  // One broad phase, fed the live frames beside the physics' own.
  struct Contender {
    std::string name;
    std::unique_ptr<BroadPhase> bp;
    std::unique_ptr<FrameDriver> driver;
    RollingPlot<30> ms;
    size_t pairs = 0;
  };

  bool on_ = false, brute_ = false;
  std::vector<Contender> contenders_;
  std::vector<BoxPair> pairs_;
};

}  // namespace partlab::simulation_view
