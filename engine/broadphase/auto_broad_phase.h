// A broad phase that picks, while it runs, the fastest of several registered ones on the motion it
// is actually given: no knowledge of where the boxes come from, only its own measured costs.
//
// It keeps a copy of every box and hands the edits of a step to the candidate in charge (the
// incumbent), which alone reports the pairs: they are that candidate's, exact like every broad
// phase's. From time to time it holds a trial: a challenger is built from the copy and run beside
// the incumbent on the same frames (its pairs thrown away); after a frame or two of warm-up (a
// fresh structure is not yet adjusted to the motion) both are timed on the next frames, edits,
// Update and FindPairs together, in the thread's CPU time. The challenger takes over only when it
// was cheaper by a margin (hysteresis, so that two near-equal candidates do not thrash); else it
// is dropped. The first trial, on the first frame with boxes, runs every candidate at once.
//
// Trials cost time (a build and a few frames of a second structure), so they grow rarer while the
// incumbent keeps winning (the interval doubles up to a ceiling); a routine trial tries one
// challenger, the candidates taking turns. Between trials the incumbent is timed, every step when
// its steps are long enough for two clock reads not to matter (else one step in eight): when the
// median of its last five timed steps climbs well above what it cost when it won, the motion (or
// the incumbent's own state) changed, and a trial of every candidate comes a few steps after the
// decision at the soonest. The median ignores a slow step or two (a rebuild), not a lasting climb.
// A trial ends as soon as it is decided: a challenger twice as costly as the incumbent on its
// first timed frame (four times on a warm-up frame after its build) is dropped at once, and one
// that costs half the incumbent's by then takes over at once. A candidate that loses sits out
// more and more routine trials (1, 3, 7, ... up to a ceiling) until it wins one.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

struct AutoParams {
  // Registered broad-phase names (broad_phase_registry.h) the choice is made among. The first is
  // in charge until the first trial ends. Box pruning for fast or scattered motion, the
  // semi-adjusting BSP for coherent motion, sweep-and-prune for settled piles of unequal boxes
  // (each the fastest somewhere on the motion family's tuning seeds, motion_family.h).
  std::vector<std::string> candidates{"box_pruning", "sabsp", "sap"};
  // Candidates whose update cost grows with every box that moves (sweep-and-prune's insertion
  // sorts): tried only in a step where at most `settled_share` of the boxes moved, so that a trial
  // never hands them a scene in full motion (one such step can cost dozens of box pruning's).
  std::vector<std::string> settled_only{"sap"};
  double settled_share = 0.1;
  uint32_t warmup_frames = 2;     // a trial's untimed frames (the first one builds the challenger)
  uint32_t timed_frames = 2;      // then timed frames
  uint32_t first_interval = 256;  // frames from a decision to the next trial...
  uint32_t max_interval = 4096;   // ...doubling while the incumbent wins, up to this
  uint32_t min_interval = 4;      // the soonest a trial comes back when the cost climbs
  double switch_margin = 0.92;    // the challenger takes over below this fraction of the incumbent
  double abandon_ratio = 2.0;     // a challenger this many times the incumbent is dropped early
  double abandon_warmup = 4.0;    // ...or this many times, on one warm-up step after its build
  double win_early = 0.5;         // a challenger this fraction of the incumbent takes over early
  double sample_every_ms = 0.1;   // an incumbent whose step costs this much is timed every step
  uint32_t max_penalty = 15;      // the most routine trials a losing candidate sits out
  double cost_rise = 1.5;         // the incumbent's cost this many times its winning cost: retry
};

class AutoBroadPhase final : public BroadPhase {
 public:
  // Measures a candidate's work: given its name and the thread CPU milliseconds it took, returns
  // the cost the choice compares. The default returns the time; tests substitute costs of their
  // own to force switches at known frames.
  using CostModel = std::function<double(std::string_view candidate, double measured_ms)>;

  explicit AutoBroadPhase(AutoParams params = {}, CostModel cost = {});
  ~AutoBroadPhase() override;

  std::string_view Name() const override { return "auto"; }
  void Add(BoxId id, const Aabb& box) override;
  void Remove(BoxId id) override;
  void Move(BoxId id, const Aabb& box) override;
  void Update() override;
  void FindPairs(std::vector<BoxPair>& out) override;
  size_t MemoryBytes() const override;
  uint64_t LastCandidateCount() const override;
  void DrawOverlay(DebugDraw& draw) const override;
  std::string_view LastContractViolation() const override;

  // The candidate in charge now, and how many times the choice changed.
  std::string_view active() const;
  uint32_t switches() const { return switches_; }
  uint32_t trials() const { return trials_; }

 private:
  struct Edit {
    BoxId id;
    enum Kind : uint8_t { kAdd, kRemove, kMove } kind;
    Aabb box;
  };
  struct Candidate {
    std::string name;
    std::unique_ptr<BroadPhase> bp;  // null while not running
    double cost = 0;                 // this trial's timed cost
    double frame_cost = 0;           // this step's cost, during a trial
    bool in_trial = false;           // ran in this trial (as challenger or incumbent)
    bool timed_out = false;          // dropped early in this trial
    // Routine trials this candidate sits out, and how many the next loss will make it sit out:
    // a candidate that keeps losing is tried ever more rarely (reset when it wins).
    uint32_t skip = 0, penalty = 0;
    bool settled_only = false;  // AutoParams::settled_only
  };

  void Record(Edit e);
  void ApplyEdits(Candidate& c);  // this step's edits, or a build from the copy when new
  void StartTrial();
  bool MaySpawn(const Candidate& c) const;  // not a settled-only candidate in a moving step
  void EndTrial();
  void Choose(size_t winner);
  void WatchIncumbent(double cost);
  void Drop(Candidate& c) { c.bp.reset(); }
  double Cost(const Candidate& c, double ms) const { return cost_ ? cost_(c.name, ms) : ms; }

  AutoParams params_;
  CostModel cost_;
  std::vector<Candidate> candidates_;
  size_t active_ = 0;
  BroadPhase* incumbent_ = nullptr;  // candidates_[active_].bp
  // The copy of every box, by id, from which a challenger is built.
  std::vector<Aabb> boxes_;
  std::vector<uint8_t> present_;
  size_t present_count_ = 0;
  size_t moves_ = 0;              // Move calls since the last Update: the share of boxes in motion
  std::vector<Edit> edits_;       // this step's, replayed into every running candidate by Update
  std::vector<bool> fresh_;       // per candidate: built in this step (no edits to replay)
  bool updated_ = false;          // Update ran since the last edit
  std::vector<BoxPair> scratch_;  // the challengers' pairs, thrown away

  // The schedule.
  bool in_trial_ = false;
  uint32_t trial_frame_ = 0;
  // 0 with boxes present: a trial starts on the next Update. The first waits for the second step,
  // the first with moves to count (the first step only adds boxes).
  uint32_t frames_to_trial_ = 1;
  bool first_trial_done_ = false;
  bool everyone_next_trial_ = false;  // the next trial runs every candidate, not one challenger
  uint32_t interval_ = 0;
  size_t next_challenger_ = 1;
  double winning_cost_ = 0;  // the incumbent's cost per frame when it last won a trial
  // Its last timed steps since then (0: none yet), oldest first.
  static constexpr size_t kRecent = 5;
  std::array<double, kRecent> recent_{};
  // Between trials, one step in kSampleEvery is timed, or every step (AutoParams::sample_every_ms).
  static constexpr uint32_t kSampleEvery = 8;
  uint64_t steps_ = 0;
  bool sampling_ = false;
  double sample_start_ = 0;
  uint32_t switches_ = 0, trials_ = 0;
};

}  // namespace partlab
