// The Visibility view's panel (the class is in visibility_view.h): the cameras, the technique,
// and the shown technique's section (its controls and counts are the technique's own:
// vis_backface.h, vis_frustum_culling.h, vis_room_bsp.h).
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <glm/common.hpp>
#include <glm/trigonometric.hpp>
#include <string>

#include "app/i18n/translate.h"
#include "app/panels/legend.h"
#include "app/panels/tooltip.h"
#include "app/views/visibility/vis_section_title.h"
#include "app/views/visibility/visibility_view.h"

namespace partlab {

namespace {

constexpr const char* kModeNames[] = {N_("Backface culling (3.2.3.1)"),
                                      N_("Octree frustum culling (3.2.3.2)"),
                                      N_("BSP room (3.2.3.3)")};

}  // namespace

void VisibilityView::UpdateGui() {
  CameraGui();
  ModeGui();
  switch (mode_) {
    case Mode::kBackface:
      SectionTitle(_("Backface culling (3.2.3.1)"));
      backface_.Gui();
      break;
    case Mode::kFrustum:
      SectionTitle(_("Hierarchical frustum culling (3.2.3.2)"));
      frustum_culling_.Gui();
      break;
    case Mode::kRoom:
      SectionTitle(_("Polygon-aligned BSP (3.2.3.3)"));
      room_bsp_.Gui();
      break;
  }
}

void VisibilityView::CameraGui() {
  SectionTitle(_("Cameras"));
  int display = int(display_);
  ImGui::RadioButton(_("God view"), &display, int(Display::kGod));
  Tip(
      _("Watch the observer from outside: its view frustum is drawn (section 3.2.3.2, \"view "
        "frustum\"), so what culling keeps and drops can be seen. The mouse moves the god view."));
  ImGui::SameLine();
  ImGui::RadioButton(_("Observer"), &display, int(Display::kObserver));
  Tip(
      _("See through the observer's eye (the chapter's O in figure 3.3): culling must not change "
        "this picture. The mouse moves the observer."));
  ImGui::SameLine();
  ImGui::RadioButton(_("Side by side"), &display, int(Display::kSplit));
  Tip(_("Split viewport: the god view on the left, the observer's picture on the right."));
  display_ = Display(display);
  if (display_ == Display::kSplit) {
    int driven = int(driven_);
    ImGui::TextUnformatted(_("Mouse moves"));
    ImGui::SameLine();
    ImGui::RadioButton(_("god view"), &driven, int(Driven::kGod));
    Tip(_("Drag in either half to orbit the god view."));
    ImGui::SameLine();
    ImGui::RadioButton(_("observer"), &driven, int(Driven::kObserver));
    Tip(_("Drag to orbit the observer around its target; watch its frustum move on the left."));
    driven_ = Driven(driven);
  }
  bool animate = stepping().playing();
  if (ImGui::Checkbox(_("Animate observer"), &animate))
    animate ? stepping().Play() : stepping().Pause();
  Tip(_("Turn the observer slowly around its target, so culling results change every frame."));
  ImGui::SameLine();
  ImGui::Checkbox(_("Ground grid"), &show_grid_);
  Tip(_("The floor grid under the scene (this view draws its own grid in each viewport)."));
  ImGui::SliderFloat(_("Far plane"), &far_scale_, 0.2f, 6.0f, _("%.2f x radius"));
  Tip(
      _("Where the observer's far plane lies, past the scene's centre in scene radii. The chapter: "
        "\"levando em consideração o far plane da câmera este volume é de tamanho finito\" "
        "(3.2.3.3)."));
  float fov = glm::degrees(observer_.fov_y);
  if (ImGui::SliderFloat(_("Observer FOV"), &fov, 15.0f, 90.0f, _("%.0f deg")))
    observer_.fov_y = glm::radians(fov);
  Tip(_("The observer's vertical field of view: a wider frustum accepts more cells (3.2.3.2)."));
  if (ImGui::Button(_("Reset cameras"))) cameras_placed_ = false;
  Tip(_("Put the observer and the god view back where they start."));
}

void VisibilityView::ModeGui() {
  SectionTitle(_("Technique"));
  int mode = int(mode_);
  for (int m = 0; m < 3; ++m) {
    ImGui::RadioButton(_(kModeNames[m]), &mode, m);
    static constexpr const char* kTips[] = {
        N_("3.2.3.1: faces whose normal makes more than 90 degrees with the vector from a vertex "
           "to the observer are discarded in the application stage, before the geometry stage."),
        N_("3.2.3.2 and 3.2.3.3: the octree's cells as a hierarchy of bounding volumes; a cell "
           "outside the frustum is skipped whole, one inside is accepted whole without testing its "
           "children, one that intersects is opened."),
        N_("3.2.3.3: a polygon-aligned BSP over a small room, drawn back to front for the observer "
           "(painter's algorithm, Z-buffer off), with the far side of each splitter culled when "
           "the frustum does not reach it.")};
    Tip(_(kTips[m]));
  }
  mode_ = Mode(mode);
}

}  // namespace partlab
