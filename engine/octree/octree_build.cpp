// Building the octree: the paper's placement ("Octree": each triangle descends into the octant that
// fully contains it) and the leaf-reference placement, both first into a pointer-free build tree,
// then flattened depth-first into the node and reference arrays the queries read.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

#include "engine/geometry/triangle_box_overlap.h"
#include "engine/octree/large_pages.h"
#include "engine/octree/octree.h"

namespace partlab {

const char* PlacementName(Placement p) {
  return p == Placement::kDeepestContaining ? "paper" : "leaf";
}
const char* TraversalName(Traversal t) {
  return t == Traversal::kPaper ? "paper" : "ordered";
}

int Octree::AutoMaxDepth(Placement p, size_t triangle_count) {
  // The paper leaves the limit open. Ten levels make the deepest cells 100/2^9 ≈ 0.2 units, the
  // size of the full dragon's triangles after --fit100, so no model is cut off early by the limit.
  if (p == Placement::kDeepestContaining) return 10;
  // Leaves: about one leaf per leaf_size triangles of a surface needs ~log4(N) levels; two more
  // let clustered soups separate. Capped where cells are still 2^-12 of the root (margin 2^-16).
  int depth = 3;
  for (size_t cells = 1; cells < triangle_count && depth < 13; cells *= 4) ++depth;
  return std::min(depth, 13);
}

int Octree::AutoLeafSize(size_t /*triangle_count*/) {
  // Leaves of up to 128 triangles, every model alike. A leaf's triangles are ordered by place and
  // cut into blocks of eight, each with its box (block_boxes.h), and the ordered traversal tests
  // only the blocks whose box the ray crosses: a big leaf costs the rays that pass near few of
  // its triangles little more than a small one, and big leaves mean fewer levels, fewer nodes on
  // a ray's way down and far fewer triangles referenced from several leaves. In in-process runs
  // against Embree (interleaved pairs of thread CPU time, the bench's 10,000 rays, on the AMD
  // EPYC machine) leaves of 128 answered as fast as leaves of 64 on the bunny, both levels and
  // dragon_vrip, faster than the former choices (32, and 64 from 100,000 triangles up) on the
  // bunny, oa_shouse and dragon_vrip, and within the noise of them on oa_dm5, in less memory on
  // each (dragon_vrip's tree then takes less than Embree's). Without the block boxes, leaves of
  // 32 and 64 had been the fastest.
  return kAutoLeafSize;
}

namespace {

struct BuildNode {
  glm::vec3 center;
  float half;
  int depth;
  int32_t child[8];
  std::vector<uint32_t> tris;  // the paper's placement: this cell's triangles
  // The leaf placement: this leaf's records, leaf_records_[leaf_first, leaf_first + leaf_count).
  uint32_t leaf_first = 0, leaf_count = 0;
  Aabb bounds;  // of this cell's own triangles (unclipped; empty when it holds none)
};

// A triangle on its way down the leaf placement's build, carried with its corners: each level's
// passes read one array front to back instead of gathering corners and boxes by id from arrays of
// the whole model (those gathers were a third of the build's time in the profile).
struct BuildRecord {
  Triangle triangle;
  uint32_t id;
};

// A large buffer for the build's passes, left uninitialised, on the build's scratch pages
// (large_pages.h: whole 2 MB pages from an eighth of one up; the profile of the dragon's build
// spent a fifth of its time in the kernel mapping and zeroing 4 KB pages of these buffers one
// fault at a time).
template <class T>
class BuildBuffer {
 public:
  explicit BuildBuffer(size_t count) {
    static_assert(std::is_trivially_copyable_v<T>);
    data_ = static_cast<T*>(
        AllocateLargePages(count * sizeof(T), alignof(T), kScratchLargePagesFrom, true));
  }
  ~BuildBuffer() { std::free(data_); }
  BuildBuffer(const BuildBuffer&) = delete;
  BuildBuffer& operator=(const BuildBuffer&) = delete;
  T* get() const { return data_; }
  T& operator[](size_t i) const { return data_[i]; }

 private:
  T* data_ = nullptr;
};

// A cell of the level being split: its node and its records' run in the level's array.
struct LevelCell {
  int32_t node;
  uint32_t first, count;
};

Aabb GrownCube(const glm::vec3& c, float half, float margin) {
  return Aabb::FromCenterHalf(c, glm::vec3(half + margin));
}

glm::vec3 OctantCenter(const glm::vec3& c, float half, int octant) {
  const float q = half * 0.5f;
  return c + glm::vec3(octant & 1 ? q : -q, octant & 2 ? q : -q, octant & 4 ? q : -q);
}

// The octant of a cell centred at c that fully contains box b, or -1 when b straddles a mid-plane.
int ContainingOctant(const Aabb& b, const glm::vec3& c) {
  int octant = 0;
  for (int a = 0; a < 3; ++a) {
    if (b.max[a] <= c[a]) continue;
    if (b.min[a] >= c[a]) {
      octant |= 1 << a;
      continue;
    }
    return -1;
  }
  return octant;
}

}  // namespace

// Owns the temporary build tree; a friend of Octree so it can fill the flat arrays.
class OctreeBuilder {
 public:
  OctreeBuilder(Octree& tree, std::span<const Triangle> triangles) : tree_(tree) {
    tree_.triangles_.assign(triangles.begin(), triangles.end());
    usable_.reserve(triangles.size());
    bounds_.resize(triangles.size());
    for (size_t i = 0; i < triangles.size(); ++i) {
      switch (FindDefect(triangles[i])) {
        case TriangleDefect::kNonFinite:
          ++tree_.stats_.skipped.non_finite;
          break;
        case TriangleDefect::kZeroArea:
          ++tree_.stats_.skipped.zero_area;
          break;
        case TriangleDefect::kNone:
          usable_.push_back(uint32_t(i));
          bounds_[i] = triangles[i].Bounds();
          break;
      }
    }
  }

  void Build() {
    const OctreeBuildOptions& o = tree_.options_;
    if (usable_.empty()) return;
    MakeRoot();
    if (o.placement == Placement::kDeepestContaining) {
      for (uint32_t id : usable_) PlaceDeepest(id);
    } else {
      SplitLeaves();
    }
    Flatten();
  }

 private:
  // "Uma célula-raiz cúbica de um tamanho de aresta que envolva todo o modelo".
  void MakeRoot() {
    Aabb box;
    // The largest corner length, as the square root of the largest squared length: the same float
    // as the largest of glm::length's (the square root is monotonic), with one root, not 2N.
    float largest_squared = 0.0f;
    for (uint32_t id : usable_) {
      box.Grow(bounds_[id]);
      const glm::vec3 lo = bounds_[id].min, hi = bounds_[id].max;
      largest_squared = std::max({largest_squared, glm::dot(lo, lo), glm::dot(hi, hi)});
    }
    const float largest_coord = std::sqrt(largest_squared);
    const glm::vec3 e = box.Extent();
    float half = 0.5f * std::max({e.x, e.y, e.z});
    half = half > 0.0f ? half * (1.0f + 1e-6f) : 1.0f;
    // The margin covers float rounding in slab tests and in Möller–Trumbore's t: a few ulps of the
    // coordinates, and well below the smallest cell (2^-12 of the root at depth 13).
    tree_.margin_ = std::max(2.0f * half * 0x1p-16f, largest_coord * 0x1p-18f);
    tree_.scene_bounds_ = box;
    nodes_.push_back({box.Center(), half, 1, {-1, -1, -1, -1, -1, -1, -1, -1}, {}, 0, 0, {}});
  }

  int32_t ChildOf(int32_t node, int octant) {
    if (nodes_[node].child[octant] < 0) {
      const BuildNode& n = nodes_[node];
      BuildNode c{OctantCenter(n.center, n.half, octant),
                  n.half * 0.5f,
                  n.depth + 1,
                  {-1, -1, -1, -1, -1, -1, -1, -1},
                  {},
                  0,
                  0,
                  {}};
      nodes_.push_back(std::move(c));
      nodes_[node].child[octant] = int32_t(nodes_.size() - 1);
    }
    return nodes_[node].child[octant];
  }

  // The paper's placement: descend while an octant fully contains the triangle; stop where none
  // does, or at the maximum depth ("válvula de escape da recursividade").
  void PlaceDeepest(uint32_t id) {
    int32_t node = 0;
    while (nodes_[node].depth < tree_.options_.max_depth) {
      const int octant = ContainingOctant(bounds_[id], nodes_[node].center);
      if (octant < 0) break;
      node = ChildOf(node, octant);
    }
    nodes_[node].tris.push_back(id);
  }

  // The leaf-reference placement: split while a cell holds more than leaf_size triangles, handing
  // each triangle to every child cube it overlaps (grown by the query margin, so a hit on a cell's
  // boundary is always found in a cell the ray is tested against). Breadth first, so that when the
  // reference budget runs out it is the finest splits that are given up, not whole branches.
  //
  // One level at a time over flat arrays, with no container per cell: a cell's records are a run
  // of the level's array; splitting it takes one pass that finds each record's octants (a byte of
  // bits) and counts them, a prefix sum that places the children's runs in the next level's
  // array, and a pass that copies each record into its octants' runs, in order. The cells are
  // visited, the budget spent and the children numbered in the order a first-in first-out queue
  // of cells would, so the tree is the one that queue built.
  void SplitLeaves() {
    const OctreeBuildOptions& o = tree_.options_;
    size_t references = usable_.size();
    // The build's buffers are sized by the budget, so it is capped (a NaN allows no split).
    const double per_triangle =
        o.reference_budget > 0.0f ? std::min(double(o.reference_budget), kMostReferencesPerTriangle)
                                  : 0.0;
    const size_t budget = size_t(per_triangle * double(usable_.size()));
    // No level holds more records than the references allowed, and neither do the leaves: two
    // buffers of that size, allocated once and left uninitialised (only what is written is
    // touched), and the leaves' records reserved to it, so nothing is copied to grow.
    const size_t most = std::max(budget, usable_.size());
    BuildBuffer<BuildRecord> level_buffer(most), next_buffer(most);
    BuildRecord* level = level_buffer.get();
    BuildRecord* next = next_buffer.get();
    size_t level_size = 0;
    for (uint32_t id : usable_) level[level_size++] = {tree_.triangles_[id], id};
    std::vector<LevelCell> cells{{0, 0, uint32_t(level_size)}}, next_cells;
    BuildBuffer<uint8_t> octants(most);
    leaf_records_ = std::make_unique<BuildBuffer<BuildRecord>>(most);
    while (!cells.empty()) {
      // First pass over the level: which cells split, and the children's run lengths.
      std::vector<std::array<uint32_t, 8>> counts(cells.size());
      std::vector<uint8_t> splits(cells.size(), 0);
      for (size_t k = 0; k < cells.size(); ++k) {
        const LevelCell& cell = cells[k];
        const BuildNode& node = nodes_[cell.node];
        if (cell.count <= uint32_t(o.leaf_size) || node.depth >= o.max_depth) continue;
        // The split is refused past the budget: stop counting once it is sure to be.
        const size_t others = references - cell.count;
        const size_t allowance = budget > others ? budget - others : 0;
        size_t split_refs = 0;
        if (!FindOctants(cell, level, allowance, octants.get(), &counts[k], &split_refs)) continue;
        if (o.cost_model && !SplitPays(cell.count, counts[k])) continue;
        references = others + split_refs;
        splits[k] = 1;
      }
      // Second pass: leaves keep their records; split cells copy theirs into the children's runs.
      next_cells.clear();
      uint32_t offset = 0;
      for (size_t k = 0; k < cells.size(); ++k) {
        const LevelCell& cell = cells[k];
        if (!splits[k]) {
          MakeLeaf(cell, level);
          continue;
        }
        uint32_t at[8];
        for (int oct = 0; oct < 8; ++oct) {
          at[oct] = offset;
          if (counts[k][oct] == 0) continue;
          next_cells.push_back({ChildOf(cell.node, oct), offset, counts[k][oct]});
          offset += counts[k][oct];
        }
        for (uint32_t r = cell.first; r < cell.first + cell.count; ++r)
          for (unsigned bits = octants[r]; bits; bits &= bits - 1)
            next[at[__builtin_ctz(bits)]++] = level[r];
      }
      std::swap(level, next);
      std::swap(cells, next_cells);
    }
  }

  void MakeLeaf(const LevelCell& cell, const BuildRecord* level) {
    BuildNode& node = nodes_[cell.node];
    node.leaf_first = uint32_t(leaf_record_count_);
    node.leaf_count = cell.count;
    // Copied whole; Flatten packs each (its edges) straight into the lanes. Packed here, every
    // record went through a temporary on the stack whose parts the copy could not forward: a
    // seventh of the split's time in the profile of the medium soup's build.
    BuildRecord* records = leaf_records_->get() + leaf_record_count_;
    std::copy_n(level + cell.first, cell.count, records);
    leaf_record_count_ += cell.count;
    OrderByPlace(records, cell.count);
    for (uint32_t r = cell.first; r < cell.first + cell.count; ++r)
      node.bounds.Grow(level[r].triangle.Bounds());  // the corners are at hand here
  }

  // Orders a leaf's records so that each block of eight holds triangles close together, for the
  // blocks' boxes (block_boxes.h): the records are split at a block boundary near the median of
  // their centroids along the axis where the centroids spread most, and each part again, down to
  // single blocks (a binary space partition of the leaf, cut at whole blocks). The triangles and
  // ids are unchanged; only their order within the leaf is, which no answer depends on (ties in t
  // go to the lower id whatever the order). Each split orders its part by a counting sort over
  // kBins slices of the axis, which has no comparison to mispredict (a selection by comparisons,
  // std::nth_element, took over a third of a Quake 3 level's build); the cut then falls between two
  // records at most a slice apart around the median.
  static constexpr int kBins = 64;
  void OrderByPlace(BuildRecord* records, size_t count) {
    if (count <= size_t(kLanesPerBlock)) return;
    centroids_.resize(count);
    order_.resize(count);
    scratch_.resize(count);
    bins_.resize(count);
    for (size_t i = 0; i < count; ++i) {
      // Centroids times 3 (the sum of the corners): the order is the same, without a division.
      const Triangle& t = records[i].triangle;
      centroids_[i] = t.v0 + t.v1 + t.v2;
      order_[i] = uint32_t(i);
    }
    SplitByPlace(0, count);
    moved_.resize(count);
    for (size_t i = 0; i < count; ++i) moved_[i] = records[order_[i]];
    std::copy_n(moved_.data(), count, records);
  }
  // Orders order_[begin, end) as described above.
  void SplitByPlace(size_t begin, size_t end) {
    const size_t count = end - begin;
    if (count <= size_t(kLanesPerBlock)) return;
    Aabb spread;
    for (size_t i = begin; i < end; ++i) spread.Grow(centroids_[order_[i]]);
    const glm::vec3 e = spread.Extent();
    const int axis = e.x >= e.y ? (e.x >= e.z ? 0 : 2) : (e.y >= e.z ? 1 : 2);
    if (e[axis] > 0.0f) {  // else every centroid is one point: any order will do
      const float low = spread.min[axis], scale = float(kBins) / e[axis];
      std::array<uint32_t, kBins + 1> first{};
      for (size_t i = begin; i < end; ++i) {
        const int bin = std::min(int((centroids_[order_[i]][axis] - low) * scale), kBins - 1);
        bins_[i] = uint8_t(bin);
        ++first[size_t(bin) + 1];
      }
      for (int b = 1; b <= kBins; ++b) first[size_t(b)] += first[size_t(b) - 1];
      for (size_t i = begin; i < end; ++i) scratch_[begin + first[bins_[i]]++] = order_[i];
      std::copy(scratch_.begin() + std::ptrdiff_t(begin), scratch_.begin() + std::ptrdiff_t(end),
                order_.begin() + std::ptrdiff_t(begin));
    }
    const size_t middle = begin + (BlocksFor(count) + 1) / 2 * kLanesPerBlock;
    SplitByPlace(begin, middle);
    SplitByPlace(middle, end);
  }

  // Finds the octants each of the cell's records overlaps (bits in octants[r]) and how many
  // records each octant gets; false, part done, once the references are sure to exceed `allowance`.
  // A triangle is tested only against the octants its bounding box overlaps, found per axis: an
  // octant's grown cube spans, along axis a, the low or the high half's interval depending on bit a
  // alone, so the box overlaps the octant exactly when it overlaps that half along every axis.
  // Most triangles of a deep cell lie in one octant, and skip the other seven entirely.
  bool FindOctants(const LevelCell& cell, const BuildRecord* level, size_t allowance,
                   uint8_t* octants, std::array<uint32_t, 8>* counts, size_t* references) {
    const glm::vec3 c = nodes_[cell.node].center;
    const float h = nodes_[cell.node].half;
    Aabb cubes[8];
    for (int oct = 0; oct < 8; ++oct)
      cubes[oct] = GrownCube(OctantCenter(c, h, oct), h * 0.5f, tree_.margin_);
    const Aabb& low = cubes[0];   // the low half along every axis
    const Aabb& high = cubes[7];  // the high half along every axis
    size_t total = 0;
    for (uint32_t r = cell.first; r < cell.first + cell.count; ++r) {
      const Triangle& t = level[r].triangle;
      const Aabb b = t.Bounds();
      unsigned candidates = 0xFF;  // bit o: octant o's grown cube overlaps the box
      for (int a = 0; a < 3; ++a) {
        const unsigned low_side = b.min[a] <= low.max[a] && low.min[a] <= b.max[a];
        const unsigned high_side = b.min[a] <= high.max[a] && high.min[a] <= b.max[a];
        candidates &= (kOctantsOnSide[a][0] & (0u - low_side)) |
                      (kOctantsOnSide[a][1] & (0u - high_side));  // no branch to mispredict
      }
      // One candidate: the triangle meets this cell's grown cube (the root holds every box; a
      // child gets only the triangles that meet it), the eight grown octants cover that cube, and
      // the box meets no other octant, so the triangle meets this one: no test needed. The common
      // case in deep cells, where most triangles lie inside one octant. Otherwise an octant
      // holding a corner is met (a shared point, which the separating axis test would find too),
      // and only the candidates left without one need that test.
      unsigned found = candidates;
      if (candidates & (candidates - 1)) {
        found &= OctantsHolding(t.v0, low, high) | OctantsHolding(t.v1, low, high) |
                 OctantsHolding(t.v2, low, high);
        for (unsigned rest = candidates & ~found; rest; rest &= rest - 1) {
          const int oct = __builtin_ctz(rest);
          if (TriangleOverlapsBox(t, cubes[oct])) found |= 1u << oct;
        }
      }
      for (unsigned bits = found; bits; bits &= bits - 1, ++total) ++(*counts)[__builtin_ctz(bits)];
      octants[r] = uint8_t(found);
      // Each record still to come adds at least one reference (it meets this cell's grown cube,
      // which the eight grown octants cover): refused as soon as even that would pass.
      if (total + (cell.first + cell.count - 1 - r) > allowance) return false;
    }
    *references = total;
    return true;
  }

  // The octants whose (closed) grown cube holds point p: along axis a an octant's cube spans the
  // low or the high half's interval, by bit a alone (the same floats, see FindOctants).
  static unsigned OctantsHolding(const glm::vec3& p, const Aabb& low, const Aabb& high) {
    unsigned octants = 0xFF;
    for (int a = 0; a < 3; ++a) {
      const unsigned in_low = low.min[a] <= p[a] && p[a] <= low.max[a];
      const unsigned in_high = high.min[a] <= p[a] && p[a] <= high.max[a];
      octants &= (kOctantsOnSide[a][0] & (0u - in_low)) | (kOctantsOnSide[a][1] & (0u - in_high));
    }
    return octants;
  }

  static constexpr double kMostReferencesPerTriangle = 64.0;

  // kOctantsOnSide[a][side]: the octants whose bit a equals side.
  static constexpr unsigned kOctantsOnSide[3][2] = {{0x55, 0xAA}, {0x33, 0xCC}, {0x0F, 0xF0}};

  // Surface-area cost estimate (a ray through a cube hits each octant with probability 1/4, the
  // ratio of their areas), counting a cell visit like one triangle test: splitting pays unless most
  // triangles overlap most children. It is greedy, and a big plane crosses about four octants at
  // every level, so the estimate alone would let the low-affinity soup's huge triangles multiply
  // level after level; the reference budget stops that.
  static bool SplitPays(size_t n, const std::array<uint32_t, 8>& counts) {
    double cost = 1.0;
    for (uint32_t count : counts)
      if (count) cost += 0.25 * (1.0 + double(count));
    return cost < double(n);
  }

  // Depth-first order with each node's children contiguous: a subtree is one run of nodes and its
  // triangle records one run of references, so the cells a ray visits one after the other (a
  // node, its children, their children) lie close together in memory.
  void Flatten() {
    size_t blocks = 0;
    for (const BuildNode& b : nodes_) blocks += BlocksFor(b.tris.size() + b.leaf_count);
    // Exact (memory_bytes counts capacities); value-initialised, so padding lanes are zero.
    tree_.ref_blocks_.resize(blocks);
    tree_.nodes_.reserve(nodes_.size());
    tree_.nodes_.resize(1);
    size_t groups = 0;
    for (const BuildNode& b : nodes_) groups += BlockBoxGroups(b);
    tree_.block_boxes_.reserve(groups);
    block_boxes_of_.assign(nodes_.size(), 0);
    // Each node's own triangles' bounds, set by FlattenSubtree.
    content_box_.assign(nodes_.size(), Aabb{glm::vec3(0.0f), glm::vec3(0.0f)});
    FlattenSubtree(0, 0);
    FillStatistics();
  }

  static bool IsBuildLeaf(const BuildNode& b) {
    return std::all_of(b.child, b.child + 8, [](int32_t c) { return c < 0; });
  }
  // The BlockBoxes groups a build node's cell gets: the leaf placement's leaves of two blocks or
  // more, one group per four blocks.
  static size_t BlockBoxGroups(const BuildNode& b) {
    const size_t blocks = BlocksFor(b.leaf_count);
    return blocks >= 2 && IsBuildLeaf(b) ? (blocks + 3) / 4 : 0;
  }

  // Appends the boxes of a leaf's blocks (block_boxes.h), each its triangles' bounds clipped to
  // the cell, and notes where they start for FillChildBoxes.
  void AppendBlockBoxes(const BuildNode& b, uint32_t index) {
    const size_t groups = BlockBoxGroups(b);
    if (groups == 0) return;
    block_boxes_of_[index] = uint32_t(tree_.block_boxes_.size()) + 1;
    const Aabb cell = Aabb::FromCenterHalf(b.center, glm::vec3(b.half));
    const BuildRecord* records = leaf_records_->get() + b.leaf_first;
    for (size_t g = 0; g < groups; ++g) {
      BlockBoxes boxes;
      for (int lane = 0; lane < 4; ++lane) {
        const size_t first = (4 * g + size_t(lane)) * kLanesPerBlock;
        Aabb box;
        for (size_t r = first; r < std::min<size_t>(first + kLanesPerBlock, b.leaf_count); ++r)
          box.Grow(records[r].triangle.Bounds());
        box = {glm::max(box.min, cell.min), glm::min(box.max, cell.max)};
        for (int a = 0; a < 3; ++a) {
          // No block in this lane, or none of its triangles' points in the closed cell.
          const bool none = box.IsEmpty();
          boxes.plane[a][lane] = none ? kNoBlockMin : box.min[a];
          boxes.plane[3 + a][lane] = none ? kNoBlockMax : box.max[a];
        }
      }
      tree_.block_boxes_.push_back(boxes);
    }
  }

  // Appends a cell's records as lanes from a fresh block; returns the first lane's index.
  template <class RecordOf>
  uint32_t AppendLanes(size_t count, RecordOf record_of) {
    const uint32_t first = uint32_t(next_block_ * kLanesPerBlock);
    TriangleLanes8* blocks = tree_.ref_blocks_.data() + next_block_;
    for (size_t i = 0; i < count; ++i)
      blocks[i / kLanesPerBlock].Set(int(i % kLanesPerBlock), record_of(i));
    next_block_ += BlocksFor(count);
    return first;
  }

  void FlattenSubtree(int32_t source, uint32_t index) {
    LargePageVector<OctreeNode>& out = tree_.nodes_;
    BuildNode& b = nodes_[source];
    // A cell holds either the paper placement's triangles or a leaf's records, never both.
    const size_t ref_count = b.tris.size() + b.leaf_count;
    const uint32_t first_ref =
        b.leaf_count ? AppendLanes(ref_count,
                                   [&](size_t i) {
                                     const BuildRecord& r = leaf_records_->get()[b.leaf_first + i];
                                     return Pack(r.triangle, r.id);
                                   })
                     : AppendLanes(ref_count, [&](size_t i) {
                         return Pack(tree_.triangles_[b.tris[i]], b.tris[i]);
                       });
    AppendBlockBoxes(b, index);
    OctreeNode n{b.center, b.half, 0, first_ref, uint32_t(ref_count), 0, uint8_t(b.depth), 0};
    Aabb& bounds = content_box_[index];
    bounds = b.bounds;  // the leaf placement's, found while its records were made
    for (uint32_t id : b.tris) bounds.Grow(tree_.triangles_[id].Bounds());
    b.tris = {};
    n.first_child = uint32_t(out.size());
    int32_t children[8];
    int count = 0;
    for (int oct = 0; oct < 8; ++oct) {
      if (b.child[oct] < 0) continue;
      n.child_mask |= uint8_t(1u << oct);
      children[count++] = b.child[oct];
    }
    out.resize(out.size() + size_t(count));  // the children's slots, filled by the calls below
    out[index] = n;
    for (int k = 0; k < count; ++k) FlattenSubtree(children[k], n.first_child + uint32_t(k));
  }

  // Each node's content box (Octree::ContentBox): its own triangles' bounds (set while
  // flattening) clipped to its cell, grown by its children's boxes. Children follow their parent in
  // the depth-first order, so one pass from the last node back sees every child before its parent.
  void FillContentBoxes() {
    const LargePageVector<OctreeNode>& nodes = tree_.nodes_;
    ScratchVector<Aabb>& boxes = content_box_;
    for (size_t i = nodes.size(); i-- > 0;) {
      const OctreeNode& n = nodes[i];
      const Aabb cell = n.Bounds();
      Aabb box = {glm::max(boxes[i].min, cell.min), glm::min(boxes[i].max, cell.max)};
      if (box.IsEmpty()) box = Aabb{};  // (an empty box is never tested: no such node is made)
      for (int oct = 0; oct < 8; ++oct)
        if (n.HasChild(oct) && !boxes[n.Child(oct)].IsEmpty()) box.Grow(boxes[n.Child(oct)]);
      boxes[i] = box;
    }
  }

  // Where the tree keeps the content boxes (child_boxes.h): one ChildBoxes per inner node,
  // numbered in node order after the root's own at 0, and each node's slot in them.
  void FillChildBoxes() {
    const LargePageVector<OctreeNode>& nodes = tree_.nodes_;
    std::vector<uint32_t> children_of(nodes.size(), 0);
    uint32_t count = 1;
    for (size_t i = 0; i < nodes.size(); ++i)
      if (!nodes[i].IsLeaf()) children_of[i] = count++;
    tree_.child_boxes_.assign(count, ChildBoxes{});
    tree_.box_slot_.assign(nodes.size(), 0);
    auto put = [&](uint32_t boxes, int lane, uint32_t node) {
      ChildBoxes& b = tree_.child_boxes_[boxes];
      const Aabb& box = content_box_[node];
      for (int a = 0; a < 3; ++a) {
        b.plane[a][lane] = box.min[a];
        b.plane[3 + a][lane] = box.max[a];
      }
      b.children[lane] =
          nodes[node].IsLeaf() ? kLeafChild | block_boxes_of_[node] : children_of[node];
      b.first_block[lane] = nodes[node].first_ref / kLanesPerBlock;
      tree_.box_slot_[node] = boxes * 8 + uint32_t(lane);
    };
    if (nodes.empty()) return;
    put(0, 0, 0);
    for (size_t i = 0; i < nodes.size(); ++i)
      for (int oct = 0; oct < 8; ++oct)
        if (nodes[i].HasChild(oct)) put(children_of[i], oct, nodes[i].Child(oct));
  }

  void FillStatistics() {
    OctreeBuildStats& s = tree_.stats_;
    const LargePageVector<OctreeNode>& nodes = tree_.nodes_;
    tree_.subtree_refs_.assign(nodes.size(), 0);
    tree_.triangle_depth_.assign(tree_.triangles_.size(), 0);
    FillContentBoxes();
    FillChildBoxes();
    s.triangles_per_depth.assign(size_t(tree_.options_.max_depth) + 1, 0);
    for (size_t i = nodes.size(); i-- > 0;) {
      const OctreeNode& n = nodes[i];
      uint32_t sum = n.ref_count;
      for (int oct = 0; oct < 8; ++oct)
        if (n.HasChild(oct)) sum += tree_.subtree_refs_[n.Child(oct)];
      tree_.subtree_refs_[i] = sum;
      s.triangles_per_depth[n.depth] += n.ref_count;
      s.depth_reached = std::max(s.depth_reached, int(n.depth));
      s.leaf_count += n.IsLeaf();
      for (const PackedTriangle& p : tree_.ReferencesOf(n))
        tree_.triangle_depth_[p.id] = std::max(tree_.triangle_depth_[p.id], n.depth);
    }
    s.node_count = nodes.size();
    s.reference_count = 0;
    for (const OctreeNode& n : nodes) s.reference_count += n.ref_count;
    s.reference_blocks = tree_.ref_blocks_.size();
    // What the flat arrays hold reserved, not only what they use.
    s.memory_bytes =
        CapacityBytes(nodes) + CapacityBytes(tree_.ref_blocks_) +
        tree_.subtree_refs_.capacity() * sizeof(uint32_t) + CapacityBytes(tree_.child_boxes_) +
        CapacityBytes(tree_.block_boxes_) + tree_.box_slot_.capacity() * sizeof(uint32_t) +
        tree_.triangle_depth_.capacity() + tree_.triangles_.capacity() * sizeof(Triangle);
  }

  Octree& tree_;
  ScratchVector<uint32_t> usable_;
  ScratchVector<Aabb> bounds_;
  ScratchVector<BuildNode> nodes_;
  // Each flattened node's content box, worked out before the tree copies it into its ChildBoxes.
  ScratchVector<Aabb> content_box_;
  // OrderByPlace's scratch, reused from leaf to leaf.
  std::vector<glm::vec3> centroids_;
  std::vector<uint32_t> order_, scratch_;
  std::vector<uint8_t> bins_;
  std::vector<BuildRecord> moved_;
  // Per flattened node: 1 + its first BlockBoxes group, 0 when it has none.
  ScratchVector<uint32_t> block_boxes_of_;
  // The leaf placement's leaves' records, in the order the leaves were made.
  std::unique_ptr<BuildBuffer<BuildRecord>> leaf_records_;
  size_t leaf_record_count_ = 0;
  size_t next_block_ = 0;  // Flatten: the first block not yet filled
};

std::span<const BlockBoxes> Octree::BlockBoxesOf(uint32_t node) const {
  const OctreeNode& n = nodes_[node];
  const uint32_t slot = box_slot_[node];
  const uint32_t first = child_boxes_[slot / 8].children[slot % 8] & ~kLeafChild;
  if (!n.IsLeaf() || first == 0) return {};
  return {block_boxes_.data() + (first - 1), (BlocksFor(n.ref_count) + 3) / 4};
}

Octree::Octree(std::span<const Triangle> triangles, const OctreeBuildOptions& options)
    : options_(options) {
  const auto start = std::chrono::steady_clock::now();
  if (options_.max_depth <= 0)
    options_.max_depth = AutoMaxDepth(options.placement, triangles.size());
  options_.max_depth = std::min(options_.max_depth, kOctreeDepthLimit);
  if (options_.leaf_size <= 0) options_.leaf_size = AutoLeafSize(triangles.size());
  stats_.max_depth = options_.max_depth;
  stats_.leaf_size = options_.leaf_size;
  OctreeBuilder(*this, triangles).Build();
  stats_.build_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace partlab
