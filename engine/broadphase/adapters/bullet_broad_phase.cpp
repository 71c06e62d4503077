// Each box is a Bullet broad-phase proxy carrying its AABB; after calculateOverlappingPairs the
// overlapping pair cache holds the candidates, which go through the exact AABB test.
//
// Conventions: btDbvtBroadphase fattens its tree leaves by a fixed margin and keeps pairs until
// the fat volumes separate; bt32BitAxisSweep3 quantizes to a grid over a fixed world box, rounding
// outward. Both can only report more pairs than exist, which the exact test removes. To be sure a
// touching pair is never lost to float rounding, every AABB handed to Bullet is also grown by a
// tiny relative margin.
#include <btBulletCollisionCommon.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/broadphase/adapters/bullet_broad_phase.h"

namespace partlab {
namespace {

enum class BulletKind { kDbvt, kAxisSweep };

btVector3 Vec(const glm::vec3& v) {
  return btVector3(v.x, v.y, v.z);
}

class BulletBroadPhase final : public BroadPhase {
 public:
  explicit BulletBroadPhase(BulletKind kind) : kind_(kind) {
    if (kind_ == BulletKind::kDbvt) broadphase_ = std::make_unique<btDbvtBroadphase>();
    // The axis sweep needs its world box and handle count: created at the first Update.
  }
  ~BulletBroadPhase() override { DestroyProxies(); }

  std::string_view Name() const override {
    return kind_ == BulletKind::kDbvt ? "bullet_dbvt" : "bullet_axis3";
  }

  void Add(BoxId id, const Aabb& box) override {
    if (id >= proxies_.size()) {
      proxies_.resize(id + 1, nullptr);
      boxes_.resize(id + 1);
      present_.resize(id + 1, 0);
    }
    boxes_[id] = box;
    if (!present_[id]) ++live_;
    present_[id] = 1;
    if (proxies_[id]) return Move(id, box);
    // The axis sweep has a fixed number of handles: when they run out, Update() rebuilds it larger
    // (Bullet does not check, and writes past its arrays).
    if (!broadphase_) return;
    if (kind_ == BulletKind::kDbvt || live_ < max_handles_)
      CreateProxy(id);
    else
      out_of_handles_ = true;
  }
  void Remove(BoxId id) override {
    if (id >= present_.size() || !present_[id]) return;
    present_[id] = 0;
    --live_;
    if (proxies_[id]) {
      broadphase_->destroyProxy(proxies_[id], nullptr);
      proxies_[id] = nullptr;
    }
  }
  void Move(BoxId id, const Aabb& box) override {
    boxes_[id] = box;
    if (!proxies_[id]) return;
    btVector3 lo, hi;
    Grown(box, lo, hi);
    broadphase_->setAabb(proxies_[id], lo, hi, nullptr);
  }

  void Update() override {
    if (kind_ != BulletKind::kAxisSweep || live_ == 0) return;
    if (broadphase_ && !out_of_handles_) return;
    out_of_handles_ = false;
    // (Re)create the axis sweep over the boxes' bounds with room to grow; boxes that later leave
    // the world box are clamped to its border, which keeps every real overlap.
    DestroyProxies();
    // In double: the world box of boxes near the limit would overflow a float's extent.
    glm::dvec3 lo(INFINITY), hi(-INFINITY);
    for (BoxId id = 0; id < boxes_.size(); ++id)
      if (present_[id]) {
        const Aabb b = ClampedToLimit(boxes_[id], AcceptedCoordinates().largest);
        lo = glm::min(lo, glm::dvec3(b.min));
        hi = glm::max(hi, glm::dvec3(b.max));
      }
    const glm::dvec3 pad = glm::max((hi - lo) * 0.05, glm::dvec3(1e-3));
    max_handles_ = std::max<size_t>(1024, live_ * 2);
    broadphase_ = std::make_unique<bt32BitAxisSweep3>(
        Vec(glm::vec3(lo - pad)), Vec(glm::vec3(hi + pad)), unsigned(max_handles_), nullptr,
        /*disableRaycastAccelerator=*/true);
    for (BoxId id = 0; id < boxes_.size(); ++id)
      if (present_[id]) CreateProxy(id);
  }

  void FindPairs(std::vector<BoxPair>& out) override {
    candidates_ = 0;
    if (!broadphase_) return;
    broadphase_->calculateOverlappingPairs(nullptr);
    const btBroadphasePairArray& pairs =
        broadphase_->getOverlappingPairCache()->getOverlappingPairArray();
    candidates_ = uint64_t(pairs.size());
    for (int i = 0; i < pairs.size(); ++i) {
      const BoxId a = IdOf(pairs[i].m_pProxy0), b = IdOf(pairs[i].m_pProxy1);
      if (Overlaps(boxes_[a], boxes_[b])) out.push_back(MakePair(a, b));
    }
  }

  // Bullet's allocations are internal; this adds Bullet's per-proxy structures (proxy, tree
  // leaves and branches, or handles and 6 edges) and the pair array's capacity to our arrays.
  size_t MemoryBytes() const override {
    size_t bytes = proxies_.capacity() * sizeof(void*) + boxes_.capacity() * sizeof(Aabb) +
                   present_.capacity();
    if (!broadphase_) return bytes;
    bytes += size_t(broadphase_->getOverlappingPairCache()->getOverlappingPairArray().capacity()) *
             (sizeof(btBroadphasePair) + 2 * sizeof(int));  // pairs + hash table and next links
    if (kind_ == BulletKind::kDbvt)
      bytes += live_ * (sizeof(btDbvtProxy) + 2 * sizeof(btDbvtNode));
    else
      bytes += max_handles_ * (sizeof(bt32BitAxisSweep3::Handle) + 6 * sizeof(unsigned int) * 2);
    return bytes;
  }
  uint64_t LastCandidateCount() const override { return candidates_; }

  // From Bullet 3.24's sources (btScalar is float in Debian's build):
  //  - btDbvt compares leaves by Proximity, a sum over three axes of |(a.min + a.max) - (b.min +
  //    b.max)|, up to 12 times the largest coordinate, and merges volumes: beyond ~2.8e37 these
  //    overflow to infinity and the tree's choices become arbitrary (btDbvt.h). We accept 1e37.
  //  - bt32BitAxisSweep3 quantises over its world box, whose extent (twice the largest
  //    coordinate, plus 10% room) must stay a finite float (btAxisSweep3Internal.h): 1e38.
  CoordinateLimit AcceptedCoordinates() const override {
    if (kind_ == BulletKind::kDbvt)
      return {1e37f, "Bullet's dynamic tree sums coordinates in float"};
    return {1e38f, "Bullet's axis sweep quantises over a float world box"};
  }

 private:
  static BoxId IdOf(const btBroadphaseProxy* p) {
    return BoxId(reinterpret_cast<uintptr_t>(p->m_clientObject) - 1);
  }
  void Grown(const Aabb& box, btVector3& lo, btVector3& hi) const {
    // Clamped to what Bullet accepts (coordinate_limit.h), so the margin below stays finite.
    const Aabb b = ClampedToLimit(box, AcceptedCoordinates().largest);
    const float m =
        1e-6f * std::max({std::abs(b.min.x), std::abs(b.min.y), std::abs(b.min.z),
                          std::abs(b.max.x), std::abs(b.max.y), std::abs(b.max.z), 1.0f});
    lo = Vec(b.min - m);
    hi = Vec(b.max + m);
  }
  void CreateProxy(BoxId id) {
    btVector3 lo, hi;
    Grown(boxes_[id], lo, hi);
    // The client object is id + 1 so that id 0 is not a null pointer.
    proxies_[id] = broadphase_->createProxy(
        lo, hi, BOX_SHAPE_PROXYTYPE, reinterpret_cast<void*>(uintptr_t(id) + 1),
        int(btBroadphaseProxy::DefaultFilter), int(btBroadphaseProxy::AllFilter), nullptr);
  }
  void DestroyProxies() {
    for (btBroadphaseProxy*& p : proxies_)
      if (p) broadphase_->destroyProxy(p, nullptr), p = nullptr;
  }

  BulletKind kind_;
  std::unique_ptr<btBroadphaseInterface> broadphase_;
  size_t max_handles_ = 0;
  bool out_of_handles_ = false;  // some present box has no proxy: rebuild at the next Update
  std::vector<btBroadphaseProxy*> proxies_;  // by id
  std::vector<Aabb> boxes_;
  std::vector<uint8_t> present_;
  size_t live_ = 0;
  uint64_t candidates_ = 0;
};

}  // namespace

std::unique_ptr<BroadPhase> MakeBulletDbvt() {
  return std::make_unique<BulletBroadPhase>(BulletKind::kDbvt);
}
std::unique_ptr<BroadPhase> MakeBulletAxisSweep() {
  return std::make_unique<BulletBroadPhase>(BulletKind::kAxisSweep);
}

}  // namespace partlab
