// Sweep-and-prune with incremental insertion sort and persistent pairs (Baraff 1992; Cohen et al.,
// I-COLLIDE 1995), the thesis's SP comparator (semi-adjusting-bsp.txt, 6.1): "uma lista ordenada
// para cada eixo de coordenadas com atualizações incrementais através de operações de troca".
//
// Each tracked axis keeps the boxes' min and max endpoints sorted. Between steps boxes move a
// little, so an insertion sort restores the order in near-linear time, and each swap of a min past
// a max is exactly the moment two intervals start or stop overlapping on that axis: the pair set
// is updated there and then, never recomputed. The 2-axis mode tracks only X and Z, as the thesis
// did for its Y-aligned scenes (simulations 1 and 4); Y is then checked when pairs are reported.
#pragma once

#include <array>
#include <vector>

#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/pair_table.h"

namespace partlab {

struct SweepAndPruneParams {
  bool two_axes = false;  // track X and Z only (Y-aligned scenes)
  // A step that adds more than this fraction of the live boxes rebuilds from a full sort instead of
  // inserting them one by one (an insertion sort of many new endpoints is quadratic).
  float rebuild_fraction = 0.25f;
};

class SweepAndPrune final : public BroadPhase {
 public:
  explicit SweepAndPrune(SweepAndPruneParams params = {});

  std::string_view Name() const override { return params_.two_axes ? "sap2" : "sap"; }
  void Add(BoxId id, const Aabb& box) override;
  void Remove(BoxId id) override;
  void Move(BoxId id, const Aabb& box) override;
  void Update() override;
  void FindPairs(std::vector<BoxPair>& out) override;
  size_t MemoryBytes() const override;
  uint64_t LastCandidateCount() const override { return last_candidates_; }
  // The intervals of the first tracked axis (X), drawn under the scene, one row per box.
  void DrawOverlay(DebugDraw& draw) const override;

  const SweepAndPruneParams& params() const { return params_; }
  void SetTwoAxes(bool two_axes);  // rebuilds at the next Update
  void SetRebuildFraction(float f);
  uint64_t last_swaps() const { return last_swaps_; }

 private:
  // An endpoint: its coordinate and tag = id * 2 + (1 if it is a max).
  struct Endpoint {
    float value;
    uint32_t tag;
  };
  enum class State : uint8_t { kAbsent, kPresent, kRemoving };

  static bool IsMax(const Endpoint& e) { return e.tag & 1u; }
  static BoxId IdOf(const Endpoint& e) { return e.tag >> 1; }
  // Sort order; at equal values a min comes before a max, so touching intervals overlap.
  static bool Less(const Endpoint& a, const Endpoint& b) {
    return a.value < b.value || (a.value == b.value && !IsMax(a) && IsMax(b));
  }

  bool OverlapsOnTrackedAxes(const Aabb& a, const Aabb& b) const;
  void RefreshValues(int axis);
  void SortAxis(int axis);
  // `left` has just moved to the left of `right` (adjacent endpoints of one axis swapped).
  void Crossed(const Endpoint& left, const Endpoint& right);
  // Few boxes moved and none came or went: only their endpoints are updated and moved to their
  // places, one at a time, instead of refreshing and re-sorting every endpoint.
  bool UpdateMovedOnly();
  void PlaceEndpoint(int axis, uint32_t at);
  void CompactRemoved();
  void Rebuild();

  SweepAndPruneParams params_;
  std::array<int, 3> axes_{0, 1, 2};
  int axis_count_ = 3;
  std::array<std::vector<Endpoint>, 3> endpoints_;
  std::vector<Aabb> boxes_;      // by id
  std::vector<Aabb> previous_;   // boxes_ as of the last Update
  std::vector<State> state_;     // by id
  std::vector<BoxId> removing_;  // removed, endpoints not yet dropped
  size_t live_ = 0;              // boxes present
  size_t pending_adds_ = 0;
  bool needs_rebuild_ = true;
  PairTable pairs_;          // pairs overlapping on every tracked axis
  std::vector<BoxId> open_;  // Rebuild()'s sweep state, kept to reuse its memory
  std::vector<uint32_t> open_index_;
  uint64_t last_candidates_ = 0;
  uint64_t last_swaps_ = 0;
  // The boxes moved since the last Update (each once), and by tag each endpoint's index in its
  // axis' list: kept only while steps take the moved-only path (positions_valid_).
  std::vector<BoxId> moved_;
  std::vector<uint8_t> is_moved_;
  std::array<std::vector<uint32_t>, 3> position_;
  bool positions_valid_ = false;
  // The moved-only path is taken while at most this share of the live boxes moved in a step.
  static constexpr double kMovedOnlyShare = 0.05;
};

}  // namespace partlab
