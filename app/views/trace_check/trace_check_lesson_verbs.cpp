// The Trace check view's lesson verbs (docs/lessons.md), for a lesson that shows a broad phase
// going wrong: actions move between the wrong frames and set a plugin's parameter; checks count
// the wrong frames again with a brute force of their own (every pair of boxes of every frame tested
// for overlap, closed intervals, as include/partlab/plugin.h promises) against a fresh replay of
// the algorithm, so a claim is never the view's own timeline read back.
#include <algorithm>

#include "app/i18n/translate.h"
#include "app/views/trace_check/trace_check_view.h"
#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/params/param.h"
#include "engine/plugins/broad_phase_plugin.h"

namespace partlab::trace_check {

namespace {

// The all-pairs test is quadratic: a lesson's trace beyond this many boxes is refused.
constexpr size_t kMaxBoxesChecked = 4000;

// One whole number from the command's only word.
bool OneCount(const LessonCommand& c, long& out) {
  return c.args.size() == 1 && detail::ParseNumber(std::string_view(c.args[0]), out) && out >= 0;
}

// Every overlapping pair of present boxes, (a < b), in (a, b) order.
void AllPairs(std::span<const Aabb> boxes, std::vector<BoxPair>& out) {
  out.clear();
  for (BoxId a = 0; a < boxes.size(); ++a) {
    if (boxes[a].IsEmpty()) continue;
    for (BoxId b = a + 1; b < boxes.size(); ++b)
      if (!boxes[b].IsEmpty() && Overlaps(boxes[a], boxes[b])) out.push_back({a, b});
  }
}

}  // namespace

std::span<const LessonVerbRow<TraceCheckView>> TraceCheckView::LessonVerbTable() {
  using V = TraceCheckView;
  static const LessonVerbRow<V> kVerbs[] = {
      {{"first-wrong", "first-wrong: go to the first frame where the broad phase is wrong", kAction,
        kNoWords},
       [](V& v, const LessonCommand&) -> std::string {
         if (v.check_.NextWrongFrame(-1) < 0) return _("the broad phase is right on every frame");
         v.JumpToWrongFrame(true);
         return {};
       }},
      {{"next-wrong", "next-wrong: go to the next wrong frame, wrapping round", kAction, kNoWords},
       [](V& v, const LessonCommand&) -> std::string {
         if (v.check_.NextWrongFrame(-1) < 0) return _("the broad phase is right on every frame");
         v.JumpToWrongFrame(false);
         return {};
       }},
      {{"frame", "frame N: go to frame N (0 is the first), as the game reached it", kAction,
        Words(1, 1, kInteger)},
       [](V& v, const LessonCommand& c) -> std::string {
         long f = 0;
         if (!OneCount(c, f) || f >= long(v.check_.frame_count()))
           return Formatted(_("frame: expects a frame of the trace, 0 to %ld"),
                            long(v.check_.frame_count()) - 1);
         v.Seek(f);
         return {};
       }},
      {{"plugin-param",
        "plugin-param NAME=VALUE: set the plugin's parameter (clamped to its range) and check "
        "the trace again",
        kAction, Words(1, kManyWords)},
       [](V& v, const LessonCommand& c) {
         std::string assignment;  // a name may hold spaces: the words joined again
         for (const std::string& w : c.args) assignment += (assignment.empty() ? "" : " ") + w;
         return v.SetPluginParam(assignment);
       }},
      {{"wrong-frames",
        "wrong-frames N: the broad phase differs from brute force on exactly N frames", kCheck,
        Words(1, 1, kInteger)},
       &Call<V, &V::CheckWrongFrames>},
      {{"first-wrong-frame",
        "first-wrong-frame N: frame N is the first where the broad phase differs from brute force",
        kCheck, Words(1, 1, kInteger)},
       &Call<V, &V::CheckFirstWrongFrame>},
      {{"at-frame", "at-frame N: the view shows frame N", kCheck, Words(1, 1, kInteger)},
       [](V& v, const LessonCommand& c) -> std::string {
         long f = 0;
         if (!OneCount(c, f)) return _("at-frame expects one frame number");
         if (v.check_.is_open() && long(v.check_.frame()) == f) return {};
         return Formatted(_("expected frame %ld, the view shows frame %ld"), f,
                          long(v.check_.frame()));
       }},
  };
  return kVerbs;
}

std::string TraceCheckView::RunLessonAction(const LessonCommand& a) {
  if (!check_.is_open()) return _("no trace is open (give the step --trace FILE)");
  return RunLessonVerb(*this, LessonVerbTable(), a, kAction);
}

std::string TraceCheckView::CheckLessonClaim(const LessonCommand& c) {
  if (!check_.is_open()) return _("no trace is open (give the step --trace FILE)");
  return RunLessonVerb(*this, LessonVerbTable(), c, kCheck);
}

// A fresh instance of the algorithm, with the parameters the view set, fed every frame in order;
// each frame's pairs sorted and compared with the all-pairs answer.
std::string TraceCheckView::WrongFramesByBruteForce(std::vector<uint32_t>& wrong) const {
  const AabbTrace& trace = check_.trace();
  if (trace.box_count > kMaxBoxesChecked)
    return Formatted(
        _("the trace has %lu boxes; the lesson check tests every pair and stops at %lu"),
        (unsigned long)trace.box_count, (unsigned long)kMaxBoxesChecked);
  std::unique_ptr<BroadPhase> algorithm = MakeBroadPhase(check_.algorithm_name());
  if (!algorithm)
    return Formatted(_("unknown broad phase '%s'"), std::string(check_.algorithm_name()).c_str());
  if (auto* plugin = dynamic_cast<PluginBroadPhase*>(algorithm.get()))
    for (const auto& [i, value] : check_.params()) plugin->SetParam(i, value);
  FrameDriver driver(*algorithm);
  std::vector<BoxPair> got, want;
  wrong.clear();
  for (uint32_t f = 0; f < trace.FrameCount(); ++f) {
    driver.Step(trace.Frame(f), got);
    std::sort(got.begin(), got.end());
    AllPairs(trace.Frame(f), want);
    if (got != want || !algorithm->LastContractViolation().empty()) wrong.push_back(f);
  }
  return "";
}

std::string TraceCheckView::CheckWrongFrames(const LessonCommand& c) const {
  long stated = 0;
  if (!OneCount(c, stated)) return _("wrong-frames expects one count");
  std::vector<uint32_t> wrong;
  if (std::string e = WrongFramesByBruteForce(wrong); !e.empty()) return e;
  if (long(wrong.size()) != stated)
    return Formatted(_("expected %ld wrong frames, brute force finds %zu"), stated, wrong.size());
  if (check_.wrong_frames() != wrong.size())  // the view's timeline must say the same
    return Formatted(_("brute force finds %zu wrong frames, the view's timeline marks %zu"),
                     wrong.size(), size_t(check_.wrong_frames()));
  return {};
}

std::string TraceCheckView::CheckFirstWrongFrame(const LessonCommand& c) const {
  long stated = 0;
  if (!OneCount(c, stated)) return _("first-wrong-frame expects one frame number");
  std::vector<uint32_t> wrong;
  if (std::string e = WrongFramesByBruteForce(wrong); !e.empty()) return e;
  if (wrong.empty()) return _("brute force finds no wrong frame");
  if (long(wrong.front()) != stated)
    return Formatted(_("expected frame %ld first, brute force finds frame %lu"), stated,
                     (unsigned long)wrong.front());
  return {};
}

}  // namespace partlab::trace_check
