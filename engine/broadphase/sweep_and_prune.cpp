#include "engine/broadphase/sweep_and_prune.h"

#include <algorithm>
#include <limits>

#include "engine/debug_draw.h"

namespace partlab {
namespace {
// Removed boxes are moved beyond every present box, inside out (min = +inf > max = FLT_MAX): the
// insertion sort then carries their endpoints past every other box, which retires their pairs
// through the ordinary swap events -- including pairs of two boxes removed in the same step, since
// an inside-out box overlaps nothing -- and leaves them at the tail, where CompactRemoved() drops
// them. Present boxes have finite coordinates (the trace reader rejects others).
const Aabb kGone{glm::vec3(std::numeric_limits<float>::infinity()),
                 glm::vec3(std::numeric_limits<float>::max())};
}  // namespace

SweepAndPrune::SweepAndPrune(SweepAndPruneParams params) {
  SetRebuildFraction(params.rebuild_fraction);
  SetTwoAxes(params.two_axes);
}

void SweepAndPrune::SetTwoAxes(bool two_axes) {
  params_.two_axes = two_axes;
  axes_ = two_axes ? std::array<int, 3>{0, 2, 1} : std::array<int, 3>{0, 1, 2};
  axis_count_ = two_axes ? 2 : 3;
  needs_rebuild_ = true;
}

void SweepAndPrune::SetRebuildFraction(float f) {
  params_.rebuild_fraction = std::clamp(f, 0.0f, 1.0f);
}

bool SweepAndPrune::OverlapsOnTrackedAxes(const Aabb& a, const Aabb& b) const {
  for (int k = 0; k < axis_count_; ++k) {
    const int ax = axes_[k];
    if (a.min[ax] > b.max[ax] || b.min[ax] > a.max[ax]) return false;
  }
  return true;
}

// Copies every endpoint's value from its box before the sort. One linear pass per axis is cheaper
// than keeping each endpoint's position up to date through every swap of the sort.
void SweepAndPrune::RefreshValues(int ax) {
  for (Endpoint& e : endpoints_[ax]) {
    const BoxId id = IdOf(e);
    const Aabb& b = state_[id] == State::kPresent ? boxes_[id] : kGone;
    e.value = IsMax(e) ? b.max[ax] : b.min[ax];
  }
}

void SweepAndPrune::Add(BoxId id, const Aabb& box) {
  if (id >= boxes_.size()) {
    boxes_.resize(id + 1);
    previous_.resize(id + 1);
    state_.resize(id + 1, State::kAbsent);
    is_moved_.resize(id + 1, 0);
  }
  boxes_[id] = box;
  if (state_[id] == State::kPresent) return;
  ++live_;
  ++pending_adds_;
  if (state_[id] == State::kRemoving)  // revived before its endpoints were dropped (rare)
    removing_.erase(std::find(removing_.begin(), removing_.end(), id));
  if (state_[id] == State::kAbsent) previous_[id] = kGone;  // had no pairs at the last step
  if (state_[id] == State::kAbsent && !needs_rebuild_) {
    // New endpoints go to the tail; the next sort carries them to their place, raising the
    // start-overlap events of the new box on the way.
    for (int k = 0; k < axis_count_; ++k) {
      const int ax = axes_[k];
      auto& e = endpoints_[ax];
      e.push_back({box.min[ax], 2 * id});
      e.push_back({box.max[ax], 2 * id + 1});
    }
  }
  state_[id] = State::kPresent;  // also revives a box still waiting beyond the others
}

void SweepAndPrune::Remove(BoxId id) {
  if (id >= state_.size() || state_[id] != State::kPresent) return;
  state_[id] = State::kRemoving;
  removing_.push_back(id);
  --live_;
}

void SweepAndPrune::Move(BoxId id, const Aabb& box) {
  boxes_[id] = box;
  if (!is_moved_[id]) is_moved_[id] = 1, moved_.push_back(id);
}

// Insertion sort of one axis. Moving endpoint `cur` left past `prev` changes the order of exactly
// that pair of endpoints, so: a min passing a max starts an overlap on this axis (a pair if the
// boxes also overlap on the other tracked axes); a max passing a min ends one.
void SweepAndPrune::SortAxis(int ax) {
  auto& e = endpoints_[ax];
  uint64_t swaps = 0;
  for (size_t i = 1; i < e.size(); ++i) {
    const Endpoint cur = e[i];
    size_t j = i;
    while (j > 0 && Less(cur, e[j - 1])) {
      const Endpoint prev = e[j - 1];
      Crossed(cur, prev);
      e[j] = prev;
      --j;
      ++swaps;
    }
    e[j] = cur;
  }
  last_swaps_ += swaps;
}

void SweepAndPrune::Crossed(const Endpoint& left, const Endpoint& right) {
  const BoxId a = IdOf(left), b = IdOf(right);
  // (One box's own min and max cross while UpdateMovedOnly places the first of them.)
  if (IsMax(left) == IsMax(right) || a == b) return;
  if (IsMax(right)) {  // a's min now left of b's max: they may overlap
    if (state_[a] == State::kPresent && state_[b] == State::kPresent &&
        OverlapsOnTrackedAxes(boxes_[a], boxes_[b]))
      pairs_.Insert(a, b);
  } else if (OverlapsOnTrackedAxes(previous_[a], previous_[b])) {
    // a's max now left of b's min. The pair can only be listed if it overlapped at the last step
    // (a pair added during this update overlaps at the end of it, which this event contradicts),
    // so the cheap test spares most hash lookups.
    pairs_.Erase(a, b);
  }
}

// One endpoint whose value changed, moved left or right by swaps with its neighbours (each swap
// the same event as in SortAxis), keeping position_ up to date. The others are in order, so the
// list is in order again afterwards.
void SweepAndPrune::PlaceEndpoint(int ax, uint32_t at) {
  auto& e = endpoints_[ax];
  auto& pos = position_[ax];
  const Endpoint cur = e[at];
  uint32_t j = at;
  while (j > 0 && Less(cur, e[j - 1])) {
    Crossed(cur, e[j - 1]);
    e[j] = e[j - 1];
    pos[e[j].tag] = j;
    --j;
  }
  while (j + 1 < e.size() && Less(e[j + 1], cur)) {
    Crossed(e[j + 1], cur);
    e[j] = e[j + 1];
    pos[e[j].tag] = j;
    ++j;
  }
  e[j] = cur;
  pos[cur.tag] = j;
  last_swaps_ += j > at ? j - at : at - j;
}

// Each moved box's endpoints take their new values one at a time, each placed before the next
// changes, so that every swap compares two endpoints of a list otherwise in order (updating them
// all first and then placing them one by one could leave one stopped beside another not yet
// placed). The events are those of SortAxis: a pair starts or stops where its endpoints cross.
bool SweepAndPrune::UpdateMovedOnly() {
  if (needs_rebuild_ || pending_adds_ > 0 || !removing_.empty() ||
      double(moved_.size()) > kMovedOnlyShare * double(live_))
    return false;
  if (!positions_valid_) {
    for (int k = 0; k < axis_count_; ++k) {
      const int ax = axes_[k];
      position_[ax].resize(2 * boxes_.size());
      for (uint32_t i = 0; i < endpoints_[ax].size(); ++i) position_[ax][endpoints_[ax][i].tag] = i;
    }
    positions_valid_ = true;
  }
  for (const BoxId id : moved_) {
    for (int k = 0; k < axis_count_; ++k) {
      const int ax = axes_[k];
      for (const uint32_t tag : {2 * id, 2 * id + 1}) {
        const uint32_t at = position_[ax][tag];
        endpoints_[ax][at].value = tag & 1u ? boxes_[id].max[ax] : boxes_[id].min[ax];
        PlaceEndpoint(ax, at);
      }
    }
  }
  for (const BoxId id : moved_) previous_[id] = boxes_[id];
  return true;
}

void SweepAndPrune::CompactRemoved() {
  if (removing_.empty()) return;
  bool all_gone = true;
  for (int k = 0; k < axis_count_; ++k) {
    auto& e = endpoints_[axes_[k]];
    size_t popped = 0;
    for (; !e.empty() && state_[IdOf(e.back())] == State::kRemoving; ++popped) e.pop_back();
    // Normally every endpoint of a removed box is at the tail; a present box with a coordinate of
    // exactly FLT_MAX could tie with them and keep some back until a later step.
    all_gone = all_gone && popped == 2 * removing_.size();
  }
  if (!all_gone) return;
  for (BoxId id : removing_)
    if (state_[id] == State::kRemoving) state_[id] = State::kAbsent;
  removing_.clear();
}

// From scratch: sort every tracked axis, then find the pairs by one sweep along the first axis.
void SweepAndPrune::Rebuild() {
  for (auto& e : endpoints_) e.clear();
  removing_.clear();
  for (BoxId id = 0; id < state_.size(); ++id) {
    if (state_[id] == State::kRemoving) state_[id] = State::kAbsent;
    if (state_[id] != State::kPresent) continue;
    for (int k = 0; k < axis_count_; ++k) {
      const int ax = axes_[k];
      endpoints_[ax].push_back({boxes_[id].min[ax], 2 * id});
      endpoints_[ax].push_back({boxes_[id].max[ax], 2 * id + 1});
    }
  }
  for (int k = 0; k < axis_count_; ++k) {
    const int ax = axes_[k];
    auto& e = endpoints_[ax];
    std::sort(e.begin(), e.end(), Less);
  }
  pairs_.Clear();
  // Sweep the first axis keeping the list of open intervals (swap-remove via open_index).
  std::vector<BoxId>& open = open_;
  std::vector<uint32_t>& open_index = open_index_;
  open.clear();
  open_index.resize(boxes_.size());
  for (const Endpoint& ep : endpoints_[axes_[0]]) {
    const BoxId id = IdOf(ep);
    if (IsMax(ep)) {
      const uint32_t i = open_index[id];
      open[i] = open.back();
      open_index[open[i]] = i;
      open.pop_back();
      continue;
    }
    for (BoxId other : open)
      if (OverlapsOnTrackedAxes(boxes_[id], boxes_[other])) pairs_.Insert(id, other);
    open_index[id] = uint32_t(open.size());
    open.push_back(id);
  }
  needs_rebuild_ = false;
}

void SweepAndPrune::Update() {
  last_swaps_ = 0;
  if (!UpdateMovedOnly()) {
    positions_valid_ = false;  // the full sort below does not track them
    const double limit = std::max(32.0, params_.rebuild_fraction * double(live_));
    if (needs_rebuild_ || double(pending_adds_) > limit) {
      needs_rebuild_ = true;
      Rebuild();
    } else {
      for (int k = 0; k < axis_count_; ++k) {
        RefreshValues(axes_[k]);
        SortAxis(axes_[k]);
      }
      CompactRemoved();
    }
    pending_adds_ = 0;
    previous_ = boxes_;  // same size: a copy into the existing capacity
  }
  for (const BoxId id : moved_) is_moved_[id] = 0;
  moved_.clear();
}

void SweepAndPrune::FindPairs(std::vector<BoxPair>& out) {
  const auto& tracked = pairs_.pairs();
  last_candidates_ = tracked.size();
  if (!params_.two_axes) {
    out.insert(out.end(), tracked.begin(), tracked.end());
    return;
  }
  for (const BoxPair& p : tracked)  // X and Z overlap already; Y decides
    if (boxes_[p.a].min.y <= boxes_[p.b].max.y && boxes_[p.b].min.y <= boxes_[p.a].max.y)
      out.push_back(p);
}

size_t SweepAndPrune::MemoryBytes() const {
  size_t bytes = (boxes_.capacity() + previous_.capacity()) * sizeof(Aabb) + state_.capacity() +
                 pairs_.MemoryBytes();
  for (int ax = 0; ax < 3; ++ax)
    bytes += endpoints_[ax].capacity() * sizeof(Endpoint) + position_[ax].capacity() * 4;
  bytes += moved_.capacity() * sizeof(BoxId) + is_moved_.capacity();
  return bytes;
}

void SweepAndPrune::DrawOverlay(DebugDraw& draw) const {
  // Each box's X interval, drawn on the floor under the scene at the box's own z: the overlaps the
  // sort tracks are the overlapping segments along one row of z.
  float floor_y = std::numeric_limits<float>::max();
  for (BoxId id = 0; id < state_.size(); ++id)
    if (state_[id] == State::kPresent) floor_y = std::min(floor_y, boxes_[id].min.y);
  const Color interval{0.95f, 0.75f, 0.2f, 1.0f}, tick{1.0f, 1.0f, 1.0f, 1.0f};
  for (BoxId id = 0; id < state_.size(); ++id) {
    if (state_[id] != State::kPresent) continue;
    const Aabb& b = boxes_[id];
    const glm::vec3 lo{b.min.x, floor_y, b.Center().z}, hi{b.max.x, floor_y, b.Center().z};
    draw.Line(lo, hi, interval);
    draw.Point(lo, 3.0f, tick);
    draw.Point(hi, 3.0f, tick);
  }
}

}  // namespace partlab
