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
  // A NaN or negative frame time (a clock going backwards) adds nothing; so does a bad speed.
  const double counted =
      std::isfinite(frame_seconds) ? std::clamp(frame_seconds, 0.0, max_frame_seconds_) : 0.0;
  const double speed = std::isfinite(speed_) && speed_ > 0.0f ? double(speed_) : 0.0;
  accumulator_ += counted * speed;
  int steps = 0;
  for (; accumulator_ >= step_seconds_ && steps < max_steps_per_frame_;
       accumulator_ -= step_seconds_)
    ++steps;
  if (steps == max_steps_per_frame_) accumulator_ = 0.0;  // behind: drop the rest, do not catch up
  return steps;
}

void StepControl::set_step_seconds(double seconds) {
  if (std::isfinite(seconds) && seconds > 0.0) step_seconds_ = seconds;
}

}  // namespace partlab
