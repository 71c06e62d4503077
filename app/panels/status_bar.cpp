#include "app/panels/status_bar.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/i18n/translate.h"
#include "app/panels/clamped_widgets.h"
#include "app/panels/tooltip.h"
#include "app/ui_style.h"
#include "app/view.h"

namespace partlab {

namespace {

void StepButtons(StepControl& stepping) {
  // One ID whichever it reads, so a click that turns Play into Pause stays on the same button.
  ImGui::PushID("play");
  if (ImGui::Button(stepping.playing() ? _("Pause") : _("Play"))) stepping.TogglePlay();
  ImGui::PopID();
  Tip(_("Run or stop the fixed-step loop (the chapter's main loop, section 3.2.2)."));
  ImGui::SameLine();
  ImGui::BeginDisabled(stepping.playing());
  if (ImGui::Button(_("Step"))) stepping.RequestSingleStep();
  ImGui::EndDisabled();
  Tip(_("While paused: advance exactly one fixed step."));
}

// Each notice on its own line with an "x" that dismisses it; the first dismissed ends the loop
// (the list changed under it).
void NoticeLines(Notices& notices) {
  for (size_t i = 0; i < notices.list().size(); ++i) {
    std::string text = notices.list()[i].text;
    const std::string id = "notice" + std::to_string(i);
    if (notices.list()[i].kind == Notice::Kind::kError)
      DrawErrorLine(text, id.c_str());
    else
      DrawNoticeLine(text, id.c_str());
    if (text.empty()) {
      notices.Dismiss(i);
      return;
    }
  }
}

}  // namespace

float StatusBarReservedHeight() {
  const ImGuiStyle& style = ImGui::GetStyle();
  return ImGui::GetFontSize() + ImGui::GetFrameHeight() + 2.0f * style.WindowPadding.y;
}

float StepControlsWidth() {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float play = std::max(ImGui::CalcTextSize(_("Pause")).x, ImGui::CalcTextSize(_("Play")).x);
  const float buttons =
      play + ImGui::CalcTextSize(_("Step")).x + 4.0f * style.FramePadding.x + style.ItemSpacing.x;
  return ImGui::GetFontSize() + 2.0f * style.WindowPadding.x + buttons + style.ItemSpacing.x;
}

void DrawViewStatusBar(View& view) {
  const bool controls = view.ShowsStepControls();
  if (!controls && view.notices().empty()) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float pad = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + pad, vp->WorkPos.y + vp->WorkSize.y - pad),
                          ImGuiCond_Always, ImVec2(0, 1));
  // A notice wraps at the window's edge, and an auto-resized window is as wide as its content:
  // without a minimum width a long line wrapped one letter per row. Notices get the full width.
  const float min_width = view.notices().empty() ? 0.0f : pad * 40;
  ImGui::SetNextWindowSizeConstraints(ImVec2(min_width, 0),
                                      ImVec2(pad * 40, vp->WorkSize.y * 0.5f));
  SetNextWindowBgAlphaForRenderer(0.85f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("##view status", nullptr, flags)) {
    if (controls) StepButtons(view.stepping());
    NoticeLines(view.notices());
  }
  ImGui::End();
}

}  // namespace partlab
