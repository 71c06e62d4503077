// The octree's two traversals ("Detecção de colisão com OCTREE") and the three query modes.
//
// Exactness. Both traversals run the same Möller–Trumbore kernel on the same packed records as the
// brute force, so a triangle tested gives bit-identical t, u, v; and both test every triangle the
// ray can hit, because every cell (the paper's traversal) or every cell's content box (the
// ordered one) is tested grown by margin() (far more than the rounding of the slab test and of t),
// and a hit point lies inside the (closed) cell that holds or references its triangle, and inside
// that cell's content box. The ordered traversal only skips a cell whose grown entry distance is
// beyond the nearest hit so far; every hit in that cell is at least that far, so it cannot be
// nearer nor an equal-t lower id. Ties are broken by id (RayHit::Before) whatever the visiting
// order.
#include <algorithm>
#include <cmath>

#include "engine/geometry/ray_box.h"
#include "engine/geometry/ray_scale.h"
#include "engine/octree/octree.h"
#include "engine/octree/octree_lanes.h"
#include "engine/octree/packed_moller_trumbore.h"

namespace partlab {
namespace {

// ---- What a traversal reports (compiled away when nobody asks) ----
struct NoSink {
  void Node(uint32_t) {}
  void Test(uint32_t) {}
};
struct CountSink {
  QueryStats* stats;
  uint64_t nodes = 0, tests = 0;
  void Node(uint32_t) { ++nodes; }
  void Test(uint32_t) { ++tests; }
  ~CountSink() {
    stats->nodes_visited += nodes;
    stats->triangle_tests += tests;
  }
};
struct TraceSink {
  QueryStats* stats;  // may be null
  QueryTrace* trace;
  void Node(uint32_t n) {
    trace->visited_nodes.push_back(n);
    if (stats) ++stats->nodes_visited;
  }
  void Test(uint32_t id) {
    trace->tested_triangles.push_back(id);
    if (stats) ++stats->triangle_tests;
  }
};

// ---- The three query modes: what a hit does and how far cells still matter ----
struct NearestMode {
  // The query's answer itself: Nearest returns it without a copy. (A copy of the struct built here
  // was read with one wide load right after its narrower stores, which the CPU cannot forward: a
  // stall on every ray.)
  RayHit& best;
  bool prune_by_best;  // ordered traversal: cells beyond best.t cannot matter
  float t_max;
  // Limit() kept up to date on each hit rather than worked out on every cell (the traversal asks
  // it twice per cell): min(best.t, t_max) when pruning, else t_max.
  float limit = t_max;
  bool Accept(const RayTriangleHit& h, uint32_t id) {
    if (best.Before(h.t, id)) {
      best = {true, h.t, id, h.u, h.v};
      if (prune_by_best) limit = std::min(best.t, t_max);
    }
    return false;  // keep going
  }
  float Limit() const { return limit; }
  bool Found() const { return best.hit; }
};
struct AnyMode {
  bool found = false;
  float t_max;
  bool Accept(const RayTriangleHit&, uint32_t) { return found = true; }  // stop at the first
  float Limit() const { return t_max; }
  bool Found() const { return found; }
};
struct AllMode {
  std::vector<RayHit>* out;
  float t_max;
  bool Accept(const RayTriangleHit& h, uint32_t id) {
    out->push_back({true, h.t, id, h.u, h.v});
    return false;
  }
  float Limit() const { return t_max; }
  bool Found() const { return !out->empty(); }
};

// Tests a cell's triangles; true when the mode wants to stop (any-hit).
template <class Mode, class Sink>
inline bool TestCell(const TriangleLanesRange& refs, const Ray& ray, const RayTriangleOptions& opt,
                     Mode& mode, Sink& sink) {
  // Local copies: the mode's stores on a hit could otherwise alias them and force reloads of the
  // ray and the options for every triangle.
  const glm::vec3 origin = ray.origin, dir = ray.direction;
  const RayTriangleOptions o = opt;
  RayTriangleHit h;
  for (const PackedTriangle p : refs) {
    sink.Test(p.id);
    if (IntersectMollerTrumbore(origin, dir, p.v0, p.e1, p.e2, o, &h) && mode.Accept(h, p.id))
      return true;
  }
  return false;
}

// The ordered traversal's cell test: the same triangles in the same order and the same answers as
// TestCell, one block of eight lanes per call where the CPU has AVX2 and more than four of the
// block's lanes are the cell's, else four lanes (packed_moller_trumbore.h), loaded straight from
// the blocks (triangle_lanes.h). Hits are handed to the mode in record order, so ties and the
// any-hit stop fall as they do there; every record of a group counts as tested.
template <class Mode, class Hits>
inline bool AcceptGroup(unsigned mask, const Hits& hits, const uint32_t* ids, Mode& mode) {
  for (; mask; mask &= mask - 1) {
    const int k = __builtin_ctz(mask);
    if (mode.Accept({hits.t[k], hits.u[k], hits.v[k]}, ids[k])) return true;
  }
  return false;
}

// One block's first `count` lanes (1..8), eight-wide or as four-lane halves.
template <class Mode, class Sink>
inline bool TestBlock(const TriangleLanes8& block, int count, const glm::vec3& origin,
                      const glm::vec3& dir, const RayTriangleOptions& o, bool eight_wide,
                      Mode& mode, Sink& sink) {
  for (int k = 0; k < count; ++k) sink.Test(block.id[k]);
#if defined(PARTLAB_HAVE_EIGHT_WIDE_MT)
  if (eight_wide && count > 4) {
    EightHits hits;
    const unsigned mask = IntersectEightLanes(origin, dir, block, count, o, &hits);
    return AcceptGroup(mask, hits, block.id, mode);
  }
#else
  (void)eight_wide;
#endif
  for (int half = 0; half * 4 < count; ++half) {
    FourHits hits;
    const int in_half = std::min(4, count - half * 4);
    const unsigned mask = IntersectFourLanes(origin, dir, block, half, in_half, o, &hits);
    if (AcceptGroup(mask, hits, block.id + half * 4, mode)) return true;
  }
  return false;
}

template <class Mode, class Sink>
inline bool TestCellWide(const TriangleLanesRange& refs, const Ray& ray,
                         const RayTriangleOptions& opt, bool eight_wide, Mode& mode, Sink& sink) {
  const glm::vec3 origin = ray.origin, dir = ray.direction;
  const RayTriangleOptions o = opt;
  const TriangleLanes8* block = refs.blocks();
  for (size_t left = refs.size(); left > 0; ++block) {
    const int count = int(std::min<size_t>(kLanesPerBlock, left));
    left -= size_t(count);
    if (TestBlock(*block, count, origin, dir, o, eight_wide, mode, sink)) return true;
  }
  return false;
}

// A leaf of several blocks: each group of four blocks' boxes (block_boxes.h) tested at once, as a
// node's children's are, and only the blocks whose (grown) box the ray crosses before the nearest
// hit so far are tested, in the leaf's order. A block skipped holds no triangle the ray can hit
// inside this cell nearer than that hit (its box holds every such hit point); hits outside the
// cell are found in the cells that hold them.
template <class Mode, class Sink>
inline bool TestLeafBlocks(const TriangleLanesRange& refs, const BlockBoxes* groups,
                           const octree_lanes::BoxRay& box_ray, const Ray& ray,
                           const RayTriangleOptions& opt, bool eight_wide, Mode& mode, Sink& sink) {
  const glm::vec3 origin = ray.origin, dir = ray.direction;
  const RayTriangleOptions o = opt;
  const size_t blocks = BlocksFor(refs.size());
  for (size_t g = 0; g * 4 < blocks; ++g) {
    float enter[4];
    // Lanes past the last block hold boxes no ray crosses.
    for (unsigned crossed =
             octree_lanes::CrossedBlockBoxes(groups[g], box_ray, o.t_min, mode.Limit(), enter);
         crossed; crossed &= crossed - 1) {
      const int lane = __builtin_ctz(crossed);
      if (enter[lane] > mode.Limit()) continue;  // beyond a hit found in an earlier block
      const size_t block = 4 * g + size_t(lane);
      const int count = int(std::min<size_t>(kLanesPerBlock, refs.size() - block * kLanesPerBlock));
      if (TestBlock(refs.blocks()[block], count, origin, dir, o, eight_wide, mode, sink))
        return true;
    }
  }
  return false;
}

constexpr int kStackSize = 8 * (kOctreeDepthLimit + 1);

// kMirroredMask[sign][mask]: bit m set when octant m ^ sign exists, i.e. the child mask in the
// ray's mirrored (front-to-back) numbering.
constexpr auto kMirroredMask = [] {
  std::array<std::array<uint8_t, 256>, 8> t{};
  for (int sign = 0; sign < 8; ++sign)
    for (int mask = 0; mask < 256; ++mask)
      for (int m = 0; m < 8; ++m)
        if ((mask >> (m ^ sign)) & 1) t[sign][mask] |= uint8_t(1u << m);
  return t;
}();

}  // namespace

// The paper's traversal: "O raio é testado com cada octante cúbico da célula atual, e, se for
// constatada colisão raio-cubo ... o algoritmo navega para dentro do octante e repete o teste. Por
// fim, ele executa o teste de colisão fino raio-triângulo com todos os triângulos pertencentes às
// células navegadas." Depth first, every child slab-tested, no ordering and no early exit.
template <class Mode, class Sink>
void Octree::TraversePaper(const Ray& ray, const RayTriangleOptions& opt, Mode& mode,
                           Sink& sink) const {
  const SlabRay s = MakeSlabRay(ray);
  const glm::vec3 grow(margin_);
  float t_enter;
  const OctreeNode& root = nodes_[0];
  if (!SlabTest(s, root.center - root.half - grow, root.center + root.half + grow, opt.t_min,
                mode.Limit(), &t_enter))
    return;
  uint32_t stack[kStackSize];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const uint32_t index = stack[--top];
    const OctreeNode& n = nodes_[index];
    sink.Node(index);
    if (TestCell(ReferencesOf(n), ray, opt, mode, sink)) return;
    for (int oct = 0; oct < 8; ++oct) {
      if (!n.HasChild(oct)) continue;
      const OctreeNode& c = nodes_[n.Child(oct)];
      if (SlabTest(s, c.center - c.half - grow, c.center + c.half + grow, opt.t_min, mode.Limit(),
                   &t_enter))
        stack[top++] = n.Child(oct);
    }
  }
}

// The ordered traversal. A node is entered at the distance where the ray enters its content box
// (ContentBox: what its subtree holds, clipped to its cell), grown by the margin, so no hit is
// lost. Its eight children's boxes are tested at once (octree_lanes.h), and only those the ray
// crosses are stacked, as a bounding volume hierarchy of eight-wide nodes would. Visiting the
// octants in the order m = 0..7 of the "mirrored" index m = octant ^ sign_mask is front to back:
// along the ray each mirrored bit can only go from 0 (near half) to 1 (far half), so the cells a
// ray crosses, and the boxes inside them, have increasing m (Revelles et al. 2000). Children are
// pushed far first, so the nearest is popped first, and a stacked child whose box starts beyond
// the nearest hit found since is dropped when it comes off the stack.
template <class Mode, class Sink>
void Octree::TraverseOrdered(const Ray& ray, const RayTriangleOptions& opt, Mode& mode,
                             Sink& sink) const {
  using namespace octree_lanes;
  const SlabRay s = MakeSlabRay(ray);
  const BoxRay box_ray = MakeBoxRay(s, margin_);
  struct Entry {
    float enter;  // where the ray enters the node's (grown) content box
    uint32_t node;
    uint32_t children;  // its children's ChildBoxes
  };
  const bool eight_wide = HaveEightWideLanes();
  Entry stack[kStackSize];
  int top = 0;
  float enter[8];
  // The root is lane 0 of ChildBoxes 0.
  if (!(CrossedBoxes(child_boxes_[0], box_ray, opt.t_min, mode.Limit(), enter) & 1)) return;
  PrefetchRecords(child_boxes_[0].first_block[0]);
  Entry e{enter[0], 0, child_boxes_[0].children[0]};
  for (;;) {
    // Else beyond the nearest hit found since the node was stacked: nothing there can be nearer.
    if (e.enter <= mode.Limit()) {
      const OctreeNode& n = nodes_[e.node];
      // A leaf's children field names its blocks' boxes (child_boxes.h), 0 when it has none.
      const uint32_t block_groups = e.children & ~kLeafChild;
      const bool with_block_boxes = n.IsLeaf() && block_groups;
      if (!n.IsLeaf())
        __builtin_prefetch(&child_boxes_[e.children]);  // read after the cell's tests
      sink.Node(e.node);
      // Cells of the leaf placement's inner levels hold no triangles, so the triangle loop is not
      // even set up for them.
      if (n.ref_count &&
          (with_block_boxes ? TestLeafBlocks(ReferencesOf(n), &block_boxes_[block_groups - 1],
                                             box_ray, ray, opt, eight_wide, mode, sink)
                            : TestCellWide(ReferencesOf(n), ray, opt, eight_wide, mode, sink)))
        return;
      if (!n.IsLeaf()) {
        const ChildBoxes& boxes = child_boxes_[e.children];
        const unsigned crossed_octants =
            CrossedBoxes(boxes, box_ray, opt.t_min, mode.Limit(), enter) & n.child_mask;
        unsigned crossed = kMirroredMask[s.sign_mask][crossed_octants];
        auto child_entry = [&](int m) -> Entry {
          const int octant = m ^ s.sign_mask;
          return {enter[octant], n.Child(octant), boxes.children[octant]};
        };
        if (crossed) {
          // The nearest crossed child is entered directly (not pushed and popped at once).
          const int nearest = __builtin_ctz(crossed);
          crossed &= crossed - 1;
          while (crossed) {  // far children first, so the nearer ones come off the stack first
            const int m = 31 - __builtin_clz(crossed);
            crossed &= ~(1u << m);
            stack[top++] = child_entry(m);
          }
          e = child_entry(nearest);
          __builtin_prefetch(&nodes_[e.node]);
          // What the child reads first: a leaf's blocks' boxes or, without them, its records.
          if (!(e.children & kLeafChild))
            __builtin_prefetch(&child_boxes_[e.children]);
          else if (e.children != kLeafChild)
            PrefetchBlockBoxes((e.children & ~kLeafChild) - 1);
          else
            PrefetchRecords(boxes.first_block[nearest ^ s.sign_mask]);
          continue;
        }
      }
    }
    if (top == 0) return;
    e = stack[--top];
  }
}

template <class Mode>
void Octree::Dispatch(const Ray& ray, Traversal traversal, const RayTriangleOptions& opt,
                      Mode& mode, QueryStats* stats, QueryTrace* trace) const {
  if (!nodes_.empty()) {  // the ray is usable (Prepare)
    auto run = [&](auto& sink) {
      if (traversal == Traversal::kPaper)
        TraversePaper(ray, opt, mode, sink);
      else
        TraverseOrdered(ray, opt, mode, sink);
    };
    if (trace) {
      TraceSink sink{stats, trace};
      run(sink);
    } else if (stats) {
      CountSink sink{stats};
      run(sink);
    } else {
      NoSink sink;
      run(sink);
    }
  }
  if (stats) {
    ++stats->rays;
    stats->hits += mode.Found();
  }
}

// Each query answers a copy of the ray rescaled by a power of two and, when its origin is far,
// moved to the scene (ray_scale.h), exactly as the brute force does, and converts t back. False
// when the ray is answered without traversal: skipped (not usable, or too far to bring to the
// scene, as the brute force skips it) or a miss (it misses the triangles' box), each counted.
// Usability is checked here once: the prepared ray stays usable (its direction's largest
// component is brought into [1, 2), a moved origin lies near the scene), so Dispatch does not
// check it again.
bool Octree::Prepare(const Ray& ray, const RayTriangleOptions& opt, QueryStats* stats,
                     ScaledQuery* q) const {
  if (!IsUsableRay(ray)) {
    if (stats) ++stats->rays_skipped;
    return false;
  }
  q->ray = ray;
  q->opt = opt;
  PrepareQuery(*q, scene_bounds_);
  if (q->refused) {
    if (stats) ++stats->rays_skipped;
    return false;
  }
  if (q->misses) {
    if (stats) ++stats->rays;
    return false;
  }
  return true;
}

RayHit Octree::Nearest(const Ray& ray, Traversal traversal, const RayTriangleOptions& opt,
                       QueryStats* stats, QueryTrace* trace) const {
  RayHit best;  // every path returns this one object, so it is built in place
  ScaledQuery q;
  if (!Prepare(ray, opt, stats, &q)) return best;
  NearestMode mode{best, traversal == Traversal::kOrdered, q.opt.t_max};
  Dispatch(q.ray, traversal, q.opt, mode, stats, trace);
  if (best.hit) best.t = q.OriginalT(best.t);
  return best;
}

bool Octree::AnyHit(const Ray& ray, Traversal traversal, const RayTriangleOptions& opt,
                    QueryStats* stats, QueryTrace* trace) const {
  ScaledQuery q;
  if (!Prepare(ray, opt, stats, &q)) return false;
  AnyMode mode{false, q.opt.t_max};
  Dispatch(q.ray, traversal, q.opt, mode, stats, trace);
  return mode.found;
}

void Octree::AllHits(const Ray& ray, Traversal traversal, std::vector<RayHit>* out,
                     const RayTriangleOptions& opt, QueryStats* stats, QueryTrace* trace) const {
  out->clear();
  ScaledQuery q;
  if (!Prepare(ray, opt, stats, &q)) return;
  AllMode mode{out, q.opt.t_max};
  Dispatch(q.ray, traversal, q.opt, mode, stats, trace);
  for (RayHit& h : *out) h.t = q.OriginalT(h.t);
  std::sort(out->begin(), out->end(), [](const RayHit& a, const RayHit& b) {
    return a.t < b.t || (a.t == b.t && a.triangle < b.triangle);
  });
  out->erase(std::unique(out->begin(), out->end(),
                         [](const RayHit& a, const RayHit& b) { return a.triangle == b.triangle; }),
             out->end());
}

}  // namespace partlab
