// The thesis's LO comparator (semi-adjusting-bsp.txt, 6.1): Thatcher's loose octree (Game
// Programming Gems, 2000), "adaptado para utilizar AABBs ao invés de envelopes esféricos" with the
// looseness settable.
//
// A node's loose cell is its tight cell grown by (k - 1) / 2 of its edge on every side (k = the
// looseness; Thatcher's k = 2 doubles the edge). A box goes to the deepest node whose tight cell
// holds the box's centre and whose loose cell contains the whole box: a moving box changes node
// only when its centre crosses a cell border, never for straddling one. The price, as the thesis
// notes, is that loose cells overlap: a box must be tested against the boxes of every node, at its
// own level and above, whose loose cell it overlaps -- not just its ancestors.
//
// The tree is complete down to max_depth and stored level by level in flat arrays. Boxes that no
// loose cell contains (outside the fitted world) wait in an overflow list tested against all.
#pragma once

#include <vector>

#include "engine/broadphase/cell_tree_boxes.h"

namespace partlab {

struct LooseOctreeParams {
  float looseness = 2.0f;  // k: loose edge / tight edge (Thatcher's 2)
  int max_depth = 5;       // levels below the root; 8^max_depth leaves
  static constexpr float kMinLooseness = 1.0f, kMaxLooseness = 4.0f;
  static constexpr int kMinDepth = 1, kMaxDepth = 7;
};

// Where a box is filed: its node (NodeLists::kNone when absent) and that node's cell.
struct LooseOctreePlacement {
  int32_t node = NodeLists::kNone;  // kNone: absent
  int8_t level = 0;                 // kOverflow for the overflow list
  uint16_t cx = 0, cy = 0, cz = 0;
};

class LooseOctree final : public CellTreeBoxes<LooseOctreePlacement> {
 public:
  explicit LooseOctree(LooseOctreeParams params = {});

  std::string_view Name() const override { return "loose_octree"; }
  // Add, Remove, Move: CellTreeBoxes (cell_tree_boxes.h).
  void Update() override;
  void FindPairs(std::vector<BoxPair>& out) override;
  size_t MemoryBytes() const override;
  uint64_t LastCandidateCount() const override { return last_candidates_; }
  // Tight (solid colour) and loose (faint) cells of every occupied node.
  void DrawOverlay(DebugDraw& draw) const override;

  const LooseOctreeParams& params() const { return params_; }
  void SetLooseness(float k);   // clamped to [1, 4]; re-places every box at the next Update
  void SetMaxDepth(int depth);  // clamped to [1, 7]; likewise
  // Fixes the root cube; by default it is fitted to the boxes at the first Update (and refitted
  // when too many boxes end up in the overflow list).
  void SetWorld(const glm::vec3& origin, float side);
  size_t overflow_count() const { return overflow_count_; }

 private:
  using Placement = LooseOctreePlacement;
  static constexpr int kOverflow = -1;
  static uint32_t LevelOffset(int level) { return ((1u << (3 * level)) - 1) / 7; }
  uint32_t NodeIndex(int level, uint32_t x, uint32_t y, uint32_t z) const {
    return LevelOffset(level) + x + (y << level) + (z << (2 * level));
  }
  float TightEdge(int level) const { return side_ / float(1u << level); }
  Aabb TightCell(int level, uint32_t x, uint32_t y, uint32_t z) const;
  Aabb LooseCell(int level, uint32_t x, uint32_t y, uint32_t z) const;
  Placement Place(const Aabb& box) const;
  void FitWorld();
  void PlaceAll();
  void Relink(BoxId id, const Placement& want);

  LooseOctreeParams params_;
  glm::vec3 origin_{0};
  float side_ = 1;
  bool world_set_ = false, fitted_ = false, needs_replace_ = true;
  // lists_ (CellTreeBoxes) holds nodes 0..N-1, plus node N = the overflow list.
  std::vector<uint32_t> level_population_;  // boxes per level, to skip empty levels
  size_t overflow_count_ = 0;
  uint64_t last_candidates_ = 0;
};

}  // namespace partlab
