// A cell's triangles as the ordered traversal's wide Möller–Trumbore reads them (the octree paper's
// "Formulação matemática", equations 5–11, on eight triangles at once): blocks of eight records
// stored by component ("structure of arrays"), so each of the nine vectors the test needs (V0, E1
// and E2, x, y and z) is one aligned load of eight lanes straight from the block, with no
// transpose and no gather. A block is 320 bytes, five whole cache lines.
//
// Every cell's run of records starts at a block (its first record is lane 0), so a cell of n
// records fills ceil(n / 8) blocks; the lanes after its last record are zero (det = 0: never a
// hit) and are masked out by the count anyway. The profile this layout answers is in
// docs/octree.md ("What the profile says").
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>

#include "engine/octree/prepared_triangles.h"

namespace partlab {

inline constexpr int kLanesPerBlock = 8;

struct alignas(64) TriangleLanes8 {
  float v0[3][kLanesPerBlock];  // v0[axis][lane]
  float e1[3][kLanesPerBlock];
  float e2[3][kLanesPerBlock];
  uint32_t id[kLanesPerBlock];

  PackedTriangle Get(int lane) const {
    return {{v0[0][lane], v0[1][lane], v0[2][lane]},
            {e1[0][lane], e1[1][lane], e1[2][lane]},
            {e2[0][lane], e2[1][lane], e2[2][lane]},
            id[lane]};
  }
  void Set(int lane, const PackedTriangle& p) {
    for (int a = 0; a < 3; ++a) {
      v0[a][lane] = p.v0[a];
      e1[a][lane] = p.e1[a];
      e2[a][lane] = p.e2[a];
    }
    id[lane] = p.id;
  }
};
static_assert(sizeof(TriangleLanes8) == 320, "five cache lines, no padding");

// Blocks a run of `count` records fills.
constexpr size_t BlocksFor(size_t count) {
  return (count + kLanesPerBlock - 1) / kLanesPerBlock;
}

// A run of records in blocks (a cell's), seen as PackedTriangle values in order: for the code that
// walks a cell's triangles one by one (the paper's traversal, the view, the frustum culling, the
// tests).
class TriangleLanesRange {
 public:
  TriangleLanesRange(const TriangleLanes8* blocks, size_t count) : blocks_(blocks), count_(count) {}

  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = PackedTriangle;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = PackedTriangle;
    Iterator() = default;
    Iterator(const TriangleLanes8* blocks, size_t i) : blocks_(blocks), i_(i) {}
    PackedTriangle operator*() const {
      return blocks_[i_ / kLanesPerBlock].Get(int(i_ % kLanesPerBlock));
    }
    Iterator& operator++() {
      ++i_;
      return *this;
    }
    Iterator operator++(int) {
      Iterator old = *this;
      ++i_;
      return old;
    }
    bool operator==(const Iterator& o) const { return i_ == o.i_; }

   private:
    const TriangleLanes8* blocks_ = nullptr;
    size_t i_ = 0;
  };

  Iterator begin() const { return {blocks_, 0}; }
  Iterator end() const { return {blocks_, count_}; }
  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  PackedTriangle operator[](size_t i) const {
    return blocks_[i / kLanesPerBlock].Get(int(i % kLanesPerBlock));
  }
  const TriangleLanes8* blocks() const { return blocks_; }

 private:
  const TriangleLanes8* blocks_;
  size_t count_;
};

}  // namespace partlab
