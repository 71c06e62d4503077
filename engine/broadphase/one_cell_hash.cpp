#include "engine/broadphase/one_cell_hash.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace partlab {
namespace {

constexpr int kMaxLevels = 40;
// A box goes to a level whose edge is at least this factor times its largest side: the slack
// keeps the one-cell-apart argument true under float rounding of the cell indices.
constexpr float kEdgeSlack = 1.01f;
// Cell indices must fit in int32: the level-0 edge is never below this fraction of the largest
// coordinate magnitude.
constexpr float kMinCellFraction = 1.0f / float(1 << 22);

float LargestSide(const Aabb& b) {
  const glm::vec3 e = b.Extent();
  return std::max({e.x, e.y, e.z});
}

}  // namespace

void OneCellHash::Add(BoxId id, const Aabb& box) {
  if (id >= boxes_.size()) {
    boxes_.resize(id + 1);
    present_.resize(id + 1, 0);
    cell_of_.resize(id + 1);
  }
  boxes_[id] = box;
  present_[id] = 1;
}

void OneCellHash::Remove(BoxId id) {
  if (id < present_.size()) present_[id] = 0;
}

void OneCellHash::Move(BoxId id, const Aabb& box) {
  if (id < boxes_.size()) boxes_[id] = box;
}

// 2.4: "the number of lists depends on the smallest and the largest bounding volume". Level 0 fits
// the smallest box; levels double up to the largest.
void OneCellHash::ChooseLevels() {
  float smallest = 3.0e38f, largest = 0, magnitude = 1;
  for (BoxId id : live_) {
    const Aabb& b = boxes_[id];
    const float side = LargestSide(b);
    smallest = std::min(smallest, side);
    largest = std::max(largest, side);
    magnitude = std::max({magnitude, std::abs(b.min.x), std::abs(b.min.y), std::abs(b.min.z),
                          std::abs(b.max.x), std::abs(b.max.y), std::abs(b.max.z)});
  }
  cell0_ = std::max(smallest * kEdgeSlack, magnitude * kMinCellFraction);
  level_count_ = 1;
  while (level_count_ < kMaxLevels &&
         cell0_ * float(uint64_t(1) << (level_count_ - 1)) < largest * kEdgeSlack) {
    ++level_count_;
  }
}

int OneCellHash::LevelFor(const Aabb& box) const {
  const float need = LargestSide(box) * kEdgeSlack;
  int level = 0;
  while (level + 1 < level_count_ && cell0_ * float(uint64_t(1) << level) < need) ++level;
  return level;
}

OneCellHash::Cell OneCellHash::CellOf(const glm::vec3& p, int level) const {
  const float inv = 1.0f / (cell0_ * float(uint64_t(1) << level));
  return {int32_t(std::floor(p.x * inv)), int32_t(std::floor(p.y * inv)),
          int32_t(std::floor(p.z * inv)), level};
}

uint32_t OneCellHash::Bucket(const Cell& c) const {
  const uint32_t h = uint32_t(c.x) * 73856093u ^ uint32_t(c.y) * 19349663u ^
                     uint32_t(c.z) * 83492791u ^ uint32_t(c.level) * 2654435761u;
  return h & bucket_mask_;
}

void OneCellHash::Update() {
  live_.clear();
  for (BoxId id = 0; id < present_.size(); ++id) {
    if (present_[id]) live_.push_back(id);
  }
  sorted_.clear();
  levels_in_use_ = 0;
  if (live_.empty()) return;
  ChooseLevels();
  const uint32_t buckets = std::bit_ceil(uint32_t(2 * live_.size()));
  bucket_mask_ = buckets - 1;
  bucket_start_.assign(buckets + 1, 0);
  for (BoxId id : live_) {
    const int level = LevelFor(boxes_[id]);
    cell_of_[id] = CellOf(boxes_[id].min, level);
    levels_in_use_ |= uint64_t(1) << level;
    ++bucket_start_[Bucket(cell_of_[id]) + 1];
  }
  for (uint32_t b = 0; b < buckets; ++b) bucket_start_[b + 1] += bucket_start_[b];
  sorted_.resize(live_.size());
  std::vector<uint32_t> fill(bucket_start_.begin(), bucket_start_.end() - 1);
  for (BoxId id : live_) sorted_[fill[Bucket(cell_of_[id])]++] = {cell_of_[id], id};
}

void OneCellHash::VisitNeighbours(BoxId a, const Cell& centre, bool same_level,
                                  std::vector<BoxPair>& out) {
  for (int dz = -1; dz <= 1; ++dz) {
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const Cell c{centre.x + dx, centre.y + dy, centre.z + dz, centre.level};
        const uint32_t b = Bucket(c);
        for (uint32_t i = bucket_start_[b]; i < bucket_start_[b + 1]; ++i) {
          const Entry& e = sorted_[i];
          if (!(e.cell == c) || e.id == a) continue;  // another cell in the same bucket
          if (same_level && e.id < a) continue;       // the lower id reports it
          ++candidates_;
          if (Overlaps(boxes_[a], boxes_[e.id])) out.push_back(MakePair(a, e.id));
        }
      }
    }
  }
}

void OneCellHash::FindPairs(std::vector<BoxPair>& out) {
  candidates_ = 0;
  for (BoxId a : live_) {
    const int own = cell_of_[a].level;
    for (int level = own; level < level_count_; ++level) {
      if (!(levels_in_use_ >> level & 1)) continue;
      const Cell centre = level == own ? cell_of_[a] : CellOf(boxes_[a].min, level);
      VisitNeighbours(a, centre, level == own, out);
    }
  }
}

size_t OneCellHash::MemoryBytes() const {
  return boxes_.capacity() * sizeof(Aabb) + present_.capacity() + live_.capacity() * 4 +
         cell_of_.capacity() * sizeof(Cell) + sorted_.capacity() * sizeof(Entry) +
         bucket_start_.capacity() * 4;
}

}  // namespace partlab
