// The Lessons window and the lesson keys (LessonSession's interactive side): choose a lesson, go
// back and forth with buttons or keys, see every step's title, read the caption large.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/i18n/translate.h"
#include "app/lessons/lesson_session.h"
#include "app/lessons/lesson_text_colours.h"
#include "app/lessons/presenter_caption.h"
#include "app/lessons/shown_language.h"
#include "app/panels/figure_area.h"
#include "app/ui_style.h"

namespace partlab {

namespace {

// The window's caption is larger than the panels' text, for a room watching a projector.
constexpr float kWindowCaptionScale = 1.35f;

bool AnyKeyPressed(std::initializer_list<int> keys) {
  for (int key : keys)
    if (ImGui::IsKeyPressed(key, false)) return true;
  return false;
}

}  // namespace

// L shows or hides the window. With a lesson open: next is Right, Page Down or Space; back is
// Left or Page Up; F5 toggles presenter mode and Escape leaves it.
// Ignored while a text field has the keyboard (the keys then edit the text).
void LessonSession::ReadKeys() {
  if (ImGui::GetIO().WantTextInput) return;
  if (AnyKeyPressed({GLFW_KEY_L})) ToggleWindow();
  if (!player_.has_lesson()) return;
  const int step = player_.step();
  const int count = int(player_.lesson().steps.size());
  if (AnyKeyPressed({GLFW_KEY_RIGHT, GLFW_KEY_PAGE_DOWN, GLFW_KEY_SPACE}) && step + 1 < count)
    pending_step_ = step + 1;
  if (AnyKeyPressed({GLFW_KEY_LEFT, GLFW_KEY_PAGE_UP}) && step > 0) pending_step_ = step - 1;
  if (AnyKeyPressed({GLFW_KEY_F5})) presenter_ = !presenter_;
  if (AnyKeyPressed({GLFW_KEY_ESCAPE})) presenter_ = false;
}

void LessonSession::DrawUi(LessonHost& host) {
  if (mode_ == Mode::kInteractive) ReadKeys();
  const glm::ivec2 size = host.FramebufferSize();
  const int w = size.x, h = size.y;
  if (presenter_ && player_.has_lesson()) {
    // The figures first, above the band the caption took last frame (it sizes itself to its
    // text, so its height is known once drawn; an export's picture waits for it to settle).
    const float caption_top = caption_top_ > 0.0f ? caption_top_ : float(h) * kFirstCaptionTop;
    if (!host.options().no_figures) {
      const FigureArea area = PresenterFigureArea(float(w), float(h), caption_top);
      host.view()->DrawFigures(area);
      DrawStepImage(&area);
    }
    caption_top_ =
        DrawPresenterCaption(player_.lesson(), player_.step(), error_, float(w), float(h));
    return;
  }
  if (window_open_) DrawWindow();
}

void LessonSession::DrawWindow() {
  // Bottom right, clear of the Scene (top left) and Stats (top right) windows.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x - 20, display.y - 50), ImGuiCond_FirstUseEver,
                          ImVec2(1, 1));
  ImGui::SetNextWindowSize(ImVec2(std::min(560.0f, display.x * 0.45f), display.y * 0.5f),
                           ImGuiCond_FirstUseEver);
  SetNextWindowBgAlphaForRenderer(0.92f);
  raise_.BeforeBegin();
  if (!ImGui::Begin(WindowTitle(_("Lessons"), "lessons"),  // untranslated: the window's ID
                    &window_open_)) {
    ImGui::End();
    return;
  }
  const std::string current = player_.has_lesson() ? player_.lesson().name : "";
  if (ImGui::BeginCombo(_("Lesson"), current.empty() ? _("(choose)") : current.c_str())) {
    for (const std::string& name : names_)
      if (ImGui::Selectable(name.c_str(), name == current)) pending_lesson_ = name;
    ImGui::EndCombo();
  }
  if (!error_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kLessonErrorColour);
    ImGui::TextWrapped("%s", error_.c_str());
    ImGui::PopStyleColor();
  }
  if (!player_.has_lesson()) {
    ImGui::TextDisabled("%s", _("No lesson open: choose one above (assets/lessons/)."));
    ImGui::End();
    return;
  }
  const Lesson& lesson = player_.lesson();
  const int step = player_.step();
  const int count = int(lesson.steps.size());
  const LessonLanguage language = ShownLessonLanguage();
  ImGui::TextWrapped("%s", LessonTitle(lesson, language).c_str());
  if (!lesson.source.empty()) ImGui::TextDisabled("%s", ShownLessonSource(lesson.source));
  ImGui::BeginDisabled(step <= 0);
  if (ImGui::Button(_("< Back"))) pending_step_ = step - 1;
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::Text(_("Step %d of %d"), step + 1, count);
  ImGui::SameLine();
  ImGui::BeginDisabled(step + 1 >= count);
  if (ImGui::Button(_("Next >"))) pending_step_ = step + 1;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button(_("Presenter (F5)"))) presenter_ = true;
  ImGui::Separator();
  if (step >= 0 && step < count) {
    const LessonStep& s = lesson.steps[step];
    ImGui::SetWindowFontScale(kWindowCaptionScale);
    ImGui::TextWrapped("%s", StepTitle(s, language).c_str());
    ImGui::TextWrapped("%s", StepCaption(s, language).c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, kLessonQuoteColour);
    if (!s.quote.empty()) ImGui::TextWrapped("\"%s\"", s.quote.c_str());
    ImGui::PopStyleColor();
    ImGui::SetWindowFontScale(1.0f);
    ImGui::PushStyleColor(ImGuiCol_Text, kLessonSectionColour);
    if (!s.section.empty()) ImGui::TextWrapped("%s", StepSection(s, language).c_str());
    ImGui::PopStyleColor();
    DrawStepImage(nullptr);
    // A lesson written in English only still plays; the note says why the text is English.
    if (language == LessonLanguage::kPortuguese && StepLacksPortuguese(s))
      ImGui::TextDisabled("%s", _("This step's file has no Portuguese text: shown in English."));
  }
  ImGui::Separator();
  for (int i = 0; i < count; ++i) {
    const std::string label = std::to_string(i + 1) + ". " + StepTitle(lesson.steps[i], language);
    ImGui::PushID(i);
    if (ImGui::Selectable(label.c_str(), i == step)) pending_step_ = i;
    ImGui::PopID();
  }
  // Wrapped: the keys' names are longer in Portuguese than the window is wide at 1280x720.
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", _("Right / Page Down: next, Left / Page Up: back, F5: presenter mode"));
  ImGui::PopTextWrapPos();
  ImGui::End();
}

// In presenter mode (`area`) as a figure, else inside the Lessons window.
void LessonSession::DrawStepImage(const FigureArea* area) {
  const int step = player_.step();
  if (step < 0 || step >= int(player_.lesson().steps.size())) return;
  const LessonStep& s = player_.lesson().steps[size_t(step)];
  const std::string error = area ? step_image_.DrawFigure(s, *area) : step_image_.DrawInWindow(s);
  if (error.empty() || error_ == error) return;
  error_ = error;
  std::fprintf(stderr, "partlab: %s\n", error.c_str());
  // An export or a video must not show a step without the chart its caption is about.
  if (mode_ != Mode::kInteractive) step_failed_ = true;
}

}  // namespace partlab
