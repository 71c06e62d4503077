#include "app/lessons/presenter_caption.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/lessons/lesson_text_colours.h"
#include "app/lessons/shown_language.h"
#include "app/ui_style.h"

namespace partlab {

namespace {

// The caption's text height as a share of the frame's: 1/30 (36 px at 1080 lines, 18 px at 540),
// about what slides use for body text, so the back of a classroom can read it.
constexpr float kCaptionPixelsPerFrameLine = 1.0f / 30.0f;
const ImVec4 kTitleColour(0.97f, 0.68f, 0.38f, 1.0f);  // the UI's warm accent, brighter

void WrappedColoured(const ImVec4& colour, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

}  // namespace

float DrawPresenterCaption(const Lesson& lesson, int step, const std::string& error,
                           float framebuffer_width, float framebuffer_height) {
  ImFont* font = PresenterFont();
  const float base = font ? kPresenterFontPixels : ImGui::GetFontSize();
  const float scale = std::max(framebuffer_height * kCaptionPixelsPerFrameLine / base, 0.25f);
  const float margin = framebuffer_height * 0.02f;
  ImGui::SetNextWindowPos(ImVec2(margin, framebuffer_height - margin), ImGuiCond_Always,
                          ImVec2(0.0f, 1.0f));
  // A fixed width and a height that follows the wrapped text.
  const float width = framebuffer_width - 2 * margin;
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, framebuffer_height));
  ImGui::SetNextWindowBgAlpha(0.82f);
  const ImGuiWindowFlags flags =
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
      ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing;
  if (font) ImGui::PushFont(font);
  // In front of the view's figures, should one ever reach down to it.
  ImGui::SetNextWindowFocus();
  ImGui::Begin("##presenter caption", nullptr, flags);
  const float top = ImGui::GetWindowPos().y;
  ImGui::SetWindowFontScale(scale);
  if (!error.empty()) WrappedColoured(kLessonErrorColour, error);
  if (step >= 0 && step < int(lesson.steps.size())) {
    const LessonStep& s = lesson.steps[step];
    const LessonLanguage language = ShownLessonLanguage();
    ImGui::SetWindowFontScale(scale * 1.2f);
    WrappedColoured(kTitleColour, std::to_string(step + 1) + "/" +
                                      std::to_string(lesson.steps.size()) + "  " +
                                      StepTitle(s, language));
    ImGui::SetWindowFontScale(scale);
    ImGui::TextWrapped("%s", StepCaption(s, language).c_str());
    ImGui::SetWindowFontScale(scale * 0.85f);
    if (!s.quote.empty()) WrappedColoured(kLessonQuoteColour, "\"" + s.quote + "\"");
    if (!s.section.empty()) WrappedColoured(kLessonSectionColour, StepSection(s, language));
  }
  ImGui::End();
  if (font) ImGui::PopFont();
  return top;
}

}  // namespace partlab
