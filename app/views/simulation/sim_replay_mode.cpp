// The Simulation view's replay mode (sim_replay_mode.h).
#include "app/views/simulation/sim_replay_mode.h"
#include "app/i18n/translate.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/panels/tooltip.h"
#include "app/views/simulation/sim_picture.h"

namespace partlab::simulation_view {

SimReplayMode::SimReplayMode(const SimBroadPhaseChoice& choice, SimMode& underneath,
                             Notices& notices)
    : choice_(choice), underneath_(underneath), notices_(notices) {}

void SimReplayMode::Step(StepControl& stepping) {
  if (!replay_.is_open()) return;
  if (replay_.frame() + 1 >= replay_.frame_count()) {
    stepping.Pause();  // the end of the trace
    return;
  }
  status_ = replay_.Seek(replay_.frame() + 1);
}

void SimReplayMode::BuildInstances(SimPicture& picture, const SemiAdjustingBsp* bsp) {
  if (replay_.is_open())
    picture.BuildBoxes(replay_.boxes(), replay_.pairs(), bsp);
  else
    underneath_.BuildInstances(picture, bsp);
}

void SimReplayMode::StatusLine(std::span<char> text, const SimStatus& status) const {
  if (!replay_.is_open()) return underneath_.StatusLine(text, status);
  std::snprintf(text.data(), text.size(), _("Replay %s | %s | frame %u/%u | %u boxes | %zu pairs"),
                replay_.path().c_str(), status.algo.c_str(), replay_.frame() + 1,
                replay_.frame_count(), replay_.box_count_present(), replay_.pairs().size());
}

bool SimReplayMode::Open(const std::string& path, StepControl& stepping) {
  replay_.SetConfigure([this](BroadPhase& bp) {
    if (auto* bsp = dynamic_cast<SemiAdjustingBsp*>(&bp); bsp && bsp->Name() == "sabsp")
      bsp->SetParams(choice_.bsp_params);
  });
  std::snprintf(path_, sizeof path_, "%s", path.c_str());
  const std::string error = replay_.Open(path, choice_.algo);
  if (!error.empty()) {
    // One line on stderr and in red in the status bar; the trace (or live scene) shown stays.
    notices_.Error("partlab: " + error);
    status_ = error;
    return false;
  }
  status_.clear();
  stepping.Pause();  // the replay starts on its first frame; Play runs it
  return true;
}

std::string SimReplayMode::SetAlgorithm(const std::string& name) {
  if (replay_.is_open()) status_ = replay_.SetAlgorithm(name);
  return status_;
}

void SimReplayMode::Keys() {
  if (!replay_.is_open()) return;
  if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT_BRACKET, true))
    status_ = replay_.Seek(replay_.frame() + 1);
  if (ImGui::IsKeyPressed(GLFW_KEY_LEFT_BRACKET, true) && replay_.frame() > 0)
    status_ = replay_.Seek(replay_.frame() - 1);
}

void SimReplayMode::Window(bool* shown, StepControl& stepping,
                           const std::function<std::string()>& finish_recording) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y - 40.0f), ImGuiCond_FirstUseEver,
                          ImVec2(0.5f, 1));
  ImGui::SetNextWindowSize(ImVec2(520, 0), ImGuiCond_FirstUseEver);
  // untranslated: the window's ID, which stays when the language changes
  if (!ImGui::Begin(WindowTitle(_("Replay viewer"), "replay-viewer"), shown)) {
    ImGui::End();
    return;
  }
  ImGui::InputText(_("Trace"), path_, sizeof path_);
  ImGui::SameLine();
  if (ImGui::Button(_("Open"))) Open(path_, stepping);
  if (ImGui::Button(_("Open the run just recorded"))) Open(finish_recording(), stepping);
  if (replay_.is_open()) {
    int frame = int(replay_.frame());
    if (ImGui::Button("|<")) frame = 0;
    ImGui::SameLine();
    if (ImGui::Button("<")) frame = std::max(frame - 1, 0);
    ImGui::SameLine();
    if (ImGui::Button(stepping.playing() ? _("Pause") : _("Play"))) stepping.TogglePlay();
    ImGui::SameLine();
    if (ImGui::Button(">")) frame += 1;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    ImGui::SliderInt("##frame", &frame, 0, int(replay_.frame_count()) - 1, _("frame %d"));
    Tip(
        _("Drag to scrub; [ and ] step one frame. A jump rebuilds the structure from that "
          "frame's\nboxes; a step forward updates it incrementally, as during the run."));
    if (frame != int(replay_.frame())) status_ = replay_.Seek(uint32_t(std::max(frame, 0)));
    ImGui::Text(_("%u boxes, %zu pairs, update %.2f ms, pairs %.2f ms"),
                replay_.box_count_present(), replay_.pairs().size(), replay_.timings().update_ms,
                replay_.timings().pairs_ms);
  }
  if (!status_.empty()) ImGui::TextWrapped("%s", status_.c_str());
  ImGui::End();
}

}  // namespace partlab::simulation_view
