#include "engine/broadphase/quadtree.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "engine/debug_draw.h"

namespace partlab {

Quadtree::Quadtree(QuadtreeParams params, std::string_view name) : name_(name) {
  SetDepth(params.depth);
}

void Quadtree::SetDepth(int depth) {
  params_.depth = std::clamp(depth, QuadtreeParams::kMinDepth, QuadtreeParams::kMaxDepth);
  needs_replace_ = true;
}

void Quadtree::SetWorld(float x0, float z0, float side) {
  x0_ = x0;
  z0_ = z0;
  side_ = std::max(side, 1e-6f);
  world_set_ = true;
  needs_replace_ = true;
}

uint32_t Quadtree::Cell(float v, float origin) const {
  // In double and NaN-safe: near +-3e38 the world's extent overflows a float (inv_cell_ becomes
  // 0, v - origin infinite), and a NaN would pass std::clamp into the conversion (undefined
  // behaviour, found by fuzzing). NaN and far values map to the border cells.
  const double c = std::floor((double(v) - double(origin)) * double(inv_cell_));
  const double last = double((1u << params_.depth) - 1);
  return c > 0.0 ? uint32_t(std::min(c, last)) : 0u;
}

// The deepest node containing the footprint: the leaf cells of the two corners share their path
// from the root down to the level where their indices first differ.
Quadtree::Placement Quadtree::Place(const Aabb& box) const {
  const uint32_t x0 = Cell(box.min.x, x0_), x1 = Cell(box.max.x, x0_);
  const uint32_t z0 = Cell(box.min.z, z0_), z1 = Cell(box.max.z, z0_);
  const int up = std::bit_width((x0 ^ x1) | (z0 ^ z1));  // levels to climb from the leaves
  const int level = params_.depth - up;
  Placement p;
  p.level = uint16_t(level);
  p.cx = uint16_t(x0 >> up);
  p.cz = uint16_t(z0 >> up);
  p.node = int32_t(NodeIndex(level, p.cx, p.cz));
  return p;
}

void Quadtree::FitWorld() {
  float lo_x = std::numeric_limits<float>::max(), lo_z = lo_x, hi_x = -lo_x, hi_z = -lo_x;
  for (BoxId id = 0; id < boxes_.size(); ++id) {
    if (!boxes_.present(id)) continue;
    const Aabb& b = boxes_.box(id);
    lo_x = std::min(lo_x, b.min.x);
    lo_z = std::min(lo_z, b.min.z);
    hi_x = std::max(hi_x, b.max.x);
    hi_z = std::max(hi_z, b.max.z);
  }
  if (lo_x > hi_x) return;  // nothing to fit yet
  const float side = std::max({hi_x - lo_x, hi_z - lo_z, 1e-3f}) * 1.02f;
  x0_ = lo_x - side * 0.01f;
  z0_ = lo_z - side * 0.01f;
  side_ = side;
  world_set_ = true;
}

void Quadtree::PlaceAll() {
  lists_.ResetNodes(LevelOffset(params_.depth + 1));
  inv_cell_ = float(1u << params_.depth) / side_;
  for (BoxId id = 0; id < boxes_.size(); ++id) {
    placement_[id] = Placement{};
    if (!boxes_.present(id)) continue;
    placement_[id] = Place(boxes_.box(id));
    lists_.Link(id, uint32_t(placement_[id].node));
  }
}

void Quadtree::Update() {
  if (!world_set_) {
    FitWorld();
    needs_replace_ = true;
  }
  if (needs_replace_ && world_set_) {
    PlaceAll();
    needs_replace_ = false;
    boxes_.ClearDirty();
    return;
  }
  if (!world_set_) return;  // no boxes yet
  // Structural update: only boxes whose node changed are relinked (the thesis's QT "só tem que
  // atualizar a indexação das AABBs").
  boxes_.DrainDirty([this](BoxId id) {
    Placement& p = placement_[id];
    const Placement want = boxes_.present(id) ? Place(boxes_.box(id)) : Placement{};
    if (want.node == p.node) return;
    if (p.node != NodeLists::kNone) lists_.Unlink(id, uint32_t(p.node));
    if (want.node != NodeLists::kNone) lists_.Link(id, uint32_t(want.node));
    p = want;
  });
}

void Quadtree::FindPairs(std::vector<BoxPair>& out) {
  uint64_t candidates = 0;
  auto test = [&](BoxId a, BoxId b) {
    ++candidates;
    if (Overlaps(boxes_.box(a), boxes_.box(b))) out.push_back(MakePair(a, b));
  };
  for (BoxId a = 0; a < placement_.size(); ++a) {
    const Placement& p = placement_[a];
    if (p.node == NodeLists::kNone) continue;
    for (int32_t b = lists_.Next(a); b != NodeLists::kNone; b = lists_.Next(BoxId(b)))
      test(a, BoxId(b));  // later boxes in the same node
    uint32_t cx = p.cx, cz = p.cz;
    for (int level = p.level - 1; level >= 0; --level) {  // every ancestor
      cx >>= 1;
      cz >>= 1;
      for (int32_t b = lists_.Head(NodeIndex(level, cx, cz)); b != NodeLists::kNone;
           b = lists_.Next(BoxId(b)))
        test(a, BoxId(b));
    }
  }
  last_candidates_ = candidates;
}

size_t Quadtree::MemoryBytes() const {
  return lists_.MemoryBytes() + boxes_.MemoryBytes() + placement_.capacity() * sizeof(Placement);
}

void Quadtree::DrawOverlay(DebugDraw& draw) const {
  if (!world_set_) return;
  // One representative box per occupied node (overlay only: allocating here is fine).
  float floor_y = std::numeric_limits<float>::max();
  std::vector<std::pair<int32_t, BoxId>> occupied;
  for (BoxId id = 0; id < placement_.size(); ++id) {
    if (placement_[id].node == NodeLists::kNone) continue;
    floor_y = std::min(floor_y, boxes_.box(id).min.y);
    occupied.push_back({placement_[id].node, id});
  }
  std::sort(occupied.begin(), occupied.end());
  occupied.erase(std::unique(occupied.begin(), occupied.end(),
                             [](const auto& a, const auto& b) { return a.first == b.first; }),
                 occupied.end());
  for (const auto& [node, id] : occupied) {
    const Placement& p = placement_[id];
    const float cell = side_ / float(1u << p.level);
    const float x = x0_ + cell * p.cx, z = z0_ + cell * p.cz;
    const float t = float(p.level) / float(params_.depth);
    const Color c{0.2f + 0.8f * t, 0.8f - 0.5f * t, 1.0f - 0.6f * t, 1.0f};
    const glm::vec3 a{x, floor_y, z}, b{x + cell, floor_y, z}, d{x + cell, floor_y, z + cell},
        e{x, floor_y, z + cell};
    draw.Line(a, b, c);
    draw.Line(b, d, c);
    draw.Line(d, e, c);
    draw.Line(e, a, c);
  }
}

}  // namespace partlab
