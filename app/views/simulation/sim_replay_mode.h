// The Simulation view's replay mode: a recorded AABBTRC1 trace (../shared/formats.md) scrubbed
// frame by frame through any broad phase (sim_replay.h), with its window. While no trace is open
// the scene underneath is what the view draws.
#pragma once

#include <functional>
#include <string>

#include "app/view/notices.h"

#include "app/views/simulation/sim_mode.h"
#include "app/views/simulation/sim_replay.h"

namespace partlab::simulation_view {

class SimReplayMode final : public SimMode {
 public:
  // `choice` gives every structure the replay builds the panel's BSP parameters; `underneath` is
  // drawn (and its status shown) while no trace is open; an error opening a trace goes to
  // `notices` (stderr and the status bar, in red).
  SimReplayMode(const SimBroadPhaseChoice& choice, SimMode& underneath, Notices& notices);

  void Step(StepControl& stepping) override;
  BroadPhase* broad_phase() const override { return replay_.broad_phase(); }
  std::span<const Aabb> boxes() const override { return replay_.boxes(); }
  std::span<const BoxPair> pairs() const override { return replay_.pairs(); }
  void BuildInstances(SimPicture& picture, const SemiAdjustingBsp* bsp) override;
  void AdjustOverlay(BspOverlayOptions& options) const override {}  // a trace's own extent
  void StatusLine(std::span<char> text, const SimStatus& status) const override;

  // False on an error (one line in the notices and in the window); the trace starts paused on its
  // first frame.
  bool Open(const std::string& path, StepControl& stepping);
  std::string SetAlgorithm(const std::string& name);
  // The [ and ] keys: one frame back or forward.
  void Keys();
  // The window; "Open the run just recorded" opens the file `finish_recording` returns (after
  // closing the recording).
  void Window(bool* shown, StepControl& stepping,
              const std::function<std::string()>& finish_recording);

  bool is_open() const { return replay_.is_open(); }
  uint32_t box_count() const { return replay_.box_count_present(); }

 private:
  const SimBroadPhaseChoice& choice_;
  SimMode& underneath_;
  Notices& notices_;
  ReplayScrubber replay_;
  char path_[512] = {};
  std::string status_;
};

}  // namespace partlab::simulation_view
