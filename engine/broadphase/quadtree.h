// The thesis's QT comparator (semi-adjusting-bsp.txt, 6.1): a complete, static quadtree on the XZ
// plane. "Cada quadrante representa um prisma ao longo da direção do eixo Y": Y plays no part in
// the structure, only in the exact test. Each box lives in exactly one node, the deepest whose
// square contains its XZ footprint (no redundancy), found in O(1) from the cell indices of its
// corners; a box can then only overlap boxes in its own node, its ancestors or its descendants.
//
// Cells are half-open ([x0, x1) via floor), so a box ending exactly on a cell border belongs to
// the node spanning both sides: two boxes in disjoint nodes are strictly apart, and touching pairs
// are never lost. Boxes outside the root square are clamped to the border cells, which keeps the
// node relation (clamping is monotone) and so keeps the result exact.
#pragma once

#include <vector>

#include "engine/broadphase/cell_tree_boxes.h"

namespace partlab {

struct QuadtreeParams {
  int depth = 8;  // levels below the root; 4^depth leaves (the thesis needed 11)
  static constexpr int kMinDepth = 1, kMaxDepth = 11;
};

// Where a box is filed: its node (NodeLists::kNone when absent) and that node's cell.
struct QuadtreePlacement {
  int32_t node = NodeLists::kNone;  // kNone: absent
  uint16_t level = 0, cx = 0, cz = 0;
};

class Quadtree final : public CellTreeBoxes<QuadtreePlacement> {
 public:
  // `name`: what the registry lists it as ("quadtree", or "quadtree_l11" at the thesis's level).
  explicit Quadtree(QuadtreeParams params = {}, std::string_view name = "quadtree");

  std::string_view Name() const override { return name_; }
  // Add, Remove, Move: CellTreeBoxes (cell_tree_boxes.h).
  void Update() override;
  void FindPairs(std::vector<BoxPair>& out) override;
  size_t MemoryBytes() const override;
  uint64_t LastCandidateCount() const override { return last_candidates_; }
  // The squares of the occupied nodes, drawn on the floor under the scene, coloured by depth.
  void DrawOverlay(DebugDraw& draw) const override;

  const QuadtreeParams& params() const { return params_; }
  void SetDepth(int depth);  // clamped; re-places every box at the next Update
  // Fixes the root square (x0, z0, side); by default it is fitted to the boxes at the first Update.
  void SetWorld(float x0, float z0, float side);

 private:
  using Placement = QuadtreePlacement;
  static uint32_t LevelOffset(int level) { return ((1u << (2 * level)) - 1) / 3; }
  uint32_t NodeIndex(int level, uint32_t cx, uint32_t cz) const {
    return LevelOffset(level) + cx + (cz << level);
  }
  uint32_t Cell(float v, float origin) const;
  Placement Place(const Aabb& box) const;
  void FitWorld();
  void PlaceAll();

  std::string_view name_;
  QuadtreeParams params_;
  float x0_ = 0, z0_ = 0, side_ = 1, inv_cell_ = 1;
  bool world_set_ = false, needs_replace_ = true;
  uint64_t last_candidates_ = 0;
};

}  // namespace partlab
