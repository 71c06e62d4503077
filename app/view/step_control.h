// Play, pause, single step and speed over a fixed-step accumulator, the stepping every view shares
// (section 3.2.2, "Laço principal": the simulation advances in equal steps whatever the frame
// rate). Owned by the View base; the main loop asks it how many steps are due each frame and calls
// the view's Step that many times. A view whose simulation has its own step (the Dynamics scene's
// dt) sets it here, so its Step runs exactly one step of its own. GL-free and ImGui-free:
// tests/app/step_control_test.cpp checks it.
#pragma once

namespace partlab {

class StepControl {
 public:
  // `step_seconds`: the fixed step; `max_frame_seconds`: the longest frame time counted, so a
  // stall (a model load) is clamped instead of being replayed as a burst of steps.
  explicit StepControl(double step_seconds = 1.0 / 60.0, double max_frame_seconds = 0.25)
      : step_seconds_(step_seconds), max_frame_seconds_(max_frame_seconds) {}

  // The steps to run for a frame that lasted `frame_seconds`: as many whole steps as the time
  // accumulated (frame time times speed) holds while playing, at most max_steps_per_frame (a frame
  // that reaches it drops the rest, so a slow simulation slows down instead of freezing the
  // window); while paused none (and no time piles up), except one after RequestSingleStep.
  int StepsDue(double frame_seconds);

  bool playing() const { return playing_; }
  void Play() { playing_ = true; }
  void Pause() { playing_ = false; }
  void TogglePlay() { playing_ = !playing_; }
  // While paused: exactly one step at the next StepsDue.
  void RequestSingleStep() { single_step_ = true; }
  // Forgets the time accumulated (a new scene starts from a whole step).
  void ResetAccumulator() { accumulator_ = 0.0; }

  double step_seconds() const { return step_seconds_; }
  // The view's own step; a value that is not a positive finite number is ignored.
  void set_step_seconds(double seconds);
  // Simulated seconds per real second (1: real time). The speed slider edits it in place.
  float& speed() { return speed_; }
  float speed() const { return speed_; }
  int max_steps_per_frame() const { return max_steps_per_frame_; }
  void set_max_steps_per_frame(int steps) { max_steps_per_frame_ = steps < 1 ? 1 : steps; }

 private:
  double step_seconds_, max_frame_seconds_;
  double accumulator_ = 0.0;
  float speed_ = 1.0f;
  int max_steps_per_frame_ = 1 << 20;  // in effect unbounded: the frame clamp bounds the steps
  bool playing_ = true;
  bool single_step_ = false;
};

}  // namespace partlab
