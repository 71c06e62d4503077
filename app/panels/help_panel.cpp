#include "app/panels/help_panel.h"

#include <imgui.h>

#include "app/i18n/translate.h"

namespace partlab {

namespace {

// One row per control; the same bindings as app/camera_input.cpp. Key names that are the key's
// own label (F, Ctrl + Q) are not marked.
constexpr const char* kControls[][2] = {
    {N_("Left drag"), N_("Orbit around the target")},
    {N_("Right drag, middle drag, Shift + left drag"), N_("Pan")},
    {N_("Mouse wheel"), N_("Zoom")},
    {N_("Double-click"), N_("Pick a triangle; the camera then orbits around it")},
    {N_("Arrow keys"), N_("Orbit")},
    {N_("Shift + arrow keys"), N_("Pan")},
    {"Page Up / Page Down, + / -", N_("Zoom")},
    {"F", N_("Frame the model")},
    {"1 / 2", N_("Chapter per-vertex lighting / per-pixel Blinn-Phong")},
    {"W", N_("Wireframe on/off")},
    {"G", N_("Ground grid on/off")},
    {"V", N_("Vsync on/off")},
    {"R", N_("Reload shaders from shaders/")},
    {"P", N_("Save a screenshot (partlab-screenshot-N.png in the working directory)")},
    {"L", N_("Lessons window (assets/lessons/, docs/lessons.md)")},
    {N_("Right, Page Down, Space / Left, Page Up"), N_("With a lesson open: next / previous step")},
    {"F5 / Escape", N_("Presenter mode (only the scene and the caption) on / off")},
    {"H, F1", N_("This window")},
    {N_("Home"), N_("Welcome window: every view and every lesson")},
    {"Ctrl + Q", N_("Quit")},
};

}  // namespace

bool DrawHelpPanel(bool* open) {
  if (!*open) return false;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.5f,
                                 viewport->WorkPos.y + viewport->WorkSize.y * 0.5f),
                          ImGuiCond_FirstUseEver, ImVec2(0.5f, 0.5f));
  // untranslated: the window's ImGui ID
  if (!ImGui::Begin(WindowTitle(_("Help"), "help"), open, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::End();
    return false;
  }
  ImGui::TextUnformatted(_("Partition Lab: spatial partitioning for collision detection."));
  ImGui::Separator();
  if (ImGui::BeginTable("controls", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupColumn(_("Control"));
    ImGui::TableSetupColumn(_("Action"));
    ImGui::TableHeadersRow();
    for (const auto& row : kControls) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(_(row[0]));
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(_(row[1]));
    }
    ImGui::EndTable();
  }
  ImGui::Separator();
  ImGui::TextDisabled("%s",
                      _("Flags: partlab --screenshot FILE.png --frames N --size WxH --model PATH"));
  const bool welcome = ImGui::Button(_("Welcome window (Home)"));
  ImGui::End();
  return welcome;
}

}  // namespace partlab
