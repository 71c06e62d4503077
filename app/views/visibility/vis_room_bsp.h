// The Visibility view's BSP room (Feijó, Pagliosa & Clua, 3.2.3.3): the polygon-aligned BSP over a
// small room (or the chapter's own example of figures 3.3 and 3.4), painted back to front for the
// observer with the depth test off, the far side of each splitter culled when the frustum does not
// reach it; the drawing order, its panel section with the tree, and the summary line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/views/visibility/visibility_overlay.h"
#include "engine/text/translatable.h"
#include "engine/visibility/chapter_bsp_example.h"
#include "engine/visibility/room_scene.h"

namespace partlab {

struct RoomBsp {
  int heuristic = int(SplitterHeuristic::kFirst);  // the chapter's "arbitrariamente"
  int built_heuristic = -1;
  // The chapter's own example (figures 3.3 and 3.4) instead of the testbed's room.
  bool book_example = false;
  bool built_book = false;
  ChapterBspExample book = MakeChapterBspExample();
  Aabb footprint;  // the model's bounds the room was scaled to
  RoomScene room;
  PolygonBsp bsp;
  bool subtree_culling = true;
  bool show_numbers = true;
  std::vector<uint32_t> order;      // the observer's back-to-front order
  std::vector<uint32_t> god_order;  // the god view's, to paint its own picture
  std::vector<uint8_t> culled_nodes;
  std::vector<int> position_of;  // polygon -> drawing position (-1: culled)
  BspCullStats stats;
  double ms = 0.0;

  // The room (and its tree) rebuilt when the footprint, the splitter or the example changed; true
  // when the example was switched (the cameras are placed anew).
  bool RebuildIfStale(const Aabb& model_bounds);
  // The observer's back-to-front order, culled by `frustum` (when subtree culling is on).
  void Compute(const glm::vec3& eye, const Frustum& frustum);
  // The observer's picture is painted in the observer's order, which is the point. The god view
  // is painted in its own back-to-front order (the same tree, traversed for the god's eye) so that
  // it looks right from there too, but coloured by the observer's order.
  const std::vector<uint32_t>& PaintOrder(bool observer, const glm::vec3& god_eye);
  void Draw(bool observer, const glm::vec3& god_eye, DebugDraw& draw);
  // The wall's number: the book's in its example, else the drawing position + 1.
  int Number(uint32_t polygon, int position) const {
    return book_example ? ChapterBookNumber(book, bsp, polygon) : position + 1;
  }
  // The observer's order in the book's numbers, then the culled ones, put in `format` (two %s:
  // kBookOrderFormat, or its translation for the panel).
  static constexpr const char* kBookOrderFormat = N_("drawing order%s; culled%s");
  std::string BookOrder(const char* format) const;
  void Gui();
  void Print() const;

 private:
  RoomScene BookRoom() const;
  void TreeNodeGui(int32_t node, const char* side, int depth) const;
};

}  // namespace partlab
