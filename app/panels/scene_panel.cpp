#include "app/panels/scene_panel.h"

#include <imgui.h>

#include <cfloat>
#include <iterator>

#include "app/i18n/translate.h"
#include "app/panels/clamped_widgets.h"
#include "app/panels/status_bar.h"
#include "app/view.h"

namespace partlab {

namespace {

// The model chooser and the path field: only for views that show the model (ViewEntry::uses_model);
// the Dynamics, Portals and Path finding views have scenes of their own.
void ModelChooser(ScenePanelState& state, const CurrentModel& model, SceneCommands& commands) {
  const char* current = model.loaded() ? model.mesh().name.c_str() : _("(none)");
  if (ImGui::BeginCombo(_("Model"), current)) {
    for (const KnownModel& known : KnownModels()) {
      if (!known.present) {
        ImGui::TextDisabled(_("%s (run scripts/fetch-models.sh)"), known.name.c_str());
        continue;
      }
      if (ImGui::Selectable(known.name.c_str(), model.path() == known.path))
        commands.open_path = known.path;
    }
    ImGui::EndCombo();
  }
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize(_("Open")).x - ImGui::GetStyle().FramePadding.x * 4);
  const bool entered =
      ImGui::InputTextWithHint("##path", _("path/to/model.obj"), state.path_input,
                               sizeof state.path_input, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((ImGui::Button(_("Open")) || entered) && state.path_input[0] != '\0')
    commands.open_path = state.path_input;
}

// "Software rendering (llvmpipe): MSAA off, ...": the part before the colon as a collapsed line,
// the rest inside it. One ID in either language, so the line stays open when the language changes.
void RendererNote(const std::string& note) {
  if (note.empty()) return;
  const size_t colon = note.find(": ");
  const std::string title = note.substr(0, colon);
  // untranslated: the line's ImGui ID
  if (!ImGui::TreeNode("renderer note", "%s", title.c_str())) return;
  DrawNoteLine(colon == std::string::npos ? note : note.substr(colon + 2));
  ImGui::TreePop();
}

void ModelSection(ScenePanelState& state, const CurrentModel& model, SceneCommands& commands) {
  if (RegisteredViews()[state.view_index].uses_model) ModelChooser(state, model, commands);
  RendererNote(state.renderer_note);
  // A load error (red, with a dismiss button) stays until dismissed or the next successful load;
  // a note (yellow: a clamped value, a fallback) until the next status.
  if (state.status_is_error)
    DrawErrorLine(state.status, "status");  // untranslated: an ImGui ID
  else
    DrawNoteLine(state.status);
  DrawNoticeLine(state.notice, "notice");  // untranslated: an ImGui ID
}

// Blinn-Phong's exponent: below 1 the highlight covers the whole lit side, above 1024 it vanishes.
constexpr ValueRange<float> kShininessRange{4.0f, 256.0f, N_("a broader highlight looks flat"),
                                            N_("a sharper highlight is a single pixel")};

// The lighting models' names as the panel shows them, in kLightingModels' order (app/render/
// holds no text for translation).
constexpr const char* kLightingLabels[] = {
    N_("Chapter 3.2.4: per-vertex (Phong, vertex shader)"),
    N_("Blinn-Phong, per-pixel"),
};
static_assert(std::size(kLightingLabels) == size_t(kLightingModelCount));

void LightingSection(ScenePanelState& state, MeshStyle& style, SceneCommands& commands) {
  ImGui::TextUnformatted(_("Lighting"));
  for (int i = 0; i < kLightingModelCount; ++i)
    ImGui::RadioButton(_(kLightingLabels[i]), &style.lighting, i);
  ImGui::ColorEdit3(_("Material"), &style.material.x, ImGuiColorEditFlags_NoInputs);
  ImGui::SameLine();
  ImGui::Checkbox(_("Wireframe (W)"), &style.wireframe);
  if (style.lighting == LightingModelIndex("blinn_phong"))
    ClampedSliderFloat(_("Shininess"), &style.shininess, kShininessRange, state.clamp_note, "%.0f",
                       ImGuiSliderFlags_Logarithmic);
  if (ImGui::Button(_("Reload shaders (R)"))) commands.reload_shaders = true;
  ImGui::SameLine();
  if (ImGui::Button(_("Frame model (F)"))) commands.frame_model = true;
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
  // untranslated: the window's ImGui ID
  if (ImGui::Begin(WindowTitle(_("Scene"), "scene"), open)) {
    ModelSection(state, model, commands);
    ImGui::Separator();
    const auto& views = RegisteredViews();
    // The views' names and descriptions are marked N_() in their RegisterView calls; settings.ini
    // and --view keep the English name.
    if (ImGui::BeginCombo(_("View"), _(views[state.view_index].name))) {
      for (int i = 0; i < int(views.size()); ++i) {
        ImGui::PushID(i);
        if (ImGui::Selectable(_(views[i].name), i == state.view_index)) commands.switch_view = i;
        ImGui::PopID();
      }
      ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", _(views[state.view_index].description));
    view.UpdateGui();
    ImGui::Checkbox(_("Ground grid (G)"), &state.show_grid);
    ImGui::Separator();
    LightingSection(state, style, commands);
    ImGui::Separator();
    LanguageChooser(state);
  }
  ImGui::End();
  return commands;
}

}  // namespace partlab
