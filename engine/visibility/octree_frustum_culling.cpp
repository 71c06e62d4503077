#include "engine/visibility/octree_frustum_culling.h"

#include <algorithm>
#include <chrono>

namespace partlab {

namespace {

class Culler {
 public:
  Culler(const Octree& octree, const Frustum& frustum, OctreeCullResult* r)
      : octree_(octree), frustum_(frustum), r_(*r) {}

  // Section 3.2.3.2: test the cell; recurse only into the children of intersecting cells.
  void Visit(uint32_t index) {
    const OctreeNode& node = octree_.nodes()[index];
    const BoxClass c = frustum_.Classify(node.Bounds());
    ++r_.cells_tested;
    r_.cell_class[index] = uint8_t(c);
    if (c == BoxClass::kOutside) {
      ++r_.cells_outside;
      return;
    }
    if (c == BoxClass::kInside) {
      ++r_.cells_inside;
      AcceptSubtree(index);  // no child is tested
      return;
    }
    ++r_.cells_intersecting;
    AcceptOwn(node);  // triangles stored at this cell itself (the paper's placement)
    for (int o = 0; o < 8; ++o)
      if (node.HasChild(o)) Visit(node.Child(o));
  }

 private:
  void AcceptOwn(const OctreeNode& node) {
    for (const PackedTriangle& t : octree_.ReferencesOf(node)) {
      uint8_t& flag = r_.accepted[t.id];
      r_.triangles_accepted += flag == 0;
      flag = 1;
    }
  }
  void AcceptSubtree(uint32_t index) {
    const OctreeNode& node = octree_.nodes()[index];
    AcceptOwn(node);
    for (int o = 0; o < 8; ++o)
      if (node.HasChild(o)) AcceptSubtree(node.Child(o));
  }

  const Octree& octree_;
  const Frustum& frustum_;
  OctreeCullResult& r_;
};

}  // namespace

void CullOctree(const Octree& octree, const Frustum& frustum, OctreeCullResult* result) {
  const auto start = std::chrono::steady_clock::now();
  OctreeCullResult& r = *result;
  r.cell_class.assign(octree.nodes().size(), OctreeCullResult::kNotVisited);
  r.accepted.assign(octree.triangles().size(), 0);
  r.triangles_accepted = 0;
  r.triangles_total = octree.usable_triangle_count();
  r.cells_tested = r.cells_outside = r.cells_inside = r.cells_intersecting = 0;
  if (!octree.empty()) Culler(octree, frustum, &r).Visit(0);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace partlab
