#include "app/views/trace_check/trace_check_view.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "app/i18n/translate.h"
#include "app/settings.h"
#include "app/view/view_flags_cli.h"
#include "engine/broadphase/broad_phase_registry.h"
#include "engine/io/aabb_trace.h"
#include "engine/plugins/broad_phase_plugin.h"

namespace partlab::trace_check {
namespace {

// The broad phase shown first: --algo, else the last plugin loaded (the user's own, which is what
// this view is for), else sweep-and-prune.
std::string FirstAlgorithm(const std::string& asked) {
  if (!asked.empty() && MakeBroadPhase(asked)) return asked;
  std::string chosen = "sap";
  for (std::string_view name : BroadPhaseNames())
    if (BroadPhaseDescription(name).rfind("Plugin ", 0) == 0) chosen = std::string(name);
  return chosen;
}

// The game's pairs beside a trace, as record.h's example names them: game.aabbtrc -> game.pairs,
// or the trace's name with .pairs appended. "" when neither exists.
std::string PairsBeside(const std::string& trace) {
  std::error_code ec;
  for (std::filesystem::path p : {std::filesystem::path(trace).replace_extension(".pairs"),
                                  std::filesystem::path(trace + ".pairs")})
    if (std::filesystem::is_regular_file(p, ec)) return p.string();
  return "";
}

// `text` as one shell word: in single quotes, a quote inside closed, escaped and reopened.
std::string ShellWord(const std::string& text) {
  std::string word = "'";
  for (char c : text) word += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return word + "'";
}

// The command that replays `cut` as the check ran it: the plugin's file, the algorithm, and every
// parameter set (NAME=VALUE;... in one --plugin-param, the values written to round-trip exactly).
std::string ReplayCommand(const TraceCheck& check, const std::string& cut) {
  std::string command = "partlab --view 'Trace check'";  // untranslated: a command line
  if (const std::string plugin = BroadPhasePluginPath(check.algorithm_name()); !plugin.empty())
    command += " --plugin " + ShellWord(plugin);
  command += " --algo " + ShellWord(std::string(check.algorithm_name()));
  std::string assignments;
  for (const auto& [i, value] : check.params()) {
    partlab_param p{};
    if (!check.GetParam(i, p)) continue;
    char number[32];
    const auto end = std::to_chars(number, number + sizeof number, value).ptr;
    assignments +=
        (assignments.empty() ? "" : ";") + std::string(p.name) + "=" + std::string(number, end);
  }
  if (!assignments.empty()) command += " --plugin-param " + ShellWord(assignments);
  return command + " --trace " + ShellWord(cut);
}

void CopyToField(const std::string& text, std::array<char, 512>& field) {
  const size_t n = std::min(text.size(), field.size() - 1);
  std::copy_n(text.begin(), n, field.begin());
  field[n] = '\0';
}

}  // namespace

TraceCheckView::TraceCheckView(AppContext& app) : View(app), app_(app) {
  const ViewFlagValues& flags = app.start.flags;  // AddTraceCheckFlags declares them
  const std::string algo = flags.Text("--algo"), trace = flags.Text("--trace");
  algorithm_ = FirstAlgorithm(algo);
  if (!algo.empty() && algorithm_ != algo)
    notices().Note("partlab: " + Formatted(_("unknown --algo '%s', checking %s"), algo.c_str(),
                                           algorithm_.c_str()));
  CopyToField(trace.empty() ? ConfigDirectory() + "/simulation/last-run.aabbtrc" : trace,
              path_field_);
  CopyToField("/tmp/repro.aabbtrc", export_field_);
  if (!trace.empty()) Open(trace);
  // NAME=VALUE, or several separated by ';' (as an exported cut's replay command gives them).
  std::stringstream sets(flags.Text("--plugin-param"));
  for (std::string set; std::getline(sets, set, ';');)
    if (const std::string e = SetPluginParam(set); !e.empty())
      notices().Error("partlab: --plugin-param " + set + ": " + e);  // untranslated: flag
  ApplyPreset(flags.Text("--preset"));
}

void TraceCheckView::Open(const std::string& path) {
  auto trace = ReadAabbTrace(path);
  if (!trace.ok()) {
    notices().Error("partlab: " + trace.error());
    return;
  }
  RecordedPairs game;
  const std::string pairs = PairsBeside(path);
  if (!pairs.empty()) {
    auto read = ReadRecordedPairs(pairs);
    std::string e = read.ok() ? GamePairsMismatch(trace.value(), read.value()) : read.error();
    if (e.empty())
      game = std::move(read.value());
    else if (read.ok())
      notices().Error("partlab: " + Formatted(_("%s: %s (checking the trace without them)"),
                                              pairs.c_str(), e.c_str()));
    else
      notices().Error("partlab: " +
                      Formatted(_("%s (checking the trace without them)"), e.c_str()));
  }
  if (const std::string e = check_.Open(std::move(trace.value()), std::move(game), algorithm_);
      !e.empty()) {
    notices().Error("partlab: " + path + ": " + e);
    return;
  }
  trace_path_ = path;
  pairs_path_ = check_.has_game_pairs() ? pairs : "";
  frame_camera_ = true;
}

std::string TraceCheckView::SetPluginParam(const std::string& assignment) {
  const size_t eq = assignment.rfind('=');
  if (eq == std::string::npos) return _("expects NAME=VALUE");
  const std::string name = assignment.substr(0, eq), number = assignment.substr(eq + 1);
  char* end = nullptr;
  const double value = std::strtod(number.c_str(), &end);
  if (number.empty() || *end != '\0' || !std::isfinite(value)) return _("expects NAME=VALUE");
  for (uint32_t i = 0; i < check_.ParamCount(); ++i) {
    partlab_param p{};
    if (!check_.GetParam(i, p) || name != p.name) continue;
    if (!check_.SetParam(i, value)) return Formatted(_("the plugin refused %s"), name.c_str());
    std::printf("partlab: trace check: %s = %g\n", p.name, std::clamp(value, p.lo, p.hi));
    return "";
  }
  return Formatted(_("the plugin has no parameter '%s'"), name.c_str());
}

void TraceCheckView::ChooseAlgorithm(const std::string& name) {
  algorithm_ = name;
  if (!check_.is_open()) return;
  const uint32_t frame = check_.frame();
  if (const std::string e = check_.SetAlgorithm(name); !e.empty()) notices().Error("partlab: " + e);
  check_.Seek(frame);
}

void TraceCheckView::Seek(long frame) {
  if (!check_.is_open() || frame < 0) return;
  check_.Seek(uint32_t(frame));
  if (follow_ && !DifferenceBounds(check_).IsEmpty()) frame_camera_ = true;
}

// Each jump is said on stdout too, so a script driving the keys can follow it.
void TraceCheckView::JumpToWrongFrame(bool first) {
  playing_ = false;
  const long frame = check_.NextWrongFrame(first ? -1 : long(check_.frame()));
  if (frame < 0) return;
  Seek(frame);
  std::printf("partlab: trace check: frame %u (%zu missing, %zu extra)\n", check_.frame(),
              check_.diff().missing.size(), check_.diff().extra.size());
  std::fflush(stdout);
}

// --preset words: first-mismatch (jump to the first wrong frame), next (then to the next one),
// frame=N, no-structure, no-boxes, export=PATH (write the smallest failing cut there).
void TraceCheckView::ApplyPreset(const std::string& words) {
  std::stringstream list(words);
  for (std::string word; std::getline(list, word, ',');) {
    if (word.empty()) continue;
    if (word == "first-mismatch")
      JumpToWrongFrame(true);
    else if (word == "next")
      JumpToWrongFrame(false);
    else if (word.rfind("frame=", 0) == 0)
      Seek(std::strtol(word.c_str() + 6, nullptr, 10));
    else if (word == "no-structure")
      overlay_.structure = false;
    else if (word == "no-boxes")
      overlay_.all_boxes = false;
    else if (word.rfind("export=", 0) == 0)
      ExportRepro(word.substr(7));
    else
      notices().Note("partlab: " + Formatted(_("Trace check does not know --preset word '%s' "
                                               "(first-mismatch, next, frame=N, no-structure, "
                                               "no-boxes, export=PATH)"),
                                             word.c_str()));
  }
}

void TraceCheckView::ExportRepro(const std::string& path) {
  if (!check_.is_open()) return;
  ReproTrace repro;
  // Minimised with the parameters the check runs with: a bug that shows only at them stays.
  std::string e = MinimalRepro(check_.trace(), check_.frame(), check_.diff(),
                               check_.algorithm_name(), check_.params(), repro);
  if (e.empty()) e = WriteAabbTrace(path, repro.trace);
  if (!e.empty()) {
    export_status_.clear();
    replay_command_.clear();
    notices().Error("partlab: " + e);
    return;
  }
  std::string ids;
  for (size_t i = 0; i < repro.ids.size() && i < 16; ++i)
    ids += (i ? ", " : "") + std::to_string(i) + "=" + std::to_string(repro.ids[i]);
  if (repro.ids.size() > 16) ids += ", ...";
  const std::string replay = ReplayCommand(check_, path);
  const size_t frames = repro.trace.FrameCount();
  const uint32_t boxes = repro.trace.box_count;
  export_status_ = Formatted(_("Wrote %s: %s, %zu frame(s), %u boxes (new id=trace id: %s)"),
                             path.c_str(), repro.what.c_str(), frames, boxes, ids.c_str());
  replay_command_ = replay;
  std::printf(
      "partlab: trace check: wrote %s: %s, %zu frame(s), %u boxes (new id=trace id: %s); "
      "replay: %s\n",
      path.c_str(), repro.what.c_str(), frames, boxes, ids.c_str(), replay.c_str());
}

void TraceCheckView::Step(float dt) {
  if (!playing_ || !check_.is_open()) return;
  play_seconds_ += dt;
  const float period = 1.0f / frames_per_second_;
  if (play_seconds_ < period) return;
  play_seconds_ -= period;
  if (check_.frame() + 1 >= check_.frame_count()) {
    playing_ = false;
    return;
  }
  check_.Seek(check_.frame() + 1);
  // Playing stops on a wrong frame: that is the one to look at.
  if (check_.verdicts()[check_.frame()].algorithm_wrong()) playing_ = false;
}

void TraceCheckView::Render(const RenderContext& ctx, DebugDraw& draw) {
  view_projection_ = ctx.matrices.projection * ctx.matrices.view;
  if (frame_camera_ && check_.is_open()) {
    frame_camera_ = false;
    Aabb target = DifferenceBounds(check_);
    if (target.IsEmpty() || !follow_) {
      for (const Aabb& b : check_.trace().boxes)
        if (!b.IsEmpty()) target.Grow(b);
    } else {  // the differing boxes with room around them for what is near
      const glm::vec3 c = target.Center(), h = glm::max(target.Extent(), glm::vec3(1e-3f));
      target = {c - 1.1f * h, c + 1.1f * h};
    }
    if (!target.IsEmpty())
      app_.camera.Frame(target, ctx.framebuffer_size.x / std::max(ctx.framebuffer_size.y, 1.0f));
  }
  EmitOverlay(check_, overlay_, draw);
}

std::string TraceCheckView::Summary() const {
  if (!check_.is_open()) return "no trace open";
  char line[512];
  const long first = check_.NextWrongFrame(-1);
  std::snprintf(line, sizeof line, "%s on %s: %u of %u frames differ from brute force",
                check_.algorithm_name().data(), trace_path_.c_str(), check_.wrong_frames(),
                check_.frame_count());
  std::string text = line;
  if (first >= 0) text += " (first " + std::to_string(first) + ")";
  text += "; frame " + std::to_string(check_.frame()) + ": " +
          std::to_string(check_.diff().missing.size()) + " missing";
  for (size_t i = 0; i < check_.diff().missing.size() && i < 8; ++i)
    text += " (" + std::to_string(check_.diff().missing[i].a) + ", " +
            std::to_string(check_.diff().missing[i].b) + ")";
  text += ", " + std::to_string(check_.diff().extra.size()) + " extra";
  for (size_t i = 0; i < check_.diff().extra.size() && i < 8; ++i)
    text += " (" + std::to_string(check_.diff().extra[i].a) + ", " +
            std::to_string(check_.diff().extra[i].b) + ")";
  if (!check_.violation().empty()) text += "; " + std::string(check_.violation());
  if (check_.has_game_pairs())
    text += "; the game's own pairs differ in " + std::to_string(check_.game_wrong_frames()) +
            (check_.game_wrong_frames() == 1 ? " frame" : " frames");
  return text;
}

// Printed at the end of a --frames or --screenshot run: what the tests read.
std::string TraceCheckView::MeasuredRunReport() const {
  return "trace check: " + Summary();
}

namespace {
std::unique_ptr<View> CreateTraceCheckView(AppContext& app) {
  return std::make_unique<TraceCheckView>(app);
}
}  // namespace

}  // namespace partlab::trace_check

namespace partlab {
// The flags it reads: which trace, which broad phase, and where to start (ApplyPreset).
static void AddTraceCheckFlags(ViewFlagDefs& defs) {
  AddViewPathFlag(defs, "--trace", N_("a path to an AABBTRC1 trace"),
                  _("Trace check: the trace to check"));
  AddViewTextFlag(defs, "--algo", "NAME",
                  _("Trace check: the broad phase checked (a plugin's name)"));
  AddViewTextFlag(defs, "--plugin-param", "NAME=VALUE",
                  _("Trace check: set the plugin's parameter NAME (clamped to its range), "
                    "several as NAME=VALUE;NAME=VALUE, then check the trace"));
  AddViewTextFlag(defs, "--preset", "NAME",
                  _("Trace check: first-mismatch, next, frame=N, export=PATH"), kPresetLead);
}

static const bool kTraceCheckViewRegistered = RegisterView(
    {N_("Trace check"),
     N_("Debug your own broad phase: a recorded trace replayed through it (a --plugin or one of "
        "ours), every frame's pairs compared with brute force's; jump to the wrong frames"),
     &trace_check::CreateTraceCheckView, /*uses_model=*/false,
     &LessonVerbSpecs<trace_check::TraceCheckView>, &AddTraceCheckFlags});
}  // namespace partlab
