// Each box is an ODE box geom (centred, with side lengths, identity rotation, no body) in an ODE
// space; dSpaceCollide reports the candidate pairs, which then go through the exact AABB test.
//
// Conventions: ODE computes a box's AABB from centre +- lengths / 2 in double precision, which
// need not reproduce our float min and max exactly, and its spaces may test strictly. So each box
// handed to ODE is grown by a tiny margin: ODE can only report more candidates, never fewer, and
// the exact test on our own boxes removes the extra ones.
//
// ODE 0.16's dHashSpace also misses a few overlapping pairs whose shared cells lie near the
// origin (found on recorded scene traces: e.g. two boxes overlapping by 0.08 in the cell (0, 1,
// -10) of level 0, also missed when given to ODE directly; moved anywhere far from the origin, the
// same pair is found). Its cells are numbered level * 1000 + 100 x + 10 y + z, so near the origin
// many cells share a number. We hand the hash space every box translated by 2^17 on each axis:
// a power of two keeps every cell boundary where it was at every level (so ODE's structure and
// costs are unchanged, only the cell numbers move), and in 200,000 randomised placements of the
// failing pair no pair was missed after the translation (21 were before).
#include <ode/ode.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/broadphase/adapters/ode_broad_phase.h"
#include "engine/broadphase/adapters/ode_init.h"

namespace partlab {
namespace {

enum class OdeSpaceKind { kHash, kQuadTree, kSweepAndPrune };

// Margin for a coordinate of this magnitude: well above float rounding, far below any gap that
// matters; the exact test removes what it lets in.
double Margin(const Aabb& b) {
  const float m = std::max({std::abs(b.min.x), std::abs(b.min.y), std::abs(b.min.z),
                            std::abs(b.max.x), std::abs(b.max.y), std::abs(b.max.z), 1.0f});
  return 1e-5 * double(m);
}

class OdeSpaceBroadPhase final : public BroadPhase {
 public:
  explicit OdeSpaceBroadPhase(OdeSpaceKind kind, int quadtree_depth = kQuadTreeDepth)
      : kind_(kind), quadtree_depth_(quadtree_depth) {
    EnsureOdeInitialised();
    if (kind_ == OdeSpaceKind::kHash) {
      space_ = dHashSpaceCreate(nullptr);
      offset_ = kHashOffset;
    }
    if (kind_ == OdeSpaceKind::kSweepAndPrune)
      space_ = dSweepAndPruneSpaceCreate(nullptr, dSAP_AXES_XZY);
    // The quadtree space needs its centre and extents: created at the first Update.
  }
  ~OdeSpaceBroadPhase() override {
    for (dGeomID g : geoms_)
      if (g) dGeomDestroy(g);
    if (space_) dSpaceDestroy(space_);
  }

  std::string_view Name() const override {
    switch (kind_) {
      case OdeSpaceKind::kHash:
        return "ode_hash";
      case OdeSpaceKind::kQuadTree:
        return quadtree_depth_ == 11 ? "ode_quadtree_l11" : "ode_quadtree";
      case OdeSpaceKind::kSweepAndPrune:
        return "ode_sap";
    }
    return "ode";
  }

  void Add(BoxId id, const Aabb& box) override {
    if (id >= geoms_.size()) {
      geoms_.resize(id + 1, nullptr);
      boxes_.resize(id + 1);
    }
    boxes_[id] = box;
    if (!geoms_[id]) {
      geoms_[id] = dCreateBox(space_, 1, 1, 1);  // space_ may still be null (quadtree)
      dGeomSetData(geoms_[id], reinterpret_cast<void*>(uintptr_t(id)));
      ++live_;
    }
    Place(id);
  }
  void Remove(BoxId id) override {
    if (id >= geoms_.size() || !geoms_[id]) return;
    dGeomDestroy(geoms_[id]);  // also removes it from its space
    geoms_[id] = nullptr;
    --live_;
  }
  void Move(BoxId id, const Aabb& box) override {
    boxes_[id] = box;
    Place(id);
  }

  void Update() override {
    if (space_ || live_ == 0) return;
    // dQuadTreeSpace over the boxes' bounds (half extents), as deep as the thesis's QT allowed
    // without exhausting memory. In double: in float, boxes near +-3e38 make the extent infinite,
    // ODE's root block [c - e, c + e] becomes [-inf, inf], its children's bounds NaN, and
    // Block::Create's dIASSERT(MinX <= MaxX) aborts the process (collision_quadtreespace.cpp).
    glm::dvec3 lo(INFINITY), hi(-INFINITY);
    for (size_t i = 0; i < geoms_.size(); ++i)
      if (geoms_[i]) {
        lo = glm::min(lo, glm::dvec3(boxes_[i].min));
        hi = glm::max(hi, glm::dvec3(boxes_[i].max));
      }
    glm::dvec3 c = lo + (hi - lo) * 0.5, h = glm::max((hi - lo) * 0.55, glm::dvec3(1e-3));
    // ODE is Z-up: dQuadTreeSpace divides its X and Y axes and treats Z as height. Our scenes are
    // Y-up and the thesis's QT divides the XZ plane (6.1), so the quadtree gets (x, z, y).
    std::swap(c.y, c.z);
    std::swap(h.y, h.z);
    const dVector3 center = {c.x, c.y, c.z, 0}, extents = {h.x, h.y, h.z, 0};
    space_ = dQuadTreeSpaceCreate(nullptr, center, extents, quadtree_depth_);
    for (dGeomID g : geoms_)
      if (g) dSpaceAdd(space_, g);
  }

  void FindPairs(std::vector<BoxPair>& out) override {
    candidates_ = 0;
    if (!space_) return;
    out_ = &out;
    dSpaceCollide(space_, this, &OdeSpaceBroadPhase::OnCandidate);
    out_ = nullptr;
  }

  // ODE's internals are opaque; this counts our arrays plus ODE's documented per-geom payload
  // (dxBox, about 200 bytes with its AABB and space links), an estimate rather than a measurement.
  size_t MemoryBytes() const override {
    constexpr size_t kApproxGeomBytes = 200;
    return geoms_.capacity() * sizeof(dGeomID) + boxes_.capacity() * sizeof(Aabb) +
           live_ * kApproxGeomBytes;
  }
  uint64_t LastCandidateCount() const override { return candidates_; }

  // From ODE 0.16's sources (dReal is double in Debian's build):
  //  - dHashSpace discretises every box with (int)floor(coordinate / cell size), the smallest cell
  //    being 2^-3 (global_minlevel), so |coordinate + 2^17| must stay below 2^31 x 2^-3 = 2^28;
  //    beyond it the conversion overflows and the cell loops run away (collision_space.cpp). We
  //    accept up to 2^27, leaving room for the 2^17 translation and the margin.
  //  - dSweepAndPruneSpace sorts the boxes' minima converted to float and ends the list with
  //    FLT_MAX; a box whose grown maximum reaches FLT_MAX walks past that end
  //    (collision_sapspace.cpp, BoxPruning). 3e38 keeps every grown box below it.
  //  - dQuadTreeSpace takes every finite float once its root block is computed in double (Update).
  CoordinateLimit AcceptedCoordinates() const override {
    switch (kind_) {
      case OdeSpaceKind::kHash:
        return {134217728.0f,  // 2^27
                "ODE's hash space converts coordinate / cell size to int"};
      case OdeSpaceKind::kSweepAndPrune:
        return {3e38f, "ODE's sweep and prune ends its float list with FLT_MAX"};
      case OdeSpaceKind::kQuadTree:
        break;
    }
    return {};
  }

 private:
  static constexpr int kQuadTreeDepth = 6;
  static constexpr double kHashOffset = 131072.0;  // 2^17, see the top of the file

  void Place(BoxId id) {
    // Clamped to what ODE accepts (coordinate_limit.h): callers check first, this keeps a caller
    // that did not from crashing the process; the exact test still uses the real boxes.
    const Aabb b = ClampedToLimit(boxes_[id], AcceptedCoordinates().largest);
    const double m = Margin(b);
    const glm::dvec3 lo = glm::dvec3(b.min) - m, hi = glm::dvec3(b.max) + m;
    glm::dvec3 c = (lo + hi) * 0.5 + offset_, len = hi - lo;
    if (kind_ == OdeSpaceKind::kQuadTree) {  // Z-up, see Update
      std::swap(c.y, c.z);
      std::swap(len.y, len.z);
    }
    dGeomBoxSetLengths(geoms_[id], len.x, len.y, len.z);
    dGeomSetPosition(geoms_[id], c.x, c.y, c.z);
  }

  static void OnCandidate(void* self_ptr, dGeomID g1, dGeomID g2) {
    auto* self = static_cast<OdeSpaceBroadPhase*>(self_ptr);
    const BoxId a = BoxId(reinterpret_cast<uintptr_t>(dGeomGetData(g1)));
    const BoxId b = BoxId(reinterpret_cast<uintptr_t>(dGeomGetData(g2)));
    ++self->candidates_;
    if (Overlaps(self->boxes_[a], self->boxes_[b])) self->out_->push_back(MakePair(a, b));
  }

  OdeSpaceKind kind_;
  int quadtree_depth_ = kQuadTreeDepth;
  dSpaceID space_ = nullptr;
  double offset_ = 0;           // translation of every box handed to ODE (hash space only)
  std::vector<dGeomID> geoms_;  // by id; null when absent
  std::vector<Aabb> boxes_;
  size_t live_ = 0;
  std::vector<BoxPair>* out_ = nullptr;
  uint64_t candidates_ = 0;
};

}  // namespace

std::unique_ptr<BroadPhase> MakeOdeHashSpace() {
  return std::make_unique<OdeSpaceBroadPhase>(OdeSpaceKind::kHash);
}
std::unique_ptr<BroadPhase> MakeOdeQuadTreeSpace() {
  return std::make_unique<OdeSpaceBroadPhase>(OdeSpaceKind::kQuadTree);
}
std::unique_ptr<BroadPhase> MakeOdeQuadTreeSpaceLevel11() {
  return std::make_unique<OdeSpaceBroadPhase>(OdeSpaceKind::kQuadTree, 11);
}
std::unique_ptr<BroadPhase> MakeOdeSapSpace() {
  return std::make_unique<OdeSpaceBroadPhase>(OdeSpaceKind::kSweepAndPrune);
}

}  // namespace partlab
