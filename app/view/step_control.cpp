#include "app/view/step_control.h"

#include <algorithm>
#include <cmath>

namespace partlab {

int StepControl::StepsDue(double frame_seconds) {
  if (!playing_) {
    accumulator_ = 0.0;
    const int steps = single_step_ ? 1 : 0;
    single_step_ = false;
    return steps;
  }
  single_step_ = false;
  // A NaN or negative frame time (a clock going backwards) adds nothing.
  const double counted =
      std::isfinite(frame_seconds) ? std::clamp(frame_seconds, 0.0, max_frame_seconds_) : 0.0;
  accumulator_ += counted;
  int steps = 0;
  for (; accumulator_ >= step_seconds_; accumulator_ -= step_seconds_) ++steps;
  return steps;
}

}  // namespace partlab
