#include "engine/plugins/trace_check.h"

#include <algorithm>
#include <cmath>

#include "engine/broadphase/broad_phase_registry.h"
#include "engine/plugins/broad_phase_plugin.h"
#include "engine/text/translatable.h"

namespace partlab {

void DiffSortedPairs(std::span<const BoxPair> want, std::span<const BoxPair> got, PairDiff& out) {
  out.missing.clear();
  out.extra.clear();
  size_t i = 0, j = 0;
  while (i < want.size() || j < got.size()) {
    if (j == got.size() || (i < want.size() && want[i] < got[j])) {
      out.missing.push_back(want[i++]);
    } else if (i == want.size() || got[j] < want[i]) {
      out.extra.push_back(got[j++]);
    } else {  // the same pair: matched once, a repeat of it is extra
      const BoxPair p = want[i++];
      for (++j; j < got.size() && got[j] == p; ++j) out.extra.push_back(p);
    }
  }
}

std::string GamePairsMismatch(const AabbTrace& trace, const RecordedPairs& game) {
  if (game.frames.empty() ||
      (game.box_count == trace.box_count && game.frames.size() == trace.FrameCount()))
    return "";
  return FormatText(N_("the game's pairs were recorded for %u boxes and %zu frames, the trace has "
                       "%u and %zu"),
                    unsigned(game.box_count), game.frames.size(), unsigned(trace.box_count),
                    size_t(trace.FrameCount()));
}

namespace {

std::string UnknownBroadPhase(std::string_view algorithm) {
  return FormatText(N_("unknown broad phase '%s'"), std::string(algorithm).c_str());
}

}  // namespace

std::string TraceCheck::Open(AabbTrace trace, RecordedPairs game, std::string_view algorithm) {
  if (trace.FrameCount() == 0) return LookUpText(N_("the trace has no frames: nothing to check"));
  if (std::string e = GamePairsMismatch(trace, game); !e.empty()) return e;
  if (!MakeBroadPhase(algorithm)) return UnknownBroadPhase(algorithm);
  trace_ = std::move(trace);
  game_ = std::move(game);
  return SetAlgorithm(algorithm);
}

std::string TraceCheck::SetAlgorithm(std::string_view algorithm) {
  if (!MakeBroadPhase(algorithm)) return UnknownBroadPhase(algorithm);
  if (algorithm_name_ != algorithm) params_.clear();
  algorithm_name_ = std::string(algorithm);
  CheckAllFrames();
  Seek(0);
  return "";
}

std::unique_ptr<BroadPhase> MakeWithParams(std::string_view algorithm, PluginParamValues params) {
  std::unique_ptr<BroadPhase> bp = MakeBroadPhase(algorithm);
  if (auto* plugin = dynamic_cast<PluginBroadPhase*>(bp.get()))
    for (const auto& [i, value] : params) plugin->SetParam(i, value);
  return bp;
}

void TraceCheck::Restart() {
  algorithm_ = MakeWithParams(algorithm_name_, params_);
  algorithm_driver_ = std::make_unique<FrameDriver>(*algorithm_);
  reference_ = BruteForce();
  reference_driver_ = std::make_unique<FrameDriver>(reference_);
  fed_ = -1;
}

void TraceCheck::StepNext() {
  ++fed_;
  const std::span<const Aabb> boxes = trace_.Frame(size_t(fed_));
  algorithm_driver_->Step(boxes, got_);
  violation_ = std::string(algorithm_->LastContractViolation());
  reference_driver_->Step(boxes, want_);
  std::sort(got_.begin(), got_.end());
  std::sort(want_.begin(), want_.end());
  DiffSortedPairs(want_, got_, diff_);
  game_diff_.missing.clear();
  game_diff_.extra.clear();
  if (!has_game_pairs()) return;
  const std::vector<BoxPair>& recorded = game_.frames[size_t(fed_)];
  game_pairs_.assign(recorded.begin(), recorded.end());
  std::sort(game_pairs_.begin(), game_pairs_.end());
  DiffSortedPairs(want_, game_pairs_, game_diff_);
}

void TraceCheck::CheckAllFrames() {
  Restart();
  verdicts_.assign(trace_.FrameCount(), FrameVerdict{});
  wrong_frames_ = game_wrong_frames_ = 0;
  for (FrameVerdict& v : verdicts_) {
    StepNext();
    v.missing = uint32_t(diff_.missing.size());
    v.extra = uint32_t(diff_.extra.size());
    v.violation = !violation_.empty();
    v.game_missing = uint32_t(game_diff_.missing.size());
    v.game_extra = uint32_t(game_diff_.extra.size());
    wrong_frames_ += v.algorithm_wrong();
    game_wrong_frames_ += v.game_wrong();
  }
}

void TraceCheck::Seek(uint32_t f) {
  if (trace_.FrameCount() == 0) return;
  frame_ = std::min<uint32_t>(f, frame_count() - 1);
  if (long(frame_) < fed_) Restart();  // back: replayed from the start, as the game got there
  while (fed_ < long(frame_)) StepNext();
}

uint32_t TraceCheck::ParamCount() const {
  const auto* plugin = dynamic_cast<const PluginBroadPhase*>(algorithm_.get());
  return plugin ? plugin->ParamCount() : 0;
}

bool TraceCheck::GetParam(uint32_t i, partlab_param& out) const {
  const auto* plugin = dynamic_cast<const PluginBroadPhase*>(algorithm_.get());
  return plugin && plugin->GetParam(i, out);
}

bool TraceCheck::SetParam(uint32_t i, double value) {
  partlab_param p{};
  if (!GetParam(i, p) || std::isnan(value)) return false;
  value = std::clamp(value, p.lo, p.hi);
  auto* plugin = dynamic_cast<PluginBroadPhase*>(algorithm_.get());
  if (!plugin->SetParam(i, value)) return false;
  std::erase_if(params_, [i](const auto& kept) { return kept.first == i; });
  params_.emplace_back(i, value);
  const uint32_t frame = frame_;
  CheckAllFrames();  // every frame's verdict, with the new value from frame 0 on
  Seek(frame);
  return true;
}

long TraceCheck::NextWrongFrame(long after) const {
  const long n = long(verdicts_.size());
  for (long k = 1; k <= n; ++k) {
    const long f = ((after + k) % n + n) % n;
    if (verdicts_[size_t(f)].algorithm_wrong()) return f;
  }
  return -1;
}

bool LastFrameWrong(const AabbTrace& trace, std::string_view algorithm, PluginParamValues params) {
  std::unique_ptr<BroadPhase> bp = MakeWithParams(algorithm, params);
  if (!bp || trace.FrameCount() == 0) return false;
  BruteForce brute;
  FrameDriver a(*bp), b(brute);
  std::vector<BoxPair> got, want;
  for (size_t f = 0; f < trace.FrameCount(); ++f) {
    a.Step(trace.Frame(f), got);
    b.Step(trace.Frame(f), want);
  }
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  return got != want || !bp->LastContractViolation().empty();
}

namespace {

// Frames first..last of `trace`, keeping only the boxes `ids` (renumbered 0..k-1).
AabbTrace Cut(const AabbTrace& trace, std::span<const BoxId> ids, size_t first, size_t last) {
  AabbTrace out;
  out.box_count = uint32_t(ids.size());
  for (size_t f = first; f <= last; ++f)
    for (BoxId id : ids) out.boxes.push_back(trace.Frame(f)[id]);
  return out;
}

std::string IdList(std::span<const BoxId> ids) {
  std::string text;
  const size_t shown = std::min<size_t>(ids.size(), 8);
  for (size_t i = 0; i < shown; ++i) text += (i ? ", " : "") + std::to_string(ids[i]);
  if (shown < ids.size()) text += " and " + std::to_string(ids.size() - shown) + " more";
  return text;
}

}  // namespace

std::string MinimalRepro(const AabbTrace& trace, uint32_t frame, const PairDiff& diff,
                         std::string_view algorithm, PluginParamValues params, ReproTrace& out) {
  if (frame >= trace.FrameCount())
    return FormatText(N_("frame %u is past the trace"), unsigned(frame));
  std::vector<BoxId> involved, present, all;
  for (const auto* pairs : {&diff.missing, &diff.extra})
    for (BoxPair p : *pairs) involved.insert(involved.end(), {p.a, p.b});
  std::sort(involved.begin(), involved.end());
  involved.erase(std::unique(involved.begin(), involved.end()), involved.end());
  for (BoxId id = 0; id < trace.box_count; ++id) {
    all.push_back(id);
    if (!trace.Frame(frame)[id].IsEmpty()) present.push_back(id);
  }
  const std::string at = " in frame " + std::to_string(frame);
  const struct {
    const std::vector<BoxId>* ids;
    size_t first;
    std::string what;
  } cuts[] = {
      {&involved, frame, "boxes " + IdList(involved) + at + " alone"},
      {&present, frame, "every box" + at + " alone"},
      {&involved, 0, "boxes " + IdList(involved) + " over frames 0.." + std::to_string(frame)},
      {&all, 0, "every box over frames 0.." + std::to_string(frame)},
  };
  for (const auto& cut : cuts) {
    if (cut.ids->empty()) continue;
    AabbTrace candidate = Cut(trace, *cut.ids, cut.first, frame);
    if (!LastFrameWrong(candidate, algorithm, params)) continue;
    out = {std::move(candidate), *cut.ids, cut.what};
    return "";
  }
  return FormatText(N_("%s agrees with brute force on every cut of frame %u (its answer depends on "
                       "something not in the trace)"),
                    std::string(algorithm).c_str(), unsigned(frame));
}

}  // namespace partlab
