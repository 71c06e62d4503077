// The octree of the paper's "Octree" section (after Pharr and Fernando 2005): a cubic root cell
// that encloses the model, each cell split into eight octants of half its edge. Root is depth 1 ("A
// célula-raiz está no nível de profundidade um").
//
// Two placement policies:
//  - kDeepestContaining, the paper's: each triangle descends while one octant fully contains it and
//    is stored in the cell where it stops, or at the maximum depth ("válvula de escape").
//  - kLeafReferences: triangles live only in leaves; a cell holding more than leaf_size triangles
//  is
//    split and every triangle is referenced from every child it overlaps (exact SAT test). A cost
//    estimate stops splitting where it would not pay (huge triangles that overlap every child).
//
// Storage is flat: nodes in depth-first order, the children of a node contiguous (only the
// non-empty octants, child_mask says which), every node's triangles one contiguous run of packed
// records stored eight by eight as lanes (triangle_lanes.h), the run starting at a block. Two
// traversals answer nearest, any-hit and all-hits queries, both exactly equal to BruteForce*: the
// paper's (slab-test each child cube, descend into those hit, test the triangles of every visited
// cell) and an ordered front-to-back one that skips every cell whose entry distance is beyond the
// nearest hit found so far, and in a leaf every block of eight records whose box the ray misses
// (block_boxes.h; the leaf placement orders each leaf's records by place for it).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/geometry/aabb.h"
#include "engine/geometry/moller_trumbore.h"
#include "engine/geometry/ray_scale.h"
#include "engine/octree/block_boxes.h"
#include "engine/octree/child_boxes.h"
#include "engine/octree/large_pages.h"
#include "engine/octree/prepared_triangles.h"
#include "engine/octree/ray_query.h"
#include "engine/octree/triangle_lanes.h"

namespace partlab {

enum class Placement { kDeepestContaining, kLeafReferences };
enum class Traversal { kPaper, kOrdered };

const char* PlacementName(Placement p);  // "paper" / "leaf"
const char* TraversalName(Traversal t);  // "paper" / "ordered"

inline constexpr int kOctreeDepthLimit =
    16;  // deepest allowed max_depth (float cells stay > margin)

struct OctreeBuildOptions {
  Placement placement = Placement::kLeafReferences;
  int max_depth = 0;  // root = 1; 0 picks automatically (AutoMaxDepth)
  int leaf_size = 0;  // kLeafReferences: split cells holding more than this; 0 picks automatically
  bool cost_model = true;  // kLeafReferences: split only where the cost estimate says it pays
  // kLeafReferences: stop splitting once the references reach this many per triangle (memory cap;
  // at most 64). Models of small triangles stay below it (the dragons, the bunny);
  // levels of long walls and floors reach any cap, and at 4 their trees took over twice Embree's
  // memory for no faster rays than at 3 (docs/octree.md).
  float reference_budget = 3.0f;
};

struct OctreeBuildStats {
  double build_seconds = 0.0;
  // The flat arrays' capacities: nodes, packed references, subtree counts, depths, triangle copy.
  size_t memory_bytes = 0;
  size_t node_count = 0;
  size_t leaf_count = 0;
  size_t reference_count = 0;   // packed records (> triangle count when leaves share triangles)
  size_t reference_blocks = 0;  // blocks of eight lanes holding them (each cell's run padded)
  int max_depth = 0;            // the limit used
  int depth_reached = 0;        // deepest node
  int leaf_size = 0;            // the threshold used (kLeafReferences)
  DefectCounts skipped;         // degenerate triangles left out
  // The paper's "triângulos por profundidade" (figures 9, 11, 13, 15, 17): index = depth (1-based;
  // entry 0 unused); references per depth for kLeafReferences.
  std::vector<size_t> triangles_per_depth;
};

struct OctreeNode {
  glm::vec3 center;
  float half;            // half the cube's edge
  uint32_t first_child;  // index of the first non-empty child; they follow in octant order
  // This cell's triangles: lanes [first_ref, first_ref + ref_count) of the blocks, counted from
  // the first block's lane 0; first_ref is a multiple of 8 (each cell's run starts a block).
  uint32_t first_ref;
  uint32_t ref_count;
  uint8_t child_mask;  // bit o set when octant o (x = bit 0, y = bit 1, z = bit 2) exists
  uint8_t depth;       // root = 1
  uint16_t reserved;

  Aabb Bounds() const { return {center - glm::vec3(half), center + glm::vec3(half)}; }
  bool IsLeaf() const { return child_mask == 0; }
  bool HasChild(int octant) const { return (child_mask >> octant) & 1; }
  uint32_t Child(int octant) const {  // requires HasChild(octant)
    return first_child + kBitsBelow[child_mask][octant];
  }

  // kBitsBelow[mask][o]: how many of the octants before o exist (a table: without -mpopcnt,
  // __builtin_popcount is a library call, and this sits in the traversal's inner loop).
  static constexpr auto kBitsBelow = [] {
    std::array<std::array<uint8_t, 8>, 256> t{};
    for (int mask = 0; mask < 256; ++mask)
      for (int o = 0, below = 0; o < 8; ++o) {
        t[mask][o] = uint8_t(below);
        below += (mask >> o) & 1;
      }
    return t;
  }();
};
static_assert(sizeof(OctreeNode) == 32, "two nodes per cache line");

class Octree {
 public:
  Octree() = default;
  // Builds over triangles (ids = indices); degenerate ones are skipped and counted in stats().
  Octree(std::span<const Triangle> triangles, const OctreeBuildOptions& options);

  RayHit Nearest(const Ray& ray, Traversal traversal, const RayTriangleOptions& opt = {},
                 QueryStats* stats = nullptr, QueryTrace* trace = nullptr) const;
  bool AnyHit(const Ray& ray, Traversal traversal, const RayTriangleOptions& opt = {},
              QueryStats* stats = nullptr, QueryTrace* trace = nullptr) const;
  // Every hit, sorted by (t, triangle id); each triangle once.
  void AllHits(const Ray& ray, Traversal traversal, std::vector<RayHit>* out,
               const RayTriangleOptions& opt = {}, QueryStats* stats = nullptr,
               QueryTrace* trace = nullptr) const;

  std::span<const OctreeNode> nodes() const { return nodes_; }
  // Every cell's records, in blocks of eight lanes (triangle_lanes.h): a cell's run starts at a
  // block, so the lanes after its last record, up to the block's end, are zeroed padding.
  std::span<const TriangleLanes8> reference_blocks() const { return ref_blocks_; }
  TriangleLanesRange ReferencesOf(const OctreeNode& n) const {
    return {ref_blocks_.data() + n.first_ref / kLanesPerBlock, n.ref_count};
  }
  // The box of the triangles in the node's subtree, clipped to its cell (empty when it holds none):
  // every point where a ray can hit one of them lies in it, so the ordered traversal skips a cell
  // whose content box the ray misses (as a bounding volume hierarchy's tight boxes do) even when it
  // crosses the cell itself.
  // Read from the copy the ordered traversal tests (its parent's ChildBoxes lane).
  Aabb ContentBox(uint32_t node) const {
    const ChildBoxes& b = child_boxes_[box_slot_[node] / 8];
    const int k = int(box_slot_[node] % 8);
    return {{b.plane[0][k], b.plane[1][k], b.plane[2][k]},
            {b.plane[3][k], b.plane[4][k], b.plane[5][k]}};
  }
  // The boxes of a leaf's record blocks, four per group (block_boxes.h): empty for a cell with
  // one block or none, and for the paper placement's cells.
  std::span<const BlockBoxes> BlockBoxesOf(uint32_t node) const;
  // Triangle references in the node's whole subtree (0 = an empty cell, for "hide empty cells").
  uint32_t SubtreeReferences(uint32_t node) const { return subtree_refs_[node]; }
  // Depth of the (deepest) cell holding each input triangle; 0 for skipped ones.
  std::span<const uint8_t> triangle_depths() const { return triangle_depth_; }
  std::span<const Triangle> triangles() const { return triangles_; }
  size_t usable_triangle_count() const { return triangles_.size() - stats_.skipped.Total(); }
  const OctreeBuildStats& stats() const { return stats_; }
  const OctreeBuildOptions& options() const { return options_; }
  // Cells are tested as if grown by this much on every side, so rounding in the slab tests can
  // never lose a hit on a cell's boundary (see octree_query.cpp).
  float margin() const { return margin_; }
  bool empty() const { return nodes_.empty(); }

  // The limits used when options leave them 0: for kDeepestContaining a depth of 10, whose cells
  // (0.2 units after --fit100) are as small as the full dragon's triangles; for kLeafReferences
  // enough levels for one leaf per few triangles of a surface (about log4 N), capped at 13.
  static int AutoMaxDepth(Placement p, size_t triangle_count);
  // For kLeafReferences: kAutoLeafSize, whatever the model.
  static int AutoLeafSize(size_t triangle_count);
  static constexpr int kAutoLeafSize = 128;

 private:
  friend class OctreeBuilder;
  template <class Mode, class Sink>
  void TraversePaper(const Ray& ray, const RayTriangleOptions& opt, Mode& mode, Sink& sink) const;
  template <class Mode, class Sink>
  void TraverseOrdered(const Ray& ray, const RayTriangleOptions& opt, Mode& mode, Sink& sink) const;
  template <class Mode>
  void Dispatch(const Ray& ray, Traversal traversal, const RayTriangleOptions& opt, Mode& mode,
                QueryStats* stats, QueryTrace* trace) const;

  // The arrays a query walks, on 2 MB pages when large (large_pages.h).
  LargePageVector<OctreeNode> nodes_;
  LargePageVector<TriangleLanes8> ref_blocks_;
  std::vector<uint32_t> subtree_refs_;
  // Every node's content box (ContentBox), eight children side by side per inner node, for the
  // ordered traversal (child_boxes.h); index 0 holds the root alone.
  LargePageVector<ChildBoxes> child_boxes_;
  // The boxes of the record blocks of every leaf with more than one block (the leaf placement's),
  // four blocks per group, each leaf's groups contiguous (block_boxes.h).
  LargePageVector<BlockBoxes> block_boxes_;
  // Per node, where its box lies there: ChildBoxes index × 8 + lane (only ContentBox reads it).
  std::vector<uint32_t> box_slot_;
  std::vector<uint8_t> triangle_depth_;
  std::vector<Triangle> triangles_;
  OctreeBuildOptions options_;
  OctreeBuildStats stats_;
  float margin_ = 0.0f;
  Aabb scene_bounds_;  // of the usable triangles: where far ray origins are moved (ray_scale.h)
  // Asks the cache for a record block (its five lines), ahead of the test.
  void PrefetchRecords(uint32_t block) const {
    const char* first = reinterpret_cast<const char*>(ref_blocks_.data() + block);
    for (size_t line = 0; line < sizeof(TriangleLanes8); line += 64)
      __builtin_prefetch(first + line);
  }
  // Asks the cache for a leaf's first group of block boxes (its two lines).
  void PrefetchBlockBoxes(uint32_t group) const {
    const char* first = reinterpret_cast<const char*>(block_boxes_.data() + group);
    __builtin_prefetch(first);
    __builtin_prefetch(first + sizeof(BlockBoxes) - 1);
  }
  bool Prepare(const Ray& ray, const RayTriangleOptions& opt, QueryStats* stats,
               ScaledQuery* q) const;
};

}  // namespace partlab
