// Where a broad phase goes wrong on a recorded game: an AABBTRC1 trace replayed through one
// algorithm (a plugin or one of ours) and through brute force, every frame's pairs compared, and
// the game's own pairs (PAIRS001, recorded_pairs.h) compared with brute force's too when they were
// recorded. The whole trace is checked once when opened (the timeline of wrong frames); then the
// algorithm is positioned on any frame for a close look: the pairs it missed, the pairs it made
// up, and its structure as it stood (its DrawOverlay).
//
// A broad phase is incremental, and a bug can depend on its history (a box moved out of a cell it
// was never removed from). So a frame is always reached as the game reached it: stepping forward
// feeds the frames in order, going back replays from frame 0. GL-free; the Trace check view
// (app/views/trace_check/) shows it, tests/plugins/trace_check_test.cpp checks it.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/io/aabb_trace.h"
#include "engine/plugins/recorded_pairs.h"
#include "partlab/plugin.h"

namespace partlab {

// How one frame's pairs differ from brute force's: missing (true, not reported) and extra
// (reported, not true, or reported more than once).
struct PairDiff {
  std::vector<BoxPair> missing;
  std::vector<BoxPair> extra;
  bool empty() const { return missing.empty() && extra.empty(); }
};

// `want` sorted without duplicates, `got` sorted (duplicates allowed): the difference into `out`
// (cleared first). Allocates only when `out` needs more room than it has.
void DiffSortedPairs(std::span<const BoxPair> want, std::span<const BoxPair> got, PairDiff& out);

// "" when `game` (possibly without frames: none recorded) fits `trace`, else one line saying how
// many boxes and frames each has.
std::string GamePairsMismatch(const AabbTrace& trace, const RecordedPairs& game);

// One frame's verdict, for the timeline.
struct FrameVerdict {
  uint32_t missing = 0, extra = 0;            // the algorithm against brute force
  uint32_t game_missing = 0, game_extra = 0;  // the game's recorded pairs against brute force
  bool violation = false;                     // the algorithm broke its contract (a bad id...)
  bool algorithm_wrong() const { return missing || extra || violation; }
  bool game_wrong() const { return game_missing || game_extra; }
};

// A plugin's parameter values as TraceCheck::params() keeps them, (index, value), applied in order.
using PluginParamValues = std::span<const std::pair<uint32_t, double>>;

class TraceCheck {
 public:
  // Takes the trace and (possibly empty: no frames) the game's pairs; checks every frame with
  // `algorithm` (a registry name) and positions on frame 0. "" or one line saying what is wrong
  // (a trace without frames, an unknown algorithm, game pairs recorded for another number of
  // boxes or frames).
  std::string Open(AabbTrace trace, RecordedPairs game, std::string_view algorithm);
  // Checks the same trace with another algorithm; "" or one line.
  std::string SetAlgorithm(std::string_view algorithm);
  // Positions on frame f (clamped to the trace), as the game reached it.
  void Seek(uint32_t f);

  bool is_open() const { return algorithm_ != nullptr; }
  const AabbTrace& trace() const { return trace_; }
  uint32_t frame() const { return frame_; }
  uint32_t frame_count() const { return uint32_t(trace_.FrameCount()); }
  std::span<const Aabb> boxes() const { return trace_.Frame(frame_); }
  bool has_game_pairs() const { return !game_.frames.empty(); }

  // The whole trace's verdicts, one per frame, and the wrong frames among them.
  const std::vector<FrameVerdict>& verdicts() const { return verdicts_; }
  uint32_t wrong_frames() const { return wrong_frames_; }
  uint32_t game_wrong_frames() const { return game_wrong_frames_; }
  // The first frame after `after` where the algorithm is wrong, wrapping round; -1 if none.
  // NextWrongFrame(-1) is the first.
  long NextWrongFrame(long after) const;

  // The current frame: the algorithm's and the game's differences from brute force, what the
  // algorithm broke, and the algorithm itself (for its overlay).
  const PairDiff& diff() const { return diff_; }
  const PairDiff& game_diff() const { return game_diff_; }
  std::string_view violation() const { return violation_; }
  const BroadPhase& algorithm() const { return *algorithm_; }
  std::string_view algorithm_name() const { return algorithm_name_; }

  // The algorithm's parameters when it is a plugin that exposes some (none otherwise). A value
  // set here is clamped to the plugin's range, kept for every replay from frame 0 (each makes a
  // fresh instance), and the whole trace is checked again; false when the plugin refused it.
  // Choosing another algorithm forgets them.
  uint32_t ParamCount() const;
  bool GetParam(uint32_t i, partlab_param& out) const;
  bool SetParam(uint32_t i, double value);
  // The values set, (index, value), applied to every fresh instance in this order.
  PluginParamValues params() const { return params_; }

 private:
  void Restart();   // fresh algorithm and reference, before frame 0
  void StepNext();  // feeds the next frame and compares it
  void CheckAllFrames();

  AabbTrace trace_;
  RecordedPairs game_;
  std::string algorithm_name_;
  std::unique_ptr<BroadPhase> algorithm_;
  std::unique_ptr<FrameDriver> algorithm_driver_;
  BruteForce reference_;
  std::unique_ptr<FrameDriver> reference_driver_;
  long fed_ = -1;       // the last frame fed to the broad phases (-1: none yet)
  uint32_t frame_ = 0;  // the frame shown
  std::vector<BoxPair> got_, want_, game_pairs_;  // the current frame's, reused
  PairDiff diff_, game_diff_;
  std::string violation_;
  std::vector<std::pair<uint32_t, double>> params_;  // set through SetParam, by index
  std::vector<FrameVerdict> verdicts_;
  uint32_t wrong_frames_ = 0, game_wrong_frames_ = 0;
};

// A fresh `algorithm` (null for an unknown name) with `params` applied when it is a plugin: the
// algorithm as the check runs it, so a cut is minimised and replayed with the values in effect.
std::unique_ptr<BroadPhase> MakeWithParams(std::string_view algorithm, PluginParamValues params);

// A small trace that still makes `algorithm` differ from brute force in its last frame, cut from
// `trace` at `frame`: the boxes of the differing pairs alone, renumbered 0..k-1 in id order
// (ids[i] is new box i's id in the trace). Tried in order, the first that still goes wrong wins:
// those boxes in that frame alone; every box of that frame; those boxes over frames 0..frame;
// the whole trace up to that frame (a bug that needs the other boxes or the history).
struct ReproTrace {
  AabbTrace trace;
  std::vector<BoxId> ids;
  std::string what;  // "boxes 2, 3 in frame 3 alone"
};
// Every candidate is checked with `params` applied (the values the check ran with: a bug that
// shows only at those values is kept by the cut). "" and *out, or one line saying that no cut
// reproduces the difference.
std::string MinimalRepro(const AabbTrace& trace, uint32_t frame, const PairDiff& diff,
                         std::string_view algorithm, PluginParamValues params, ReproTrace& out);

// Whether `algorithm` with `params` differs from brute force (or breaks its contract) in the
// last frame of `trace`, each replayed from the first frame.
bool LastFrameWrong(const AabbTrace& trace, std::string_view algorithm,
                    PluginParamValues params = {});

}  // namespace partlab
