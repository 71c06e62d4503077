#include "engine/broadphase/grid_box_pruning.h"

#include <algorithm>
#include <bit>
#include <limits>

#include "engine/broadphase/float_lanes.h"
#include "engine/broadphase/lane_sweep.h"

namespace partlab {
namespace {
// Sentinels after each cell's rows: enough for the widest lanes to load past its last box.
constexpr uint32_t kCellPadding = 8;
}  // namespace

GridBoxPruning::GridBoxPruning(int cells_per_axis)
    : cells_(std::clamp(cells_per_axis, 1, kMostCellsPerAxis)) {}

void GridBoxPruning::Add(BoxId id, const Aabb& box) {
  held_.Add(id, box);
}

void GridBoxPruning::Remove(BoxId id) {
  held_.Remove(id);
}

void GridBoxPruning::Move(BoxId id, const Aabb& box) {
  held_.Move(id, box);
}

// Never decreasing in v, which the one-cell-reports rule needs; a NaN (an infinite distance times
// a zero scale) lands in cell 0 instead of passing the clamp. Written without branches: the
// comparison's form keeps NaN out (x86's maximum returns its second operand when one is NaN).
int GridBoxPruning::Grid::Cell(float v, float origin, float scale, int cells) const {
  const float f = (v - origin) * scale;
  const float at_least_zero = f > 0.0f ? f : 0.0f;
  return int(std::min(at_least_zero, float(cells - 1)));
}

// One pass over the boxes: each box's sort key and cells, the boxes per cell, and the extent of
// this step's boxes on Y and Z, which the next step's grid spans.
void GridBoxPruning::ClassifyAndKey() {
  keys_.clear();
  range_.resize(held_.id_capacity());
  count_.assign(size_t(cells_) * cells_, 0);
  constexpr float kInf = std::numeric_limits<float>::infinity();
  float low_y = kInf, high_y = -kInf, low_z = kInf, high_z = -kInf;
  for (BoxId id = 0; id < held_.id_capacity(); ++id) {
    if (!held_.present[id]) continue;
    const Aabb& b = held_.boxes[id];
    keys_.push_back({SortableFloatBits(b.min.x), id});
    low_y = std::min(low_y, b.min.y), high_y = std::max(high_y, b.max.y);
    low_z = std::min(low_z, b.min.z), high_z = std::max(high_z, b.max.z);
    CellRange r;
    r.y0 = uint8_t(grid_.Cell(b.min.y, grid_.origin_y, grid_.scale_y, cells_));
    r.y1 = uint8_t(grid_.Cell(b.max.y, grid_.origin_y, grid_.scale_y, cells_));
    r.z0 = uint8_t(grid_.Cell(b.min.z, grid_.origin_z, grid_.scale_z, cells_));
    r.z1 = uint8_t(grid_.Cell(b.max.z, grid_.origin_z, grid_.scale_z, cells_));
    range_[id] = r;
    if (r.Single()) {
      ++count_[r.y0 * cells_ + r.z0];  // nearly every box, when the cells are larger than boxes
      continue;
    }
    for (int y = r.y0; y <= r.y1; ++y)
      for (int z = r.z0; z <= r.z1; ++z) ++count_[y * cells_ + z];
  }
  NextGrid(low_y, high_y, low_z, high_z);
}

// The next step's grid spans this step's boxes. An extent that is empty, zero or too wide for a
// float puts every box in cell 0 (scale 0), which is still right, only slower.
void GridBoxPruning::NextGrid(float low_y, float high_y, float low_z, float high_z) {
  auto scale = [this](float low, float high) {
    const float width = high - low;
    return width > 0.0f && width < std::numeric_limits<float>::infinity() ? float(cells_) / width
                                                                          : 0.0f;
  };
  next_grid_ = {low_y, low_z, scale(low_y, high_y), scale(low_z, high_z)};
}

// The sorted boxes copied cell after cell, each cell's rows in sorted order (the copy visits the
// boxes in that order), then the cells' sentinels.
void GridBoxPruning::CopyByCell() {
  const size_t cell_count = count_.size();
  first_.resize(cell_count);
  next_row_.resize(cell_count);
  uint32_t rows = 0;
  for (size_t c = 0; c < cell_count; ++c) {
    first_[c] = next_row_[c] = rows;
    if (count_[c] > 0) rows += count_[c] + kCellPadding;
  }
  for (auto* column : {&min_x_, &max_x_, &min_y_, &max_y_, &min_z_, &max_z_}) column->resize(rows);
  ids_.resize(rows);
  shared_.resize(rows);
  auto copy = [this](int cell, BoxId id, const Aabb& b, bool shared) {
    const uint32_t k = next_row_[cell]++;
    min_x_[k] = b.min.x, max_x_[k] = b.max.x;
    min_y_[k] = b.min.y, max_y_[k] = b.max.y;
    min_z_[k] = b.min.z, max_z_[k] = b.max.z;
    ids_[k] = id;
    shared_[k] = shared;
  };
  for (const KeyedIndex& key : keys_) {
    const BoxId id = key.payload;
    const CellRange r = range_[id];
    if (r.Single()) {
      copy(r.y0 * cells_ + r.z0, id, held_.boxes[id], false);
      continue;
    }
    for (int y = r.y0; y <= r.y1; ++y)
      for (int z = r.z0; z <= r.z1; ++z) copy(y * cells_ + z, id, held_.boxes[id], true);
  }
  constexpr float kInf = std::numeric_limits<float>::infinity();
  for (size_t c = 0; c < cell_count; ++c) {
    if (count_[c] == 0) continue;
    for (uint32_t k = next_row_[c]; k < next_row_[c] + kCellPadding; ++k) {
      min_x_[k] = min_y_[k] = min_z_[k] = kInf;
      max_x_[k] = max_y_[k] = max_z_[k] = -kInf;
    }
  }
}

// Box pruning's sweep (lane_sweep.h) over each cell's rows, with the one-cell-reports rule for the
// pairs of boxes that reach several cells. Always inlined for the same reason as
// BoxPruning::SweepWith.
template <typename Lanes>
[[gnu::always_inline]] inline void GridBoxPruning::SweepWith(std::vector<BoxPair>& out) {
  const SweepColumns columns{min_x_.data(), max_x_.data(), min_y_.data(),
                             max_y_.data(), min_z_.data(), max_z_.data()};
  uint64_t candidates = 0;
  for (size_t c = 0; c < count_.size(); ++c) {
    const int cell_y = int(c) / cells_, cell_z = int(c) % cells_;
    const size_t end = first_[c] + count_[c];
    for (size_t i = first_[c]; i < end; ++i) {
      candidates += SweepFrom<Lanes>(columns, i, columns, i + 1, end, [&](size_t k) {
        if (!ReportedHere(i, k, cell_y, cell_z)) return;
        out.push_back(MakePair(ids_[i], ids_[k]));
      });
    }
  }
  last_candidates_ = candidates;
}

// Whether the cell (cell_y, cell_z) reports the overlap of rows i and k: always when both boxes
// lie in this cell alone, else only if it holds the lowest corner of their intersection.
bool GridBoxPruning::ReportedHere(size_t i, size_t k, int cell_y, int cell_z) const {
  if (!(shared_[i] | shared_[k])) return true;
  return grid_.Cell(std::max(min_y_[i], min_y_[k]), grid_.origin_y, grid_.scale_y, cells_) ==
             cell_y &&
         grid_.Cell(std::max(min_z_[i], min_z_[k]), grid_.origin_z, grid_.scale_z, cells_) ==
             cell_z;
}

void GridBoxPruning::Sweep(std::vector<BoxPair>& out) {
  WithLanes(
      path_.get(), [&]<typename Lanes>() __attribute__((always_inline)) { SweepWith<Lanes>(out); });
}

void GridBoxPruning::FindPairs(std::vector<BoxPair>& out) {
  ClassifyAndKey();
  RadixSortByKey(keys_, key_scratch_);
  CopyByCell();
  Sweep(out);
  grid_ = next_grid_;
}

size_t GridBoxPruning::MemoryBytes() const {
  size_t bytes =
      held_.MemoryBytes() + (keys_.capacity() + key_scratch_.capacity()) * sizeof(KeyedIndex) +
      range_.capacity() * sizeof(CellRange) + ids_.capacity() * sizeof(BoxId) + shared_.capacity() +
      (count_.capacity() + first_.capacity() + next_row_.capacity()) * sizeof(uint32_t);
  for (const auto* column : {&min_x_, &max_x_, &min_y_, &max_y_, &min_z_, &max_z_})
    bytes += column->capacity() * sizeof(float);
  return bytes;
}

}  // namespace partlab
