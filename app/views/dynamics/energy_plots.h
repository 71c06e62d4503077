// The Dynamics view's live plots (visualization-simulation-games.txt, 3.3.1): the kinetic,
// potential and total energy (3.10, 3.12, 3.14), the magnitudes of the total linear and angular
// momentum (3.19, 3.20), and what each step cost the solver (propagation passes, the LCP's size,
// the step's time). A component of the view: one sample per finished step, drawn in its own window.
#pragma once

#include <cstddef>

#include "app/view/rolling_plot.h"
#include "engine/dynamics/dynamics_world.h"

namespace partlab {

class EnergyPlots {
 public:
  static constexpr size_t kHistory = 600;

  void Clear();
  void Record(const dynamics::DynamicsWorld& world);  // after each finished step
  void Window();                                      // the "Energy and momentum" window
  bool& shown() { return shown_; }

 private:
  RollingPlot<kHistory> kinetic_, potential_, total_, linear_, angular_, passes_, lcp_size_,
      step_ms_;
  bool shown_ = true;
};

}  // namespace partlab
