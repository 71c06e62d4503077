#include "engine/broadphase/spatial_hash.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <tuple>

#include "engine/debug_draw.h"

namespace partlab {
namespace {
constexpr int kMaxLevels = 40;
// Cell indices must fit in int32 comfortably: the level-0 cell is never smaller than this
// fraction of the largest coordinate magnitude.
constexpr float kMinCellFraction = 1.0f / float(1 << 22);
}  // namespace

SpatialHash::SpatialHash(SpatialHashParams params) {
  SetCellSize(params.cell_size);
  SetBucketCount(params.bucket_count);
}

void SpatialHash::SetCellSize(float size) {
  params_.cell_size = std::isfinite(size) ? std::max(size, 0.0f) : 0.0f;
}

void SpatialHash::SetBucketCount(uint32_t count) {
  params_.bucket_count =
      count == 0 ? 0 : std::bit_ceil(std::min(count, SpatialHashParams::kMaxBuckets));
}

void SpatialHash::Add(BoxId id, const Aabb& box) {
  if (id >= boxes_.size()) {
    boxes_.resize(id + 1);
    present_.resize(id + 1, 0);
    level_of_.resize(id + 1, 0);
  }
  boxes_[id] = box;
  present_[id] = 1;
}

void SpatialHash::Remove(BoxId id) {
  if (id < present_.size()) present_[id] = 0;
}

void SpatialHash::Move(BoxId id, const Aabb& box) {
  boxes_[id] = box;
}

// Automatic cell size: the mean largest side, so a typical box covers few level-0 cells (Mirtich:
// cells about the size of the objects). Never so small that indices could overflow.
void SpatialHash::ChooseCellSize() {
  double sum = 0;
  float magnitude = 1;
  for (BoxId id : live_) {
    const Aabb& b = boxes_[id];
    const glm::vec3 e = b.Extent();
    sum += std::max({e.x, e.y, e.z});
    magnitude = std::max({magnitude, std::abs(b.min.x), std::abs(b.min.y), std::abs(b.min.z),
                          std::abs(b.max.x), std::abs(b.max.y), std::abs(b.max.z)});
  }
  float size = params_.cell_size;
  if (size <= 0) size = live_.empty() ? 1.0f : float(sum / double(live_.size()));
  if (!(size > 0)) size = magnitude / 64.0f;  // all points
  cell0_ = std::max(size, magnitude * kMinCellFraction);
  inv_cell0_ = 1.0f / cell0_;
}

int SpatialHash::LevelFor(const Aabb& box) const {
  const glm::vec3 e = box.Extent();
  const float largest = std::max({e.x, e.y, e.z});
  int level = 0;
  while (level + 1 < kMaxLevels && CellEdge(level) < largest) ++level;
  return level;
}

SpatialHash::Cell SpatialHash::CellOf(const glm::vec3& p, int level) const {
  const float inv = inv_cell0_ / float(uint32_t(1) << level);
  return {int32_t(std::floor(p.x * inv)), int32_t(std::floor(p.y * inv)),
          int32_t(std::floor(p.z * inv)), level};
}

SpatialHash::Span SpatialHash::CellSpan(const Aabb& box, int level) const {
  const Cell lo = CellOf(box.min, level), hi = CellOf(box.max, level);
  return {{lo.x, lo.y, lo.z}, {hi.x, hi.y, hi.z}};
}

uint32_t SpatialHash::Bucket(const Cell& c) const {
  // Teschner et al.'s primes, then a multiplicative mix so nearby cells spread over the table.
  uint32_t h = uint32_t(c.x) * 73856093u ^ uint32_t(c.y) * 19349663u ^ uint32_t(c.z) * 83492791u ^
               uint32_t(c.level) * 2654435761u;
  h ^= h >> 15;
  h *= 0x2c1b3c6du;
  h ^= h >> 12;
  return h & bucket_mask_;
}

void SpatialHash::Update() {
  live_.clear();
  for (BoxId id = 0; id < present_.size(); ++id)
    if (present_[id]) live_.push_back(id);
  ChooseCellSize();

  // Enter each box in the cells it covers at its level.
  entries_.clear();
  levels_in_use_ = 0;
  level_count_ = 0;
  for (BoxId id : live_) {
    const int level = LevelFor(boxes_[id]);
    level_of_[id] = uint8_t(level);
    levels_in_use_ |= uint64_t(1) << level;
    level_count_ = std::max(level_count_, level + 1);
    const Span s = CellSpan(boxes_[id], level);
    for (int32_t z = s.lo[2]; z <= s.hi[2]; ++z)
      for (int32_t y = s.lo[1]; y <= s.hi[1]; ++y)
        for (int32_t x = s.lo[0]; x <= s.hi[0]; ++x) entries_.push_back({{x, y, z, level}, id});
  }

  // Counting sort of the entries by bucket: the table is two flat arrays.
  const uint32_t buckets = params_.bucket_count
                               ? params_.bucket_count
                               : std::bit_ceil(std::clamp(uint32_t(entries_.size() * 2), 64u,
                                                          SpatialHashParams::kMaxBuckets));
  bucket_mask_ = buckets - 1;
  bucket_start_.assign(buckets + 1, 0);
  for (const Entry& e : entries_) ++bucket_start_[Bucket(e.cell) + 1];
  for (uint32_t b = 0; b < buckets; ++b) bucket_start_[b + 1] += bucket_start_[b];
  sorted_.resize(entries_.size());
  // bucket_start_[b] serves as bucket b's write cursor, which leaves it at the next bucket's
  // start; shifting the array by one restores the starts.
  for (const Entry& e : entries_) sorted_[bucket_start_[Bucket(e.cell)]++] = e;
  for (uint32_t b = buckets; b > 0; --b) bucket_start_[b] = bucket_start_[b - 1];
  bucket_start_[0] = 0;
}

// Reports a-b if they overlap and `here` is the cell holding the min corner of their intersection,
// the one cell both are certain to share.
void SpatialHash::Emit(BoxId a, BoxId b, const Cell& here, std::vector<BoxPair>& out,
                       uint64_t& candidates) {
  ++candidates;
  const Aabb& p = boxes_[a];
  const Aabb& q = boxes_[b];
  if (!Overlaps(p, q)) return;
  if (CellOf(glm::max(p.min, q.min), here.level) == here) out.push_back(MakePair(a, b));
}

void SpatialHash::FindPairs(std::vector<BoxPair>& out) {
  uint64_t candidates = 0;
  // Same level: within each bucket, entries of the same cell.
  const uint32_t buckets = bucket_mask_ + 1;
  for (uint32_t bk = 0; bk < buckets && !sorted_.empty(); ++bk) {
    const uint32_t lo = bucket_start_[bk], hi = bucket_start_[bk + 1];
    for (uint32_t i = lo; i < hi; ++i)
      for (uint32_t j = i + 1; j < hi; ++j)
        if (sorted_[i].cell == sorted_[j].cell)
          Emit(sorted_[i].id, sorted_[j].id, sorted_[i].cell, out, candidates);
  }
  // Across levels: each box visits the coarser levels' cells it covers.
  for (BoxId a : live_) {
    const int own = level_of_[a];
    for (int level = own + 1; level < level_count_; ++level) {
      if (!(levels_in_use_ >> level & 1)) continue;
      const Span s = CellSpan(boxes_[a], level);
      for (int32_t z = s.lo[2]; z <= s.hi[2]; ++z)
        for (int32_t y = s.lo[1]; y <= s.hi[1]; ++y)
          for (int32_t x = s.lo[0]; x <= s.hi[0]; ++x) {
            const Cell c{x, y, z, level};
            const uint32_t bk = Bucket(c);
            for (uint32_t i = bucket_start_[bk]; i < bucket_start_[bk + 1]; ++i)
              if (sorted_[i].cell == c) Emit(a, sorted_[i].id, c, out, candidates);
          }
    }
  }
  last_candidates_ = candidates;
}

size_t SpatialHash::MemoryBytes() const {
  return boxes_.capacity() * sizeof(Aabb) + present_.capacity() + level_of_.capacity() +
         live_.capacity() * sizeof(BoxId) +
         (entries_.capacity() + sorted_.capacity()) * sizeof(Entry) +
         bucket_start_.capacity() * sizeof(uint32_t);
}

void SpatialHash::DrawOverlay(DebugDraw& draw) const {
  std::vector<Cell> cells;  // overlay only
  for (const Entry& e : sorted_) cells.push_back(e.cell);
  auto key = [](const Cell& c) { return std::tuple(c.level, c.x, c.y, c.z); };
  std::sort(cells.begin(), cells.end(),
            [&](const Cell& a, const Cell& b) { return key(a) < key(b); });
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  for (const Cell& c : cells) {
    const float edge = CellEdge(c.level);
    const glm::vec3 lo = glm::vec3(float(c.x), float(c.y), float(c.z)) * edge;
    const float t = float(c.level) / float(std::max(1, level_count_ - 1));
    draw.BoxEdges({lo, lo + glm::vec3(edge)}, Color{0.3f + 0.7f * t, 0.9f - 0.6f * t, 0.4f, 0.8f});
  }
}

}  // namespace partlab
