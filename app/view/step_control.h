// Play, pause and single step over a fixed-step accumulator, the stepping every view shares
// (section 3.2.2, "Laço principal": the simulation advances in equal steps whatever the frame
// rate). Owned by the View base; the main loop asks it how many steps are due each frame. GL-free
// and ImGui-free: tests/app/step_control_test.cpp checks it.
#pragma once

namespace partlab {

class StepControl {
 public:
  // `step_seconds`: the fixed step; `max_frame_seconds`: the longest frame time counted, so a
  // stall (a model load) is clamped instead of being replayed as a burst of steps.
  explicit StepControl(double step_seconds = 1.0 / 60.0, double max_frame_seconds = 0.25)
      : step_seconds_(step_seconds), max_frame_seconds_(max_frame_seconds) {}

  // The steps to run for a frame that lasted `frame_seconds`: as many whole steps as the time
  // accumulated holds while playing; while paused none (and no time piles up), except one after
  // RequestSingleStep.
  int StepsDue(double frame_seconds);

  bool playing() const { return playing_; }
  void Play() { playing_ = true; }
  void Pause() { playing_ = false; }
  void TogglePlay() { playing_ = !playing_; }
  // While paused: exactly one step at the next StepsDue.
  void RequestSingleStep() { single_step_ = true; }
  double step_seconds() const { return step_seconds_; }

 private:
  double step_seconds_, max_frame_seconds_;
  double accumulator_ = 0.0;
  bool playing_ = true;
  bool single_step_ = false;
};

}  // namespace partlab
