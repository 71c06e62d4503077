// The Visibility view's BSP room (vis_room_bsp.h).
#include "app/views/visibility/vis_room_bsp.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "app/i18n/translate.h"
#include "app/panels/legend.h"
#include "app/panels/tooltip.h"
#include "app/views/visibility/vis_section_title.h"

namespace partlab {

namespace {

// A room polygon's label in the UI's language: the name MakeRoomScene marked N_, and a box's
// face after it ("pillar 2 +x", "pillar 2 top"; room_scene.cpp).
std::string ShownRoomLabel(const std::string& label) {
  const size_t space = label.rfind(' ');
  const std::string tail = space == std::string::npos ? "" : label.substr(space + 1);
  const bool side = tail.size() == 2 && (tail[0] == '+' || tail[0] == '-');
  if (tail != "top" && !side) return _(label.c_str());
  const std::string name = _(label.substr(0, space).c_str());
  return tail == "top" ? Formatted(_("%s top"), name.c_str()) : name + " " + tail;
}

}  // namespace

bool RoomBsp::RebuildIfStale(const Aabb& model_bounds) {
  if (book_example) heuristic = int(SplitterHeuristic::kFirst);  // the book's tree
  if (built_heuristic == heuristic && model_bounds.min == footprint.min &&
      model_bounds.max == footprint.max && built_book == book_example)
    return false;
  footprint = model_bounds;
  room = book_example ? BookRoom() : MakeRoomScene(model_bounds);
  bsp = PolygonBsp(room.polygons, SplitterHeuristic(heuristic));
  built_heuristic = heuristic;
  const bool switched = built_book != book_example;
  built_book = book_example;
  return switched;
}

// The walls of figure 3.3 as a room: in the example's own coordinates (the observer and frustum
// of figure 3.4 are given in them).
RoomScene RoomBsp::BookRoom() const {
  RoomScene r;
  r.polygons = book.walls;
  r.labels = {"wall 1", "wall 2", "wall 3", "wall 4",
              "wall 5", "wall 7", "wall 9", "wall 6 | 8 (cut by 5's plane)"};
  for (const auto& w : r.polygons)
    for (const glm::vec3& p : w) r.bounds.Grow(p);
  return r;
}

void RoomBsp::Compute(const glm::vec3& eye, const Frustum& frustum) {
  const auto start = std::chrono::steady_clock::now();
  if (subtree_culling) {
    bsp.BackToFrontCulled(eye, frustum, &order, &stats, &culled_nodes);
  } else {
    bsp.BackToFront(eye, &order);
    culled_nodes.assign(bsp.nodes().size(), 0);
    stats = {0, order.size()};
  }
  ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  position_of.assign(bsp.polygons().size(), -1);
  for (size_t i = 0; i < order.size(); ++i) position_of[order[i]] = int(i);
}

const std::vector<uint32_t>& RoomBsp::PaintOrder(bool observer, const glm::vec3& god_eye) {
  if (observer) return order;
  bsp.BackToFront(god_eye, &god_order);
  return god_order;
}

void RoomBsp::Draw(bool observer, const glm::vec3& god_eye, DebugDraw& draw) {
  // No ground grid here: with the depth test off its lines would be painted over the walls.
  const glm::vec3 light = glm::normalize(glm::vec3(0.4f, 0.8f, 0.45f));
  DrawPaintersOrder(draw, bsp, PaintOrder(observer, god_eye), position_of, order.size(), light);
}

std::string RoomBsp::BookOrder(const char* format) const {
  std::string drawn_walls, culled_walls;
  std::vector<int> drawn(10, 0);
  for (uint32_t p : order) {
    const int n = ChapterBookNumber(book, bsp, p);
    drawn_walls.push_back(' ');
    drawn_walls.push_back(char('0' + n));
    drawn[size_t(n)] = 1;
  }
  for (int n = 1; n <= 9; ++n)
    if (!drawn[size_t(n)]) culled_walls.push_back(' '), culled_walls.push_back(char('0' + n));
  return Formatted(format, drawn_walls.c_str(), culled_walls.c_str());
}

void RoomBsp::Print() const {
  if (book_example)
    std::printf("partlab: visibility book: %s\n", BookOrder(kBookOrderFormat).c_str());
  std::printf(
      "partlab: visibility room: %zu polygons (%zu input, %zu splits, depth %d, %s), %zu drawn "
      "back to front, %zu subtrees culled\n",
      bsp.stats().polygons, room.polygons.size(), bsp.stats().splits, bsp.stats().depth,
      SplitterHeuristicName(SplitterHeuristic(heuristic)), order.size(), stats.subtrees_culled);
}

void RoomBsp::Gui() {
  ImGui::Checkbox(_("The chapter's example (figures 3.3, 3.4)"), &book_example);
  Tip(_(
      "The corridor scene of section 3.2.3.3 rebuilt from its text: root wall 1, walls 2-4 on "
      "its left, 5-9 on its right, 5's plane cutting one wall into 6 and 8, and the observer O of "
      "figure 3.4. The numbers on the walls are the book's; the book's order is 3, 2, 4, 1, 6, 5, "
      "8, 7, 9, and with the frustum culling 1-4 and 9 are dropped while 5 is drawn although 7 "
      "hides it (\"a árvore BSP não fornece a solução ótima\")."));
  if (book_example) ImGui::TextWrapped("%s", BookOrder(_(kBookOrderFormat)).c_str());
  static constexpr const char* kHeuristics[] = {N_("First polygon"), N_("Least splits"),
                                                N_("Best balance")};
  const char* heuristics[kSplitterHeuristicCount];
  for (int h = 0; h < kSplitterHeuristicCount; ++h) heuristics[h] = _(kHeuristics[h]);
  ImGui::BeginDisabled(book_example);
  ImGui::Combo(_("Splitter"), &heuristic, heuristics, kSplitterHeuristicCount);
  ImGui::EndDisabled();
  Tip(_(
      "How each node's polygon is chosen. The chapter picks arbitrarily and notes that \"as "
      "melhores árvores [...] deverão ser esparsas\" (3.2.3.3): least splits makes the fewest new "
      "polygons, best balance the shallowest tree."));
  ImGui::Checkbox(_("Frustum culling of subtrees"), &subtree_culling);
  Tip(
      _("The chapter's second listing (3.2.3.3): when the frustum does not reach across a "
        "splitter's plane, the far half-space and the splitter are skipped."));
  ImGui::Checkbox(_("Order numbers"), &show_numbers);
  Tip(
      _("Write each polygon's drawing position on it: 1 is painted first (farthest), the last is "
        "nearest (3.2.3.3, \"de trás para frente\")."));
  const BspBuildStats& s = bsp.stats();
  ImGui::Text(_("%zu input polygons, %zu after %zu splits, depth %d"), room.polygons.size(),
              s.polygons, s.splits, s.depth);
  Tip(
      _("Straddling polygons are cut \"exatamente na linha de interseção\" with the splitter's "
        "plane (3.2.3.3)."));
  ImGui::Text(_("Drawn: %zu, subtrees culled: %zu, traversal %.3f ms"), order.size(),
              stats.subtrees_culled, ms);
  Tip(
      _("Polygons painted back to front with the depth test off (3.2.3.3: \"o teste de Z-buffer "
        "[é] totalmente dispensável\")."));
  SectionTitle(_("Tree (front / back)"));
  if (ImGui::BeginChild("bsp_tree", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 14), true)) {
    if (bsp.root() >= 0) TreeNodeGui(bsp.root(), _("root"), 0);
  }
  ImGui::EndChild();
}

void RoomBsp::TreeNodeGui(int32_t index, const char* side, int depth) const {
  if (index < 0) return;
  const PolygonBspNode& node = bsp.nodes()[index];
  const BspPolygon& poly = bsp.polygons()[node.polygon];
  const int pos = node.polygon < position_of.size() ? position_of[node.polygon] : -1;
  const std::string name = book_example
                               ? Formatted(_("wall %d"), ChapterBookNumber(book, bsp, node.polygon))
                               : ShownRoomLabel(room.labels[poly.source]);
  const std::string label =
      pos >= 0 ? Formatted(_("%s: %s  [drawn #%d]###n%d"), side, name.c_str(), pos + 1, index)
               : Formatted(_("%s: %s  [culled]###n%d"), side, name.c_str(), index);
  const bool leaf = node.front < 0 && node.back < 0;
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_SpanAvailWidth;
  if (leaf) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen;
  if (depth < 3) flags |= ImGuiTreeNodeFlags_DefaultOpen;
  const float last = float(std::max<size_t>(order.size(), 2) - 1);
  const Color c = pos >= 0 ? OrderRamp(float(pos) / last) : Color{0.6f, 0.6f, 0.6f, 1.0f};
  ImGui::PushStyleColor(ImGuiCol_Text,
                        ToImU32({glm::mix(glm::vec3(c), glm::vec3(1.0f), 0.5f), 1.0f}));
  const bool open = ImGui::TreeNodeEx(label.c_str(), flags);
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(_("Splitter: a piece of \"%s\" (%zu vertices).%s\nFront child first, then "
                        "back (3.2.3.3)."),
                      name.c_str(), poly.vertices.size(),
                      culled_nodes.size() > size_t(index) && culled_nodes[index]
                          ? _("\nIts far side was culled: the frustum does not cross its plane.")
                          : "");
  }
  if (leaf || !open) return;
  TreeNodeGui(node.front, _("front"), depth + 1);
  TreeNodeGui(node.back, _("back"), depth + 1);
  ImGui::TreePop();
}

}  // namespace partlab
