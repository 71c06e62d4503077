// Structural invariants of both placement policies ("Octree" section of the paper), checked
// independently of the builder's own code.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/geometry/triangle_box_overlap.h"
#include "engine/octree/brute_force_rays.h"
#include "octree_test_scenes.h"

namespace partlab {
namespace {

using testing::GridWithDuplicates;

std::vector<std::vector<Triangle>> Scenes() {
  return {MakeTriangleSoup(Affinity::kLow, 1500, 1), MakeTriangleSoup(Affinity::kMedium, 3000, 2),
          MakeTriangleSoup(Affinity::kHigh, 4000, 3), GridWithDuplicates(30)};
}

// Octant o of a cell, its faces exactly on the cell's faces and mid-planes.
Aabb OctantBox(const OctreeNode& n, int o) {
  const Aabb cell = n.Bounds();
  Aabb box;
  for (int a = 0; a < 3; ++a) {
    const bool high = (o >> a) & 1;
    box.min[a] = high ? n.center[a] : cell.min[a];
    box.max[a] = high ? cell.max[a] : n.center[a];
  }
  return box;
}

// Whether some octant of `cell` fully contains `b` (closed intervals, as the paper's "cabe
// totalmente").
bool SomeOctantContains(const OctreeNode& cell, const Aabb& b) {
  for (int o = 0; o < 8; ++o)
    if (OctantBox(cell, o).Contains(b)) return true;
  return false;
}

TEST(OctreeInvariants, RootIsACubeEnclosingEveryTriangle) {
  for (const auto& tris : Scenes()) {
    const Octree tree(tris, {Placement::kDeepestContaining});
    const OctreeNode& root = tree.nodes()[0];
    EXPECT_EQ(root.depth, 1);
    for (const Triangle& t : tris) EXPECT_TRUE(root.Bounds().Contains(t.Bounds()));
  }
}

// Depth-first storage: walking the tree depth first (children in octant order), each node's
// children block starts right where the previous block ended, and each node's references start
// at the first block after the previously walked node's (each run starts a block of eight lanes);
// so every subtree is one run of nodes and one run of reference blocks. The lanes after a node's
// last reference in its last block are zero, a triangle no ray can hit.
TEST(OctreeInvariants, NodesAndReferencesAreStoredDepthFirst) {
  for (Placement p : {Placement::kDeepestContaining, Placement::kLeafReferences}) {
    const Octree tree(MakeTriangleSoup(Affinity::kMedium, 4000, 12), {p});
    const auto nodes = tree.nodes();
    ASSERT_GT(nodes.size(), 9u);
    uint32_t next_block = 1, next_ref = 0;
    size_t walked = 0;
    std::vector<uint32_t> stack{0};
    while (!stack.empty()) {
      const OctreeNode& n = nodes[stack.back()];
      stack.pop_back();
      ++walked;
      EXPECT_EQ(n.first_ref, next_ref);
      const uint32_t blocks = (n.ref_count + 7) / 8;
      next_ref += 8 * blocks;
      for (uint32_t lane = n.ref_count; lane < 8 * blocks; ++lane) {
        const TriangleLanes8& last = tree.reference_blocks()[n.first_ref / 8 + lane / 8];
        const PackedTriangle pad = last.Get(int(lane % 8));
        EXPECT_TRUE(pad.v0 == glm::vec3(0.0f) && pad.e1 == glm::vec3(0.0f) &&
                    pad.e2 == glm::vec3(0.0f) && pad.id == 0u);
      }
      if (n.IsLeaf()) continue;
      EXPECT_EQ(n.first_child, next_block);
      next_block += uint32_t(__builtin_popcount(n.child_mask));
      for (int o = 7; o >= 0; --o)  // pushed last to first: octant 0 is walked first
        if (n.HasChild(o)) stack.push_back(n.Child(o));
    }
    EXPECT_EQ(walked, nodes.size());
    EXPECT_EQ(next_block, nodes.size());
    EXPECT_EQ(next_ref, 8 * tree.reference_blocks().size());
  }
}

TEST(OctreeInvariants, ChildrenAreTheParentsOctants) {
  for (Placement p : {Placement::kDeepestContaining, Placement::kLeafReferences}) {
    const Octree tree(MakeTriangleSoup(Affinity::kHigh, 3000, 9), {p});
    for (const OctreeNode& n : tree.nodes())
      for (int o = 0; o < 8; ++o) {
        if (!n.HasChild(o)) continue;
        const OctreeNode& c = tree.nodes()[n.Child(o)];
        EXPECT_EQ(c.depth, n.depth + 1);
        EXPECT_FLOAT_EQ(c.half, n.half / 2);
        EXPECT_EQ(c.center.x > n.center.x, bool(o & 1));
        EXPECT_EQ(c.center.y > n.center.y, bool(o & 2));
        EXPECT_EQ(c.center.z > n.center.z, bool(o & 4));
        EXPECT_TRUE(n.Bounds().Contains(c.Bounds()));
      }
  }
}

// The paper's placement: every triangle exactly once, in a cell that contains it, and either at the
// maximum depth or in a cell none of whose octants contains it (the deepest containing octant).
TEST(OctreeInvariants, PaperPlacementPutsEachTriangleInItsDeepestContainingCell) {
  for (const auto& tris : Scenes()) {
    for (int max_depth : {3, 6, 10}) {
      const Octree tree(tris, {Placement::kDeepestContaining, max_depth});
      std::vector<int> seen(tris.size(), 0);
      for (const OctreeNode& n : tree.nodes()) {
        EXPECT_LE(n.depth, max_depth);
        for (const PackedTriangle& p : tree.ReferencesOf(n)) {
          ++seen[p.id];
          const Aabb b = tris[p.id].Bounds();
          EXPECT_TRUE(n.Bounds().Contains(b));
          if (n.depth < max_depth) {
            EXPECT_FALSE(SomeOctantContains(n, b)) << "id " << p.id;
          }
        }
      }
      for (size_t id = 0; id < tris.size(); ++id) EXPECT_EQ(seen[id], 1) << "id " << id;
      size_t per_depth = 0;
      for (size_t c : tree.stats().triangles_per_depth) per_depth += c;
      EXPECT_EQ(per_depth, tris.size());
    }
  }
}

// The leaf-reference placement: triangles only in leaves, and every triangle that overlaps a leaf's
// cube (exact SAT) is referenced by that leaf; octants left out of a split cell overlap nothing.
TEST(OctreeInvariants, LeafPlacementReferencesEveryOverlappedLeaf) {
  for (const auto& tris : Scenes()) {
    std::vector<Aabb> bounds;
    for (const Triangle& t : tris) bounds.push_back(t.Bounds());
    for (int leaf_size : {2, 8}) {
      OctreeBuildOptions opt{Placement::kLeafReferences, 8, leaf_size};
      const Octree tree(tris, opt);
      size_t leaves_with_refs = 0;
      for (uint32_t i = 0; i < tree.nodes().size(); ++i) {
        const OctreeNode& n = tree.nodes()[i];
        if (!n.IsLeaf()) {
          EXPECT_EQ(n.ref_count, 0u);
          for (int o = 0; o < 8; ++o) {
            if (n.HasChild(o)) continue;
            const Aabb octant = OctantBox(n, o);
            for (uint32_t id = 0; id < tris.size(); ++id)
              ASSERT_FALSE(Overlaps(bounds[id], octant) && TriangleOverlapsBox(tris[id], octant));
          }
          continue;
        }
        std::set<uint32_t> refs;
        for (const PackedTriangle& p : tree.ReferencesOf(n)) refs.insert(p.id);
        EXPECT_EQ(refs.size(), n.ref_count) << "a leaf references a triangle twice";
        for (uint32_t id = 0; id < tris.size(); ++id)
          if (Overlaps(bounds[id], n.Bounds()) && TriangleOverlapsBox(tris[id], n.Bounds())) {
            ASSERT_TRUE(refs.count(id)) << "leaf " << i << " misses triangle " << id;
          }
        leaves_with_refs += !refs.empty();
      }
      EXPECT_GT(leaves_with_refs, 0u);
    }
  }
}

// The cost estimate keeps a soup of huge triangles (low affinity) in few cells rather than
// referencing each triangle from hundreds of leaves; clustered triangles still split deeply. Both
// with small leaves (6), where the cost estimate, not the leaf size, decides where splitting
// stops, and with the automatic size.
TEST(OctreeInvariants, LeafPlacementSplitsOnlyWhereItPays) {
  for (int leaf_size : {6, 0}) {
    const OctreeBuildOptions opt{Placement::kLeafReferences, 0, leaf_size};
    const Octree low(MakeTriangleSoup(Affinity::kLow, 5000, 4), opt);
    EXPECT_LT(low.stats().reference_count, 3 * 5000u);
    const Octree high(MakeTriangleSoup(Affinity::kHigh, 5000, 4), opt);
    // 5000 clustered triangles in leaves of at most L need at least 5000 / L leaves, and a tree of
    // depth d has at most 8^(d-1) of them: depth 5 for L = 6, 4 for 32.
    EXPECT_GE(high.stats().depth_reached, leaf_size == 6 ? 5 : 4) << "leaf size " << leaf_size;
  }
}

// The reference budget (at most budget × N references) refuses exactly the splits that would pass
// it. The root's split is counted here independently: each triangle against each octant grown by
// the tree's margin, by the separating axis test alone. With that many references allowed the
// root splits; with one fewer it stays a leaf (the build stops counting a split early once it is
// sure to be refused, which must not refuse one that fits).
TEST(OctreeInvariants, ReferenceBudgetRefusesExactlyTheSplitsPastIt) {
  for (const auto& tris : Scenes()) {
    OctreeBuildOptions opt{Placement::kLeafReferences, 2, 1, false, 64.0f};
    const Octree split(tris, opt);
    ASSERT_GT(split.nodes().size(), 1u);
    const OctreeNode& root = split.nodes()[0];
    size_t references = 0;
    for (int o = 0; o < 8; ++o) {
      Aabb grown = OctantBox(root, o);
      grown.min -= glm::vec3(split.margin());
      grown.max += glm::vec3(split.margin());
      for (const Triangle& t : tris) references += TriangleOverlapsBox(t, grown);
    }
    ASSERT_EQ(split.stats().reference_count, references);
    const double n = double(tris.size());
    // Budgets whose budget × N rounds down to exactly `references`, and to one fewer.
    opt.reference_budget = float((double(references) + 0.5) / n);
    ASSERT_EQ(size_t(double(opt.reference_budget) * n), references);
    EXPECT_GT(Octree(tris, opt).nodes().size(), 1u) << "a split that fits the budget was refused";
    opt.reference_budget = float((double(references) - 0.5) / n);
    ASSERT_EQ(size_t(double(opt.reference_budget) * n), references - 1);
    EXPECT_EQ(Octree(tris, opt).nodes().size(), 1u) << "a split past the budget was made";
  }
}

TEST(OctreeInvariants, DegenerateTrianglesAreSkippedAndCounted) {
  auto tris = MakeTriangleSoup(Affinity::kHigh, 500, 5);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  tris[3].v1.x = nan;
  tris[10].v2 = tris[10].v0;                     // repeated vertex
  tris[11] = {{1, 1, 1}, {2, 2, 2}, {3, 3, 3}};  // collinear
  tris[12].v0.z = std::numeric_limits<float>::infinity();
  for (Placement p : {Placement::kDeepestContaining, Placement::kLeafReferences}) {
    const Octree tree(tris, {p});
    EXPECT_EQ(tree.stats().skipped.non_finite, 2u);
    EXPECT_EQ(tree.stats().skipped.zero_area, 2u);
    EXPECT_EQ(tree.usable_triangle_count(), 496u);
    for (const OctreeNode& n : tree.nodes())
      for (const PackedTriangle& r : tree.ReferencesOf(n))
        EXPECT_TRUE(r.id != 3 && r.id != 10 && r.id != 11 && r.id != 12);
    EXPECT_TRUE(std::isfinite(tree.nodes()[0].half));
  }
}

TEST(OctreeInvariants, EmptyAndAllDegenerateInputsGiveAnEmptyTree) {
  const Octree none(std::vector<Triangle>{}, {});
  EXPECT_TRUE(none.empty());
  EXPECT_FALSE(none.Nearest({{0, 0, 0}, {1, 0, 0}}, Traversal::kOrdered).hit);
  const std::vector<Triangle> flat = {{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}};
  const Octree tree(flat, {});
  EXPECT_TRUE(tree.empty());
  EXPECT_EQ(tree.stats().skipped.zero_area, 1u);
}

TEST(OctreeInvariants, StatisticsAddUp) {
  const auto tris = MakeTriangleSoup(Affinity::kMedium, 2000, 6);
  const Octree tree(tris, {Placement::kLeafReferences});
  const OctreeBuildStats& s = tree.stats();
  EXPECT_EQ(s.node_count, tree.nodes().size());
  size_t references = 0, blocks = 0;
  for (const OctreeNode& n : tree.nodes()) {
    references += n.ref_count;
    blocks += (n.ref_count + 7) / 8;
  }
  EXPECT_EQ(s.reference_count, references);
  EXPECT_EQ(s.reference_blocks, blocks);
  EXPECT_EQ(tree.reference_blocks().size(), blocks);
  EXPECT_GE(s.memory_bytes,
            s.node_count * sizeof(OctreeNode) + blocks * 8 * sizeof(PackedTriangle));
  EXPECT_EQ(tree.SubtreeReferences(0), s.reference_count);
  EXPECT_GT(s.build_seconds, 0.0);
  EXPECT_LE(s.depth_reached, s.max_depth);
}

// The content box, from its definition and apart from the builder's code: the union, over the
// node's subtree, of each cell's triangles' bounds (from the input triangles, by id) clipped to
// that cell; inside the node's own cell; and no smaller than any hit point a ray can have there.
Aabb ContentFromDefinition(const Octree& tree, std::span<const Triangle> tris, uint32_t node) {
  Aabb box;
  std::vector<uint32_t> todo{node};
  while (!todo.empty()) {
    const OctreeNode& n = tree.nodes()[todo.back()];
    todo.pop_back();
    const Aabb cell = n.Bounds();
    for (const PackedTriangle& p : tree.ReferencesOf(n)) {
      const Aabb b = tris[p.id].Bounds();
      box.Grow(Aabb{glm::max(b.min, cell.min), glm::min(b.max, cell.max)});
    }
    for (int o = 0; o < 8; ++o)
      if (n.HasChild(o)) todo.push_back(n.Child(o));
  }
  return box;
}

TEST(OctreeInvariants, ContentBoxIsTheSubtreesTrianglesClippedToTheirCells) {
  for (Placement p : {Placement::kDeepestContaining, Placement::kLeafReferences})
    for (const auto& tris : Scenes()) {
      const Octree tree(tris, {p});
      for (uint32_t i = 0; i < tree.nodes().size(); ++i) {
        const Aabb want = ContentFromDefinition(tree, tris, i);
        const Aabb& got = tree.ContentBox(i);
        ASSERT_FALSE(want.IsEmpty()) << "node " << i;  // no empty cell is made
        for (int a = 0; a < 3; ++a) {
          ASSERT_EQ(got.min[a], want.min[a]) << "node " << i << " axis " << a;
          ASSERT_EQ(got.max[a], want.max[a]) << "node " << i << " axis " << a;
        }
        // Inside the cell, up to the rounding of a child's faces (the cells are tested grown by
        // the margin anyway).
        const Aabb cell = tree.nodes()[i].Bounds();
        const glm::vec3 m(tree.margin());
        ASSERT_TRUE(Aabb(cell.min - m, cell.max + m).Contains(got)) << "node " << i;
      }
    }
}

// Calls visit(node index, hit, hit point) for every node whose cell holds the nearest hit point
// brute force finds for one of 400 test rays.
template <class Visit>
void ForEachHitPointInCell(const Octree& tree, const std::vector<Triangle>& tris, Visit visit) {
  const PreparedTriangles prepared(tris);
  for (const Ray& ray : testing::TestRays(400, 5)) {
    const RayHit hit = BruteForceNearest(prepared, ray);
    if (!hit.hit) continue;
    const glm::vec3 point = ray.origin + hit.t * ray.direction;
    for (uint32_t i = 0; i < tree.nodes().size(); ++i)
      if (tree.nodes()[i].Bounds().Contains(Aabb{point, point})) visit(i, hit, point);
  }
}

// The box holds the point, grown by the rounding of the hit's t.
bool HoldsWithinRounding(const Aabb& box, glm::vec3 point) {
  const float slack = 1e-4f * (1.0f + glm::length(point));
  return Aabb(box.min - slack, box.max + slack).Contains(Aabb{point, point});
}

// Every brute-force hit point lies in the content box of every leaf whose cell holds it and that
// references the hit triangle: the box the ordered traversal tests before entering a cell cannot
// leave out a hit that cell would find (the margin only adds to that).
TEST(OctreeInvariants, ContentBoxHoldsEveryHitPointOfItsCell) {
  const auto tris = MakeTriangleSoup(Affinity::kHigh, 3000, 12);
  const Octree tree(tris, {Placement::kLeafReferences});
  size_t checked = 0;
  ForEachHitPointInCell(tree, tris, [&](uint32_t i, const RayHit& hit, glm::vec3 point) {
    const OctreeNode& n = tree.nodes()[i];
    if (!n.IsLeaf()) return;
    bool references = false;
    for (const PackedTriangle& p : tree.ReferencesOf(n)) references |= p.id == hit.triangle;
    if (!references) return;
    EXPECT_TRUE(HoldsWithinRounding(tree.ContentBox(i), point)) << "node " << i;
    ++checked;
  });
  EXPECT_GT(checked, 100u);
}

// The tree's large arrays: from one 2 MB page up, starting on a large page and taking whole small
// pages (the tail past the last whole large page is not rounded up to another); ordinary memory
// below it; either way aligned for the record blocks, holding what was put in, and counted as
// they are taken.
// The boxes of a leaf's record blocks (block_boxes.h): a group of four per four blocks for every
// leaf placement leaf of two blocks or more, none otherwise; each block's box holds the part of
// each of its triangles' bounds inside the cell; lanes past the last block hold the box no ray
// crosses.
TEST(OctreeInvariants, BlockBoxesHoldTheirTrianglesInTheirCells) {
  for (const auto& tris : Scenes())
    for (Placement placement : {Placement::kLeafReferences, Placement::kDeepestContaining}) {
      const Octree tree(tris, {placement, 0, 64});
      size_t leaves_with_boxes = 0;
      for (uint32_t i = 0; i < tree.nodes().size(); ++i) {
        const OctreeNode& n = tree.nodes()[i];
        const size_t blocks = BlocksFor(n.ref_count);
        const std::span<const BlockBoxes> groups = tree.BlockBoxesOf(i);
        const bool expected = placement == Placement::kLeafReferences && n.IsLeaf() && blocks >= 2;
        ASSERT_EQ(groups.size(), expected ? (blocks + 3) / 4 : 0) << "node " << i;
        leaves_with_boxes += expected;
        const Aabb cell = n.Bounds();
        for (size_t lane = 0; lane < 4 * groups.size(); ++lane) {
          const BlockBoxes& g = groups[lane / 4];
          const glm::vec3 lo(g.plane[0][lane % 4], g.plane[1][lane % 4], g.plane[2][lane % 4]);
          const glm::vec3 hi(g.plane[3][lane % 4], g.plane[4][lane % 4], g.plane[5][lane % 4]);
          if (lane >= blocks) {
            EXPECT_EQ(lo, glm::vec3(kNoBlockMin)) << "node " << i << " lane " << lane;
            EXPECT_EQ(hi, glm::vec3(kNoBlockMax)) << "node " << i << " lane " << lane;
            continue;
          }
          for (size_t r = lane * 8; r < std::min<size_t>(n.ref_count, lane * 8 + 8); ++r) {
            const PackedTriangle p = tree.ReferencesOf(n)[r];
            const Triangle& t = tris[p.id];
            Aabb in_cell = t.Bounds();
            in_cell = {glm::max(in_cell.min, cell.min), glm::min(in_cell.max, cell.max)};
            if (in_cell.IsEmpty()) continue;  // touches only the cell's margin
            EXPECT_TRUE(Aabb(lo, hi).Contains(in_cell)) << "node " << i << " record " << r;
          }
        }
      }
      if (placement == Placement::kLeafReferences) {
        EXPECT_GT(leaves_with_boxes, 0u);
      }
    }
}

// The leaf placement orders each leaf's records by place before cutting blocks, so the blocks'
// boxes are small: on a soup whose ids say nothing of place, their total area is well under that
// of the same leaves' records cut into blocks in id order.
TEST(OctreeInvariants, LeavesAreOrderedByPlaceForSmallBlockBoxes) {
  const auto tris = MakeTriangleSoup(Affinity::kHigh, 4000, 3);
  const Octree tree(tris, {Placement::kLeafReferences, 0, 128});
  auto area = [](const Aabb& b) {
    const glm::vec3 e = b.Extent();
    return double(e.x * e.y + e.y * e.z + e.z * e.x);
  };
  double ordered = 0, by_id = 0;
  for (uint32_t i = 0; i < tree.nodes().size(); ++i) {
    const OctreeNode& n = tree.nodes()[i];
    const std::span<const BlockBoxes> groups = tree.BlockBoxesOf(i);
    if (groups.empty()) continue;
    const Aabb cell = n.Bounds();
    std::vector<uint32_t> ids;
    for (const PackedTriangle& p : tree.ReferencesOf(n)) ids.push_back(p.id);
    std::sort(ids.begin(), ids.end());
    for (size_t block = 0; block * 8 < ids.size(); ++block) {
      const BlockBoxes& g = groups[block / 4];
      const int k = int(block % 4);
      ordered += area({{g.plane[0][k], g.plane[1][k], g.plane[2][k]},
                       {g.plane[3][k], g.plane[4][k], g.plane[5][k]}});
      Aabb box;
      for (size_t r = block * 8; r < std::min(ids.size(), block * 8 + 8); ++r)
        box.Grow(tris[ids[r]].Bounds());
      by_id += area({glm::max(box.min, cell.min), glm::min(box.max, cell.max)});
    }
  }
  EXPECT_GT(by_id, 0.0);
  EXPECT_LT(ordered, 0.6 * by_id);
}

// The property the ordered traversal's block test relies on: the nearest hit's point lies in the
// box of the block that holds its triangle, in every leaf that references the triangle and holds
// the point.
TEST(OctreeInvariants, BlockBoxHoldsEveryHitPointOfItsCell) {
  const auto tris = MakeTriangleSoup(Affinity::kHigh, 3000, 12);
  const Octree tree(tris, {Placement::kLeafReferences, 0, 64});
  size_t checked = 0;
  ForEachHitPointInCell(tree, tris, [&](uint32_t i, const RayHit& hit, glm::vec3 point) {
    const OctreeNode& n = tree.nodes()[i];
    const std::span<const BlockBoxes> groups = tree.BlockBoxesOf(i);
    if (groups.empty()) return;
    for (size_t r = 0; r < n.ref_count; ++r) {
      if (tree.ReferencesOf(n)[r].id != hit.triangle) continue;
      const size_t block = r / 8;
      const BlockBoxes& g = groups[block / 4];
      const int k = int(block % 4);
      const Aabb box{{g.plane[0][k], g.plane[1][k], g.plane[2][k]},
                     {g.plane[3][k], g.plane[4][k], g.plane[5][k]}};
      EXPECT_TRUE(HoldsWithinRounding(box, point)) << "node " << i << " record " << r;
      ++checked;
    }
  });
  EXPECT_GT(checked, 100u);
}

TEST(OctreeInvariants, LargePageArraysAreAlignedAndCountedAsTaken) {
  EXPECT_EQ(LargePageBytes(1000, kTreeLargePagesFrom), 1000u);
  EXPECT_EQ(LargePageBytes(kLargePageBytes, kTreeLargePagesFrom), kLargePageBytes);
  EXPECT_EQ(LargePageBytes(kLargePageBytes + 1, kTreeLargePagesFrom),
            kLargePageBytes + kSmallPageBytes);
  for (size_t blocks : {size_t(3), size_t(3) * kLargePageBytes / sizeof(TriangleLanes8) + 5}) {
    LargePageVector<TriangleLanes8> v(blocks);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(v.data()) % alignof(TriangleLanes8), 0u);
    v.back().id[7] = 1234567u;
    EXPECT_EQ(v.back().id[7], 1234567u);
    EXPECT_EQ(v.front().id[0], 0u);  // value-initialised
    const size_t bytes = blocks * sizeof(TriangleLanes8);
    if (bytes >= kLargePageBytes) {
      EXPECT_EQ(reinterpret_cast<uintptr_t>(v.data()) % kLargePageBytes, 0u);
    }
    EXPECT_EQ(CapacityBytes(v), bytes < kLargePageBytes ? bytes
                                                        : (bytes + kSmallPageBytes - 1) /
                                                              kSmallPageBytes * kSmallPageBytes);
  }
}

// The build's scratch arrays: from an eighth of a large page up, whole large pages starting on a
// large page (so that writing them faults once per 2 MB); below it ordinary memory; either way
// holding what was put in, through growth too.
TEST(OctreeInvariants, ScratchArraysTakeWholeLargePagesFromAnEighthOfOne) {
  for (size_t count : {size_t(100), kScratchLargePagesFrom / sizeof(Aabb) + 1,
                       3 * kLargePageBytes / sizeof(Aabb)}) {
    ScratchVector<Aabb> v;
    for (size_t i = 0; i < count; ++i) v.push_back(Aabb{glm::vec3(float(i)), glm::vec3(float(i))});
    EXPECT_EQ(v.size(), count);
    EXPECT_EQ(v[count / 2].min.x, float(count / 2));
    EXPECT_EQ(v.back().max.z, float(count - 1));
    const bool large = v.capacity() * sizeof(Aabb) >= kScratchLargePagesFrom;
    EXPECT_EQ(large, count > 100);
    if (large) {
      EXPECT_EQ(reinterpret_cast<uintptr_t>(v.data()) % kLargePageBytes, 0u);
    }
  }
}

}  // namespace
}  // namespace partlab
