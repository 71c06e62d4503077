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
  for (Candidate& c : candidates_)
    c.settled_only = std::find(params_.settled_only.begin(), params_.settled_only.end(), c.name) !=
                     params_.settled_only.end();
  candidates_[0].bp = MakeBroadPhase(candidates_[0].name);
  incumbent_ = candidates_[0].bp.get();
  fresh_.assign(candidates_.size(), false);
  params_.timed_frames = std::max(1u, params_.timed_frames);
  interval_ = params_.first_interval;
}

AutoBroadPhase::~AutoBroadPhase() = default;

std::string_view AutoBroadPhase::active() const {
  return candidates_[active_].name;
}

// Every edit updates the copy at once. During a trial it waits in edits_ for Update, which replays
// the step's edits into each running candidate under that candidate's clock; otherwise it goes to
// the incumbent at once (between trials only Update and FindPairs are timed).
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
  updated_ = false;
  if (in_trial_) {
    edits_.push_back(e);
    return;
  }
  // Alone in charge: the edit goes straight to the incumbent (a challenger, when the next Update
  // starts one, is built from the copy).
  BroadPhase& bp = *incumbent_;
  if (e.kind == Edit::kAdd)
    bp.Add(e.id, e.box);
  else if (e.kind == Edit::kRemove)
    bp.Remove(e.id);
  else
    bp.Move(e.id, e.box);
}

void AutoBroadPhase::Add(BoxId id, const Aabb& box) {
  Record({id, Edit::kAdd, box});
}
void AutoBroadPhase::Remove(BoxId id) {
  Record({id, Edit::kRemove, {}});
}
// The per-box call of every step, kept short: the copy, then the incumbent or the trial's list.
void AutoBroadPhase::Move(BoxId id, const Aabb& box) {
  ++moves_;
  if (id >= boxes_.size() || in_trial_) [[unlikely]]
    return Record({id, Edit::kMove, box});
  boxes_[id] = box;
  updated_ = false;
  incumbent_->Move(id, box);
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
bool AutoBroadPhase::MaySpawn(const Candidate& c) const {
  return !c.settled_only ||
         double(moves_) <= params_.settled_share * double(std::max<size_t>(present_count_, 1));
}

void AutoBroadPhase::StartTrial() {
  in_trial_ = true;
  trial_frame_ = 0;
  auto start = [&](size_t k) {
    Candidate& c = candidates_[k];
    c.bp = MakeBroadPhase(c.name);
    for (BoxId id = 0; id < boxes_.size(); ++id)
      if (present_[id]) c.bp->Add(id, boxes_[id]);
    fresh_[k] = true;
    c.in_trial = true;
  };
  for (Candidate& c : candidates_) c.cost = 0, c.timed_out = false, c.in_trial = false;
  candidates_[active_].in_trial = true;
  if (!first_trial_done_ || everyone_next_trial_) {
    everyone_next_trial_ = false;
    ++trials_;
    for (size_t k = 0; k < candidates_.size(); ++k)
      if (k != active_ && MaySpawn(candidates_[k])) start(k);
    return;
  }
  // A routine trial: the next challenger in turn that is not sitting out.
  for (size_t tries = 0; tries < candidates_.size(); ++tries) {
    const size_t k = next_challenger_++ % candidates_.size();
    if (k == active_) continue;
    if (!MaySpawn(candidates_[k])) continue;
    if (candidates_[k].skip > 0) {
      --candidates_[k].skip;
      continue;
    }
    ++trials_;
    start(k);
    return;
  }
  in_trial_ = false;  // everyone is sitting out: the incumbent carries on until next time
  frames_to_trial_ = interval_;
}

void AutoBroadPhase::Update() {
  if (!in_trial_ && frames_to_trial_ == 0 && present_count_ > 0) StartTrial();
  updated_ = true;
  if (!in_trial_) {
    // Between trials the incumbent alone runs. A thread-CPU clock read costs about a microsecond,
    // as much as a small scene's whole step: a cheap incumbent is timed one step in kSampleEvery,
    // one whose steps are long enough that two reads do not matter every step (a climb caught a
    // few steps after it starts, not dozens).
    sampling_ = ++steps_ % kSampleEvery == 0 || winning_cost_ >= params_.sample_every_ms;
    if (sampling_) sample_start_ = ThreadCpuMs();
    incumbent_->Update();
    moves_ = 0;
    return;
  }
  for (size_t k = 0; k < candidates_.size(); ++k) {
    Candidate& c = candidates_[k];
    if (!c.bp) continue;
    const double t0 = ThreadCpuMs();
    if (!fresh_[k]) ApplyEdits(c);
    c.bp->Update();
    c.frame_cost = Cost(c, ThreadCpuMs() - t0);
    fresh_[k] = false;
  }
  edits_.clear();
  moves_ = 0;
}

void AutoBroadPhase::FindPairs(std::vector<BoxPair>& out) {
  if (!updated_) Update();
  updated_ = false;
  if (!in_trial_) {
    incumbent_->FindPairs(out);
    if (sampling_) WatchIncumbent(Cost(candidates_[active_], ThreadCpuMs() - sample_start_));
    if (frames_to_trial_ > 0) --frames_to_trial_;
    return;
  }
  for (size_t k = 0; k < candidates_.size(); ++k) {
    Candidate& c = candidates_[k];
    if (!c.bp) continue;
    std::vector<BoxPair>& into = k == active_ ? out : scratch_;
    if (k != active_) scratch_.clear();
    const double t0 = ThreadCpuMs();
    c.bp->FindPairs(into);
    c.frame_cost += Cost(c, ThreadCpuMs() - t0);
    if (trial_frame_ >= params_.warmup_frames) c.cost += c.frame_cost;
  }
  // A challenger far behind is not worth finishing: from the first timed frame on by its total, on
  // a warm-up frame after the build by that frame's cost with a looser ratio.
  const Candidate& incumbent = candidates_[active_];
  const bool timed = trial_frame_ >= params_.warmup_frames;
  for (size_t k = 0; k < candidates_.size(); ++k) {
    Candidate& c = candidates_[k];
    if (k == active_ || !c.bp) continue;
    if ((timed && c.cost > params_.abandon_ratio * incumbent.cost) ||
        (!timed && trial_frame_ > 0 &&
         c.frame_cost > params_.abandon_warmup * incumbent.frame_cost)) {
      c.timed_out = true;
      Drop(c);
    }
  }
  // A challenger far ahead is not worth timing longer either: the trial is decided.
  const bool decided =
      timed && std::any_of(candidates_.begin(), candidates_.end(), [&](const Candidate& c) {
        return &c != &incumbent && c.bp && c.cost < params_.win_early * incumbent.cost;
      });
  ++trial_frame_;
  const bool any_challenger =
      std::any_of(candidates_.begin(), candidates_.end(),
                  [&](const Candidate& c) { return &c != &candidates_[active_] && c.bp; });
  if (trial_frame_ >= params_.warmup_frames + params_.timed_frames || !any_challenger || decided)
    EndTrial();
}

// Between trials: the incumbent's timed steps; when the median of the last five (slow steps that
// come alone or in twos, as rebuilds do, do not count; a climb that lasts does) is well above its
// winning cost, the next trial comes forward (no sooner than min_interval after the decision),
// with every candidate in it.
void AutoBroadPhase::WatchIncumbent(double cost) {
  std::copy(recent_.begin() + 1, recent_.end(), recent_.begin());
  recent_.back() = cost;
  if (recent_.front() == 0) return;  // fewer than five since the decision
  std::array<double, kRecent> sorted = recent_;
  std::nth_element(sorted.begin(), sorted.begin() + kRecent / 2, sorted.end());
  const uint32_t since = interval_ - std::min(interval_, frames_to_trial_);
  if (winning_cost_ > 0 && sorted[kRecent / 2] > params_.cost_rise * winning_cost_ &&
      since >= params_.min_interval) {
    frames_to_trial_ = 1;
    everyone_next_trial_ = true;  // the motion changed: any candidate may suit it now
  }
}

void AutoBroadPhase::EndTrial() {
  in_trial_ = false;
  // The first trial picks the cheapest outright; later a challenger must beat the incumbent by the
  // margin, and the cheapest such challenger wins.
  size_t winner = active_;
  double bar = candidates_[active_].cost * (first_trial_done_ ? params_.switch_margin : 1.0);
  for (size_t k = 0; k < candidates_.size(); ++k) {
    const Candidate& c = candidates_[k];
    if (k == active_ || !c.bp || c.timed_out) continue;
    if (c.cost < bar) winner = k, bar = c.cost;
  }
  Choose(winner);
}

void AutoBroadPhase::Choose(size_t winner) {
  const bool first = !first_trial_done_;
  first_trial_done_ = true;
  if (winner != active_) {
    ++switches_;
    active_ = winner;
    incumbent_ = candidates_[active_].bp.get();
    interval_ = params_.first_interval;
  } else if (!first) {
    interval_ = std::min(params_.max_interval, interval_ * 2);
  }
  for (size_t k = 0; k < candidates_.size(); ++k) {
    Candidate& c = candidates_[k];
    if (k == active_) {
      c.skip = c.penalty = 0;
    } else if (c.in_trial) {  // lost this trial
      c.penalty = std::min(params_.max_penalty, 2 * c.penalty + 1);
      c.skip = c.penalty;
    }
    if (k != active_) Drop(c);
  }
  // The winner's cost per timed frame (fewer of them when the trial was decided early). No timed
  // frame when every challenger was dropped during its warm-up: the last winning cost stands.
  const uint32_t timed = trial_frame_ - std::min(trial_frame_, params_.warmup_frames);
  if (candidates_[active_].cost > 0 && timed > 0)
    winning_cost_ = candidates_[active_].cost / double(timed);
  recent_ = {};
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
