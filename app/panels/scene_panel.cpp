#include "app/panels/scene_panel.h"

#include <imgui.h>

#include <cfloat>

#include "app/i18n/translate.h"
#include "app/panels/clamped_widgets.h"
#include "app/panels/status_bar.h"
#include "app/view.h"

namespace partlab {

namespace {

// The model chooser and the path field: only for views that show the model (ViewEntry::uses_model);
// the Dynamics, Portals and Path finding views have scenes of their own.
void ModelChooser(ScenePanelState& state, const CurrentModel& model, SceneCommands& commands) {
  const char* current = model.loaded() ? model.mesh().name.c_str() : "(none)";
  if (ImGui::BeginCombo("Model", current)) {
    for (const KnownModel& known : KnownModels()) {
      if (!known.present) {
        ImGui::TextDisabled("%s (run scripts/fetch-models.sh)", known.name.c_str());
        continue;
      }
      if (ImGui::Selectable(known.name.c_str(), model.path() == known.path))
        commands.open_path = known.path;
    }
    ImGui::EndCombo();
  }
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Open").x - ImGui::GetStyle().FramePadding.x * 4);
  const bool entered =
      ImGui::InputTextWithHint("##path", "path/to/model.obj", state.path_input,
                               sizeof state.path_input, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((ImGui::Button("Open") || entered) && state.path_input[0] != '\0')
    commands.open_path = state.path_input;
}

// "Software rendering (llvmpipe): MSAA off, ...": the part before the colon as a collapsed line,
// the rest inside it.
void RendererNote(const std::string& note) {
  if (note.empty()) return;
  const size_t colon = note.find(": ");
  const std::string title = note.substr(0, colon);
  if (!ImGui::TreeNode(title.c_str())) return;
  DrawNoteLine(colon == std::string::npos ? note : note.substr(colon + 2));
  ImGui::TreePop();
}

void ModelSection(ScenePanelState& state, const CurrentModel& model, SceneCommands& commands) {
  if (RegisteredViews()[state.view_index].uses_model) ModelChooser(state, model, commands);
  RendererNote(state.renderer_note);
  // A load error (red, with a dismiss button) stays until dismissed or the next successful load;
  // a note (yellow: a clamped value, a fallback) until the next status.
  if (state.status_is_error)
    DrawErrorLine(state.status, "status");
  else
    DrawNoteLine(state.status);
  DrawNoticeLine(state.notice, "notice");
}

// Blinn-Phong's exponent: below 1 the highlight covers the whole lit side, above 1024 it vanishes.
constexpr ValueRange<float> kShininessRange{4.0f, 256.0f, "a broader highlight looks flat",
                                            "a sharper highlight is a single pixel"};

void LightingSection(ScenePanelState& state, MeshStyle& style, SceneCommands& commands) {
  ImGui::TextUnformatted("Lighting");
  for (int i = 0; i < kLightingModelCount; ++i)
    ImGui::RadioButton(kLightingModels[i].label, &style.lighting, i);
  ImGui::ColorEdit3("Material", &style.material.x, ImGuiColorEditFlags_NoInputs);
  ImGui::SameLine();
  ImGui::Checkbox("Wireframe (W)", &style.wireframe);
  if (style.lighting == LightingModelIndex("blinn_phong"))
    ClampedSliderFloat("Shininess", &style.shininess, kShininessRange, state.clamp_note, "%.0f",
                       ImGuiSliderFlags_Logarithmic);
  if (ImGui::Button("Reload shaders (R)")) commands.reload_shaders = true;
  ImGui::SameLine();
  if (ImGui::Button("Frame model (F)")) commands.frame_model = true;
}

// Switches the whole UI live (app/i18n/translate.h); settings.ini keeps the choice.
void LanguageChooser(ScenePanelState& state) {
  const Language current = CurrentLanguage();
  if (ImGui::BeginCombo(_("Language"), LanguageName(current))) {
    for (Language language : {Language::kEnglish, Language::kPortugueseBrazil})
      if (ImGui::Selectable(LanguageName(language), language == current) && language != current) {
        UseLanguage(language);
        state.language_chosen = true;
      }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", _("The language of every panel, notice and lesson caption; the "
                              "texts' quotes stay in Portuguese."));
}

}  // namespace

SceneCommands DrawScenePanel(ScenePanelState& state, const CurrentModel& model, MeshStyle& style,
                             View& view, bool* open) {
  SceneCommands commands;
  if (!*open) return commands;
  const float pad = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(
      ImVec2(ImGui::GetMainViewport()->WorkPos.x + pad, ImGui::GetMainViewport()->WorkPos.y + pad),
      ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(pad * 26, 0), ImGuiCond_FirstUseEver);
  // Never down over the view's status bar (Play and Step, bottom left, DrawViewStatusBar): a view
  // with many controls scrolls them instead. Below the panel's top margin, half a line of gap.
  const float tallest =
      ImGui::GetMainViewport()->WorkSize.y - pad * 1.5f - StatusBarReservedHeight();
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(FLT_MAX, tallest));
  if (ImGui::Begin("Scene", open)) {
    ModelSection(state, model, commands);
    ImGui::Separator();
    const auto& views = RegisteredViews();
    if (ImGui::BeginCombo("View", views[state.view_index].name)) {
      for (int i = 0; i < int(views.size()); ++i)
        if (ImGui::Selectable(views[i].name, i == state.view_index)) commands.switch_view = i;
      ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", views[state.view_index].description);
    view.UpdateGui();
    ImGui::Checkbox("Ground grid (G)", &state.show_grid);
    ImGui::Separator();
    LightingSection(state, style, commands);
    ImGui::Separator();
    LanguageChooser(state);
  }
  ImGui::End();
  return commands;
}

}  // namespace partlab
