#include "engine/broadphase/auto_broad_phase.h"

#include <algorithm>

#include "engine/broadphase/broad_phase_registry.h"
#include "engine/thread_cpu_clock.h"

namespace partlab {

AutoBroadPhase::AutoBroadPhase(AutoParams params, CostModel cost)
    : params_(std::move(params)), cost_(std::move(cost)) {
  for (const std::string& name : params_.candidates)
    if (name != "auto" && MakeBroadPhase(name)) candidates_.push_back({name, nullptr});
  if (candidates_.empty()) candidates_.push_back({"box_pruning", nullptr});
  candidates_[0].bp = MakeBroadPhase(candidates_[0].name);
  fresh_.assign(candidates_.size(), false);
  params_.timed_frames = std::max(1u, params_.timed_frames);
  interval_ = params_.first_interval;
}

AutoBroadPhase::~AutoBroadPhase() = default;

std::string_view AutoBroadPhase::active() const {
  return candidates_[active_].name;
}

// Every edit updates the copy at once and waits in edits_ for Update, which replays the step's
// edits into each running candidate under that candidate's clock.
void AutoBroadPhase::Record(Edit e) {
  if (e.id >= boxes_.size()) {
    boxes_.resize(e.id + 1);
    present_.resize(e.id + 1, 0);
  }
  if (e.kind == Edit::kRemove) {
    present_count_ -= present_[e.id];
    present_[e.id] = 0;
  } else {
    present_count_ += e.kind == Edit::kAdd && !present_[e.id];
    present_[e.id] = 1;
    boxes_[e.id] = e.box;
  }
  edits_.push_back(e);
  updated_ = false;
}

void AutoBroadPhase::Add(BoxId id, const Aabb& box) {
  Record({id, Edit::kAdd, box});
}
void AutoBroadPhase::Remove(BoxId id) {
  Record({id, Edit::kRemove, {}});
}
void AutoBroadPhase::Move(BoxId id, const Aabb& box) {
  Record({id, Edit::kMove, box});
}

void AutoBroadPhase::ApplyEdits(Candidate& c) {
  for (const Edit& e : edits_) {
    if (e.kind == Edit::kAdd)
      c.bp->Add(e.id, e.box);
    else if (e.kind == Edit::kRemove)
      c.bp->Remove(e.id);
    else
      c.bp->Move(e.id, e.box);
  }
}

// A challenger starts from the copy of the boxes (this step's edits already in it).
void AutoBroadPhase::StartTrial() {
  in_trial_ = true;
  trial_frame_ = 0;
  ++trials_;
  auto start = [&](size_t k) {
    Candidate& c = candidates_[k];
    c.bp = MakeBroadPhase(c.name);
    for (BoxId id = 0; id < boxes_.size(); ++id)
      if (present_[id]) c.bp->Add(id, boxes_[id]);
    fresh_[k] = true;
  };
  for (Candidate& c : candidates_) c.cost = 0, c.timed_out = false;
  if (!first_trial_done_) {
    for (size_t k = 0; k < candidates_.size(); ++k)
      if (k != active_) start(k);
    return;
  }
  if (candidates_.size() < 2) {
    in_trial_ = false;
    return;
  }
  if (next_challenger_ % candidates_.size() == active_) ++next_challenger_;
  start(next_challenger_ % candidates_.size());
  ++next_challenger_;
}

void AutoBroadPhase::Update() {
  if (!in_trial_ && frames_to_trial_ == 0 && present_count_ > 0) StartTrial();
  this_frame_cost_ = 0;
  for (size_t k = 0; k < candidates_.size(); ++k) {
    Candidate& c = candidates_[k];
    if (!c.bp) continue;
    const auto t0 = ThreadCpuClock::now();
    if (!fresh_[k]) ApplyEdits(c);
    c.bp->Update();
    const double ms = CpuMsSince(t0);
    fresh_[k] = false;
    if (in_trial_ && trial_frame_ >= params_.warmup_frames) c.cost += Cost(c, ms);
    if (k == active_) this_frame_cost_ += Cost(c, ms);
  }
  edits_.clear();
  updated_ = true;
}

void AutoBroadPhase::FindPairs(std::vector<BoxPair>& out) {
  if (!updated_) Update();
  updated_ = false;
  for (size_t k = 0; k < candidates_.size(); ++k) {
    Candidate& c = candidates_[k];
    if (!c.bp) continue;
    std::vector<BoxPair>& into = k == active_ ? out : scratch_;
    if (k != active_) scratch_.clear();
    const auto t0 = ThreadCpuClock::now();
    c.bp->FindPairs(into);
    const double ms = CpuMsSince(t0);
    if (in_trial_ && trial_frame_ >= params_.warmup_frames) c.cost += Cost(c, ms);
    if (k == active_) this_frame_cost_ += Cost(c, ms);
  }
  if (in_trial_) {
    // Measured from the first timed frame on: a challenger far behind is not worth finishing.
    if (trial_frame_ >= params_.warmup_frames)
      for (size_t k = 0; k < candidates_.size(); ++k)
        if (k != active_ && candidates_[k].bp &&
            candidates_[k].cost > params_.abandon_ratio * candidates_[active_].cost) {
          candidates_[k].timed_out = true;
          Drop(candidates_[k]);
        }
    ++trial_frame_;
    const bool any_challenger =
        std::any_of(candidates_.begin(), candidates_.end(),
                    [&](const Candidate& c) { return &c != &candidates_[active_] && c.bp; });
    if (trial_frame_ >= params_.warmup_frames + params_.timed_frames || !any_challenger) EndTrial();
    return;
  }
  // Between trials: the incumbent's cost, smoothed over about ten frames; a sustained climb well
  // above its winning cost brings the next trial forward.
  recent_cost_ = recent_cost_ == 0 ? this_frame_cost_ : 0.9 * recent_cost_ + 0.1 * this_frame_cost_;
  if (frames_to_trial_ > 0) --frames_to_trial_;
  const uint32_t since = interval_ - std::min(interval_, frames_to_trial_);
  if (winning_cost_ > 0 && recent_cost_ > params_.cost_rise * winning_cost_ &&
      since >= params_.min_interval)
    frames_to_trial_ = 0;
}

void AutoBroadPhase::EndTrial() {
  in_trial_ = false;
  size_t winner = active_;
  for (size_t k = 0; k < candidates_.size(); ++k) {
    const Candidate& c = candidates_[k];
    if (k == active_ || !c.bp || c.timed_out) continue;
    // The first trial picks the cheapest outright; later a challenger must win by the margin.
    const double bar = first_trial_done_ ? params_.switch_margin * candidates_[active_].cost
                                         : candidates_[winner].cost;
    if (c.cost < bar) winner = k;
  }
  Choose(winner);
}

void AutoBroadPhase::Choose(size_t winner) {
  const bool first = !first_trial_done_;
  first_trial_done_ = true;
  if (winner != active_) {
    ++switches_;
    active_ = winner;
    interval_ = params_.first_interval;
  } else if (!first) {
    interval_ = std::min(params_.max_interval, interval_ * 2);
  }
  for (size_t k = 0; k < candidates_.size(); ++k)
    if (k != active_) Drop(candidates_[k]);
  winning_cost_ = candidates_[active_].cost / params_.timed_frames;
  recent_cost_ = winning_cost_;
  frames_to_trial_ = interval_;
}

size_t AutoBroadPhase::MemoryBytes() const {
  size_t bytes = boxes_.capacity() * sizeof(Aabb) + present_.capacity() +
                 edits_.capacity() * sizeof(Edit) + scratch_.capacity() * sizeof(BoxPair);
  for (const Candidate& c : candidates_)
    if (c.bp) bytes += c.bp->MemoryBytes();
  return bytes;
}

uint64_t AutoBroadPhase::LastCandidateCount() const {
  return candidates_[active_].bp->LastCandidateCount();
}

void AutoBroadPhase::DrawOverlay(DebugDraw& draw) const {
  candidates_[active_].bp->DrawOverlay(draw);
}

std::string_view AutoBroadPhase::LastContractViolation() const {
  return candidates_[active_].bp->LastContractViolation();
}

}  // namespace partlab
