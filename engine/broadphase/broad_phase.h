// One interface for every broad phase in Partition Lab: the thesis's BSP and its
// comparators (semi-adjusting-bsp.txt, section 6.1) and the real engines' adapters.
//
// A broad phase knows boxes and ids, never bodies, meshes or GL. Per simulation step the caller
// issues Add / Remove / Move for the boxes that changed, then Update() once (structural work: the
// BSP's migration and scheduled operations, SAP's sorts...), then FindPairs(). FrameDriver
// (frame_driver.h) does exactly that from a whole frame of boxes and times the two phases.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/broadphase/coordinate_limit.h"
#include "engine/geometry/aabb.h"

namespace partlab {

class DebugDraw;

using BoxId = uint32_t;

// An overlapping pair, always stored with a < b.
struct BoxPair {
  BoxId a, b;
  friend bool operator==(const BoxPair&, const BoxPair&) = default;
  friend auto operator<=>(const BoxPair&, const BoxPair&) = default;
};
inline BoxPair MakePair(BoxId x, BoxId y) {
  return x < y ? BoxPair{x, y} : BoxPair{y, x};
}

class BroadPhase {
 public:
  virtual ~BroadPhase() = default;

  virtual std::string_view Name() const = 0;

  // Structural edits. Ids are dense small integers chosen by the caller; a box is never empty.
  virtual void Add(BoxId id, const Aabb& box) = 0;
  virtual void Remove(BoxId id) = 0;
  virtual void Move(BoxId id, const Aabb& box) = 0;

  // Called once per step after the edits: whatever maintenance the structure needs.
  virtual void Update() {}

  // Appends every overlapping pair of present boxes exactly once (exact closed-interval AABB test,
  // touching counts), in no particular order. `out` is not cleared.
  virtual void FindPairs(std::vector<BoxPair>& out) = 0;

  // Bytes held by the structure (capacity, not size), for the bench and the stats panel.
  virtual size_t MemoryBytes() const = 0;

  // Candidate pairs the structure produced before the exact test, in the last FindPairs; engines'
  // adapters report their raw counts here. Equal to the pair count when there is no slack.
  virtual uint64_t LastCandidateCount() const { return 0; }

  // Describes the structure for the overlay (cells, planes, intervals). Default: nothing.
  virtual void DrawOverlay(DebugDraw& draw) const {}

  // The coordinates this broad phase accepts: every finite float for ours; the libraries behind
  // the adapters have limits of their own, found in their sources (coordinate_limit.h).
  virtual CoordinateLimit AcceptedCoordinates() const { return {}; }

  // "" while the broad phase kept its contract; otherwise what its last FindPairs broke, in one
  // line (a plugin that reported an id that is not a present box, a box paired with itself...).
  // Such values are kept out of `out`; the benches count the frame as wrong.
  virtual std::string_view LastContractViolation() const { return {}; }
};

}  // namespace partlab
