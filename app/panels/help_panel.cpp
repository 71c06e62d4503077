#include "app/panels/help_panel.h"

#include <imgui.h>

#include "app/i18n/translate.h"

namespace partlab {

namespace {

// One row per control; the same bindings as app/camera_input.cpp.
constexpr const char* kControls[][2] = {
    {"Left drag", "Orbit around the target"},
    {"Right drag, middle drag, Shift + left drag", "Pan"},
    {"Mouse wheel", "Zoom"},
    {"Double-click", "Pick a triangle; the camera then orbits around it"},
    {"Arrow keys", "Orbit"},
    {"Shift + arrow keys", "Pan"},
    {"Page Up / Page Down, + / -", "Zoom"},
    {"F", "Frame the model"},
    {"1 / 2", "Chapter per-vertex lighting / per-pixel Blinn-Phong"},
    {"W", "Wireframe on/off"},
    {"G", "Ground grid on/off"},
    {"V", "Vsync on/off"},
    {"R", "Reload shaders from shaders/"},
    {"P", "Save a screenshot (partlab-screenshot-N.png in the working directory)"},
    {"L", "Lessons window (assets/lessons/, docs/lessons.md)"},
    {"Right, Page Down, Space / Left, Page Up", "With a lesson open: next / previous step"},
    {"F5 / Escape", "Presenter mode (only the scene and the caption) on / off"},
    {"H, F1", "This window"},
    {N_("Home"), N_("Welcome window: every view and every lesson")},
    {"Ctrl + Q", "Quit"},
};

}  // namespace

bool DrawHelpPanel(bool* open) {
  if (!*open) return false;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.5f,
                                 viewport->WorkPos.y + viewport->WorkSize.y * 0.5f),
                          ImGuiCond_FirstUseEver, ImVec2(0.5f, 0.5f));
  if (!ImGui::Begin("Help", open, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::End();
    return false;
  }
  ImGui::TextUnformatted("Partition Lab: spatial partitioning for collision detection.");
  ImGui::Separator();
  if (ImGui::BeginTable("controls", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupColumn("Control");
    ImGui::TableSetupColumn("Action");
    ImGui::TableHeadersRow();
    for (const auto& row : kControls) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(row[0]);
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(row[1]);
    }
    ImGui::EndTable();
  }
  ImGui::Separator();
  ImGui::TextDisabled("Flags: partlab --screenshot FILE.png --frames N --size WxH --model PATH");
  const bool welcome = ImGui::Button(_("Welcome window (Home)"));
  ImGui::End();
  return welcome;
}

}  // namespace partlab
