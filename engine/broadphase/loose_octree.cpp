#include "engine/broadphase/loose_octree.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/debug_draw.h"

namespace partlab {

LooseOctree::LooseOctree(LooseOctreeParams params) {
  SetLooseness(params.looseness);
  SetMaxDepth(params.max_depth);
}

void LooseOctree::SetLooseness(float k) {
  params_.looseness = std::isfinite(k) ? std::clamp(k, LooseOctreeParams::kMinLooseness,
                                                    LooseOctreeParams::kMaxLooseness)
                                       : 2.0f;
  needs_replace_ = true;
}

void LooseOctree::SetMaxDepth(int depth) {
  params_.max_depth = std::clamp(depth, LooseOctreeParams::kMinDepth, LooseOctreeParams::kMaxDepth);
  needs_replace_ = true;
}

void LooseOctree::SetWorld(const glm::vec3& origin, float side) {
  origin_ = origin;
  side_ = std::max(side, 1e-6f);
  world_set_ = fitted_ = true;
  needs_replace_ = true;
}

Aabb LooseOctree::TightCell(int level, uint32_t x, uint32_t y, uint32_t z) const {
  const float e = TightEdge(level);
  const glm::vec3 lo = origin_ + glm::vec3(float(x), float(y), float(z)) * e;
  return {lo, lo + glm::vec3(e)};
}

Aabb LooseOctree::LooseCell(int level, uint32_t x, uint32_t y, uint32_t z) const {
  const Aabb t = TightCell(level, x, y, z);
  const float margin = (params_.looseness - 1.0f) * 0.5f * TightEdge(level);
  return {t.min - glm::vec3(margin), t.max + glm::vec3(margin)};
}

// Deepest level first at which a loose cell can be as large as the box, then up until the loose
// cell of the node holding the centre contains the box.
LooseOctree::Placement LooseOctree::Place(const Aabb& box) const {
  const glm::vec3 ext = box.Extent();
  const float largest = std::max({ext.x, ext.y, ext.z});
  int level = params_.max_depth;
  while (level > 0 && params_.looseness * TightEdge(level) < largest) --level;
  const glm::vec3 c = (box.Center() - origin_) / side_;
  for (; level >= 0; --level) {
    const float cells = float(1u << level);
    glm::vec3 g = glm::clamp(glm::floor(c * cells), glm::vec3(0), glm::vec3(cells - 1));
    // Near +-3e38 the centre overflows and c is NaN, which clamp lets through and the conversion
    // below would turn into undefined behaviour (found by fuzzing): such a box starts at cell 0.
    for (int a = 0; a < 3; ++a) g[a] = g[a] >= 0.0f ? g[a] : 0.0f;
    const uint32_t x = uint32_t(g.x), y = uint32_t(g.y), z = uint32_t(g.z);
    if (LooseCell(level, x, y, z).Contains(box)) {
      Placement p;
      p.level = int8_t(level);
      p.cx = uint16_t(x), p.cy = uint16_t(y), p.cz = uint16_t(z);
      p.node = int32_t(NodeIndex(level, x, y, z));
      return p;
    }
  }
  Placement overflow;
  overflow.level = kOverflow;
  overflow.node = int32_t(LevelOffset(params_.max_depth + 1));
  return overflow;
}

void LooseOctree::FitWorld() {
  Aabb all;
  for (BoxId id = 0; id < boxes_.size(); ++id)
    if (boxes_.present(id)) all.Grow(boxes_.box(id));
  if (all.IsEmpty()) return;
  const glm::vec3 e = all.Extent();
  side_ = std::max({e.x, e.y, e.z, 1e-3f}) * 1.1f;
  origin_ = all.Center() - glm::vec3(side_ * 0.5f);
  world_set_ = true;
}

void LooseOctree::Relink(BoxId id, const Placement& want) {
  Placement& p = placement_[id];
  if (want.node == p.node) {
    p = want;
    return;
  }
  if (p.node != NodeLists::kNone) {
    lists_.Unlink(id, uint32_t(p.node));
    --level_population_[p.level + 1];
    if (p.level == kOverflow) --overflow_count_;
  }
  if (want.node != NodeLists::kNone) {
    lists_.Link(id, uint32_t(want.node));
    ++level_population_[want.level + 1];
    if (want.level == kOverflow) ++overflow_count_;
  }
  p = want;
}

void LooseOctree::PlaceAll() {
  lists_.ResetNodes(LevelOffset(params_.max_depth + 1) + 1);  // + the overflow list
  level_population_.assign(params_.max_depth + 2, 0);         // index = level + 1
  overflow_count_ = 0;
  for (BoxId id = 0; id < boxes_.size(); ++id) {
    placement_[id] = Placement{};
    if (boxes_.present(id)) Relink(id, Place(boxes_.box(id)));
  }
  boxes_.ClearDirty();
}

void LooseOctree::Update() {
  // Fit the root cube to the boxes the first time, and again if boxes have wandered off it.
  const bool drifted = !fitted_ && overflow_count_ > 8 + boxes_.live() / 16;
  if (!world_set_ || drifted) {
    FitWorld();
    needs_replace_ = true;
  }
  if (!world_set_) return;  // no boxes yet
  if (needs_replace_) {
    PlaceAll();
    needs_replace_ = false;
    return;
  }
  boxes_.DrainDirty(
      [this](BoxId id) { Relink(id, boxes_.present(id) ? Place(boxes_.box(id)) : Placement{}); });
}

void LooseOctree::FindPairs(std::vector<BoxPair>& out) {
  uint64_t candidates = 0;
  const float k = params_.looseness;
  const int32_t overflow_node = int32_t(LevelOffset(params_.max_depth + 1));
  for (BoxId a = 0; a < placement_.size(); ++a) {
    const Placement& p = placement_[a];
    if (p.node == NodeLists::kNone) continue;
    const Aabb& box = boxes_.box(a);
    auto scan = [&](int32_t node, bool same_level) {
      for (int32_t b = lists_.Head(uint32_t(node)); b != NodeLists::kNone;
           b = lists_.Next(BoxId(b))) {
        if (same_level && BoxId(b) <= a) continue;  // the other box of the pair reports it
        ++candidates;
        if (Overlaps(box, boxes_.box(BoxId(b)))) out.push_back(MakePair(a, BoxId(b)));
      }
    };
    // The overflow list is "shallower" than every level: every box scans it.
    if (overflow_count_ > 0) scan(overflow_node, p.level == kOverflow);
    if (p.level == kOverflow) continue;
    // Each level from the root down to the box's own: the nodes whose loose cell overlaps it.
    for (int level = 0; level <= p.level; ++level) {
      if (level_population_[level + 1] == 0) continue;
      const float e = TightEdge(level);
      const float margin = (k - 1.0f) * 0.5f * e;
      const int last = (1 << level) - 1;
      int lo[3], hi[3];
      for (int ax = 0; ax < 3; ++ax) {
        // Cells i with loose [o + i e - m, o + (i+1) e + m] meeting [min, max]; a thousandth of
        // a cell of slack against rounding (extra cells only cost tests, missed ones cost pairs).
        const float l = (box.min[ax] - origin_[ax] - margin) / e - 1.0f - 1e-3f;
        const float h = (box.max[ax] - origin_[ax] + margin) / e + 1e-3f;
        lo[ax] = int(std::clamp(std::ceil(l), 0.0f, float(last)));
        hi[ax] = int(std::clamp(std::floor(h), 0.0f, float(last)));
      }
      for (int z = lo[2]; z <= hi[2]; ++z)
        for (int y = lo[1]; y <= hi[1]; ++y)
          for (int x = lo[0]; x <= hi[0]; ++x)
            scan(int32_t(NodeIndex(level, x, y, z)), level == p.level);
    }
  }
  last_candidates_ = candidates;
}

size_t LooseOctree::MemoryBytes() const {
  return lists_.MemoryBytes() + boxes_.MemoryBytes() + placement_.capacity() * sizeof(Placement) +
         level_population_.capacity() * sizeof(uint32_t);
}

void LooseOctree::DrawOverlay(DebugDraw& draw) const {
  std::vector<std::pair<int32_t, BoxId>> occupied;  // overlay only
  for (BoxId id = 0; id < placement_.size(); ++id)
    if (placement_[id].node != NodeLists::kNone && placement_[id].level != kOverflow)
      occupied.push_back({placement_[id].node, id});
  std::sort(occupied.begin(), occupied.end());
  occupied.erase(std::unique(occupied.begin(), occupied.end(),
                             [](const auto& a, const auto& b) { return a.first == b.first; }),
                 occupied.end());
  for (const auto& [node, id] : occupied) {
    const Placement& p = placement_[id];
    const float t = float(p.level) / float(params_.max_depth);
    const Color tight{0.2f + 0.8f * t, 0.9f - 0.5f * t, 1.0f - 0.7f * t, 1.0f};
    draw.BoxEdges(TightCell(p.level, p.cx, p.cy, p.cz), tight);
    draw.BoxEdges(LooseCell(p.level, p.cx, p.cy, p.cz), Color{tight.r, tight.g, tight.b, 0.35f});
  }
}

}  // namespace partlab
