// The Visibility view's panel (the class is in visibility_view.h): the cameras, the technique,
// and each technique's controls and counts with their tooltips, the BSP as a tree.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <glm/common.hpp>
#include <glm/trigonometric.hpp>
#include <string>

#include "app/panels/legend.h"
#include "app/panels/tooltip.h"
#include "app/views/visibility/visibility_overlay.h"
#include "app/views/visibility/visibility_view.h"
#include "engine/visibility/chapter_bsp_example.h"

namespace partlab {

namespace {

// A heading line (this ImGui predates SeparatorText).
void SectionTitle(const char* text) {
  ImGui::Spacing();
  ImGui::TextColored(ImVec4(0.95f, 0.80f, 0.45f, 1.0f), "%s", text);
  ImGui::Separator();
}

constexpr const char* kModeNames[] = {"Backface culling (3.2.3.1)",
                                      "Octree frustum culling (3.2.3.2)", "BSP room (3.2.3.3)"};

}  // namespace

void VisibilityView::UpdateGui() {
  CameraGui();
  ModeGui();
  switch (mode_) {
    case Mode::kBackface:
      BackfaceGui();
      break;
    case Mode::kFrustum:
      FrustumGui();
      break;
    case Mode::kRoom:
      RoomGui();
      break;
  }
}

void VisibilityView::CameraGui() {
  SectionTitle("Cameras");
  int display = int(display_);
  ImGui::RadioButton("God view", &display, int(Display::kGod));
  Tip("Watch the observer from outside: its view frustum is drawn (section 3.2.3.2, \"view "
      "frustum\"), so what culling keeps and drops can be seen. The mouse moves the god view.");
  ImGui::SameLine();
  ImGui::RadioButton("Observer", &display, int(Display::kObserver));
  Tip("See through the observer's eye (the chapter's O in figure 3.3): culling must not change "
      "this picture. The mouse moves the observer.");
  ImGui::SameLine();
  ImGui::RadioButton("Side by side", &display, int(Display::kSplit));
  Tip("Split viewport: the god view on the left, the observer's picture on the right.");
  display_ = Display(display);
  if (display_ == Display::kSplit) {
    int driven = int(driven_);
    ImGui::RadioButton("Mouse moves god view", &driven, int(Driven::kGod));
    Tip("Drag in either half to orbit the god view.");
    ImGui::SameLine();
    ImGui::RadioButton("Mouse moves observer", &driven, int(Driven::kObserver));
    Tip("Drag to orbit the observer around its target; watch its frustum move on the left.");
    driven_ = Driven(driven);
  }
  bool animate = stepping().playing();
  if (ImGui::Checkbox("Animate observer", &animate))
    animate ? stepping().Play() : stepping().Pause();
  Tip("Turn the observer slowly around its target, so culling results change every frame.");
  ImGui::SameLine();
  ImGui::Checkbox("Ground grid", &show_grid_);
  Tip("The floor grid under the scene (this view draws its own grid in each viewport).");
  ImGui::SliderFloat("Far plane", &far_scale_, 0.2f, 6.0f, "%.2f x radius");
  Tip("Where the observer's far plane lies, past the scene's centre in scene radii. The chapter: "
      "\"levando em consideração o far plane da câmera este volume é de tamanho finito\" "
      "(3.2.3.3).");
  float fov = glm::degrees(observer_.fov_y);
  if (ImGui::SliderFloat("Observer FOV", &fov, 15.0f, 90.0f, "%.0f deg"))
    observer_.fov_y = glm::radians(fov);
  Tip("The observer's vertical field of view: a wider frustum accepts more cells (3.2.3.2).");
  if (ImGui::Button("Reset cameras")) cameras_placed_ = false;
  Tip("Put the observer and the god view back where they start.");
}

void VisibilityView::ModeGui() {
  SectionTitle("Technique");
  int mode = int(mode_);
  for (int m = 0; m < 3; ++m) {
    ImGui::RadioButton(kModeNames[m], &mode, m);
    static constexpr const char* kTips[] = {
        "3.2.3.1: faces whose normal makes more than 90 degrees with the vector from a vertex "
        "to the observer are discarded in the application stage, before the geometry stage.",
        "3.2.3.2 and 3.2.3.3: the octree's cells as a hierarchy of bounding volumes; a cell "
        "outside the frustum is skipped whole, one inside is accepted whole without testing its "
        "children, one that intersects is opened.",
        "3.2.3.3: a polygon-aligned BSP over a small room, drawn back to front for the observer "
        "(painter's algorithm, Z-buffer off), with the far side of each splitter culled when "
        "the frustum does not reach it."};
    Tip(kTips[m]);
  }
  mode_ = Mode(mode);
}

void VisibilityView::BackfaceGui() {
  SectionTitle("Backface culling (3.2.3.1)");
  ImGui::Checkbox("Cull backfaces", &backface_culling_);
  Tip("Send only the faces turned towards the observer: \"Se o ângulo formado entre este vetor e "
      "a normal do polígono for maior do que 90 graus, então este polígono simplesmente é "
      "ignorado\" (3.2.3.1). The god view shows the holes.");
  ImGui::Checkbox("Tint culled faces in the god view", &tint_culled_);
  Tip("Show the discarded faces as faint red in the god view (3.2.3.1; models up to 100,000 "
      "triangles).");
  const size_t total = backface_.size();
  ImGui::Text("Culled on the CPU: %zu of %zu triangles (%.1f%%)", backface_count_, total,
              total ? 100.0 * double(backface_count_) / double(total) : 0.0);
  Tip("Counted by the chapter's application-stage test: dot(normal, observer - vertex) < 0, i.e. "
      "an angle above 90 degrees (3.2.3.1).");
  ImGui::Checkbox("Geometry stage: projected sign", &geometry_stage_);
  Tip("Cull by the geometry stage's test instead: \"ao realizar a projeção dos polígonos com a "
      "matriz de projeção de câmera, a normal dos polígonos possuirá apenas duas direções "
      "possíveis [...] um teste de sinal\" (3.2.3.1): the sign of the projected triangle's "
      "area.");
  ImGui::Text("Geometry stage (projected sign): %zu culled; differ from the angle test: %zu",
              backface_projected_count_, backface_disagree_);
  Tip("The two tests answer the same question; they may differ only on triangles seen edge-on, "
      "where rounding picks the side. The application stage saves the geometry stage the work.");
  const size_t culled = geometry_stage_ ? backface_projected_count_ : backface_count_;
  ImGui::Text("Sent to the pipeline: %zu triangles, test took %.3f ms",
              backface_culling_ ? total - culled : total, backface_ms_);
  Tip("A closed model seen from outside loses about half its faces (3.2.3.1).");
}

void VisibilityView::FrustumGui() {
  SectionTitle("Hierarchical frustum culling (3.2.3.2)");
  ImGui::Checkbox("Cull with the octree", &cull_enabled_);
  Tip("Off: every triangle goes to the rasterizer. On: only those in cells not outside the "
      "observer's frustum (3.2.3.2).");
  ImGui::Checkbox("Ghost culled triangles", &ghost_culled_);
  Tip("Draw what was culled faintly in the god view, to see it is all outside the frustum (models "
      "up to 100,000 triangles).");
  ImGui::Checkbox("Show outside cells", &cell_options_.show_outside);
  Tip("The cells skipped whole (red): \"outside\" in section 3.2.3.2's terms.");
  ImGui::SameLine();
  ImGui::Checkbox("Deepest only", &cell_options_.leaves_only);
  Tip("Only the deepest cell tested on each path: less clutter on big trees.");
  const double pct = cull_.triangles_total
                         ? 100.0 * double(cull_.triangles_accepted) / double(cull_.triangles_total)
                         : 0.0;
  ImGui::Text("Triangles drawn: %zu of %zu (%.1f%%)",
              cull_enabled_ ? cull_.triangles_accepted : cull_.triangles_total,
              cull_.triangles_total, cull_enabled_ ? pct : 100.0);
  Tip("Distinct triangles referenced by the accepted cells (3.2.3.2): a leaf-reference octree "
      "shares a triangle between cells, and it is counted once.");
  ImGui::Text("Culling time: %.3f ms, %zu cell tests of %zu cells", cull_.seconds * 1e3,
              cull_.cells_tested, octree_.nodes().size());
  Tip("Wall time of the hierarchical pass on the CPU; inside cells save every test below them "
      "(3.2.3.2).");
  ImGui::Text("Cells: %zu outside, %zu inside, %zu intersecting", cull_.cells_outside,
              cull_.cells_inside, cull_.cells_intersecting);
  Tip("Outside: skipped; inside: accepted whole, children untested; intersecting: opened, and its "
      "triangles keep clipping on (3.2.3.2).");
  ImGui::TextDisabled("Octree: %zu cells, depth %d, built in %.1f ms", octree_.nodes().size(),
                      octree_.stats().depth_reached, octree_build_ms_);
}

void VisibilityView::RoomGui() {
  SectionTitle("Polygon-aligned BSP (3.2.3.3)");
  ImGui::Checkbox("The chapter's example (figures 3.3, 3.4)", &book_example_);
  Tip("The corridor scene of section 3.2.3.3 rebuilt from its text: root wall 1, walls 2-4 on "
      "its left, 5-9 on its right, 5's plane cutting one wall into 6 and 8, and the observer O of "
      "figure 3.4. The numbers on the walls are the book's; the book's order is 3, 2, 4, 1, 6, 5, "
      "8, 7, 9, and with the frustum culling 1-4 and 9 are dropped while 5 is drawn although 7 "
      "hides it (\"a árvore BSP não fornece a solução ótima\").");
  if (book_example_) ImGui::TextWrapped("%s", BookOrder().c_str());
  static constexpr const char* kHeuristics[] = {"First polygon", "Least splits", "Best balance"};
  ImGui::BeginDisabled(book_example_);
  ImGui::Combo("Splitter", &heuristic_, kHeuristics, kSplitterHeuristicCount);
  ImGui::EndDisabled();
  Tip("How each node's polygon is chosen. The chapter picks arbitrarily and notes that \"as "
      "melhores árvores [...] deverão ser esparsas\" (3.2.3.3): least splits makes the fewest new "
      "polygons, best balance the shallowest tree.");
  ImGui::Checkbox("Frustum culling of subtrees", &subtree_culling_);
  Tip("The chapter's second listing (3.2.3.3): when the frustum does not reach across a "
      "splitter's plane, the far half-space and the splitter are skipped.");
  ImGui::Checkbox("Order numbers", &show_numbers_);
  Tip("Write each polygon's drawing position on it: 1 is painted first (farthest), the last is "
      "nearest (3.2.3.3, \"de trás para frente\").");
  const BspBuildStats& s = bsp_.stats();
  ImGui::Text("%zu input polygons, %zu after %zu splits, depth %d", room_.polygons.size(),
              s.polygons, s.splits, s.depth);
  Tip("Straddling polygons are cut \"exatamente na linha de interseção\" with the splitter's "
      "plane (3.2.3.3).");
  ImGui::Text("Drawn: %zu, subtrees culled: %zu, traversal %.3f ms", order_.size(),
              bsp_stats_.subtrees_culled, bsp_ms_);
  Tip("Polygons painted back to front with the depth test off (3.2.3.3: \"o teste de Z-buffer "
      "[é] totalmente dispensável\").");
  SectionTitle("Tree (front / back)");
  if (ImGui::BeginChild("bsp_tree", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 14), true)) {
    if (bsp_.root() >= 0) TreeNodeGui(bsp_.root(), "root", 0);
  }
  ImGui::EndChild();
}

void VisibilityView::TreeNodeGui(int32_t index, const char* side, int depth) {
  if (index < 0) return;
  const PolygonBspNode& node = bsp_.nodes()[index];
  const BspPolygon& poly = bsp_.polygons()[node.polygon];
  const int pos = node.polygon < position_of_.size() ? position_of_[node.polygon] : -1;
  char label[160];
  char book_name[16];
  std::snprintf(book_name, sizeof book_name, "wall %d",
                book_example_ ? ChapterBookNumber(book_, bsp_, node.polygon) : 0);
  const std::string& name = book_example_ ? std::string(book_name) : room_.labels[poly.source];
  if (pos >= 0) {
    std::snprintf(label, sizeof label, "%s: %s  [drawn #%d]###n%d", side, name.c_str(), pos + 1,
                  index);
  } else {
    std::snprintf(label, sizeof label, "%s: %s  [culled]###n%d", side, name.c_str(), index);
  }
  const bool leaf = node.front < 0 && node.back < 0;
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_SpanAvailWidth;
  if (leaf) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen;
  if (depth < 3) flags |= ImGuiTreeNodeFlags_DefaultOpen;
  const float last = float(std::max<size_t>(order_.size(), 2) - 1);
  const Color c = pos >= 0 ? OrderRamp(float(pos) / last) : Color{0.6f, 0.6f, 0.6f, 1.0f};
  ImGui::PushStyleColor(ImGuiCol_Text,
                        ToImU32({glm::mix(glm::vec3(c), glm::vec3(1.0f), 0.5f), 1.0f}));
  const bool open = ImGui::TreeNodeEx(label, flags);
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Splitter: a piece of \"%s\" (%zu vertices).%s\nFront child first, then "
        "back (3.2.3.3).",
        name.c_str(), poly.vertices.size(),
        culled_nodes_.size() > size_t(index) && culled_nodes_[index]
            ? "\nIts far side was culled: the frustum does not cross its plane."
            : "");
  }
  if (leaf || !open) return;
  TreeNodeGui(node.front, "front", depth + 1);
  TreeNodeGui(node.back, "back", depth + 1);
  ImGui::TreePop();
}

}  // namespace partlab
