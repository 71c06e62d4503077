// The Trace check view in the app, headless under xvfb-run: partlab --plugin loads the example grid
// and its broken twin, --preset first-mismatch jumps to the first wrong frame, and what the view
// reports is checked against brute force computed here on the same trace: the broken grid's first
// wrong frame and its missing pairs, none for the right grid, the missing pairs' colour on the
// screenshot, and an exported cut that still goes wrong. Libraries that fail to load are one line
// naming the file, and the app still starts.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/plugins/broad_phase_plugin.h"
#include "engine/plugins/trace_check.h"
#include "tests/plugins/crossing_trace.h"
#include "tests/plugins/headless_app_run.h"
#include "tests/temp_path.h"

namespace partlab {
namespace {

// partlab --view VIEW ARGS --screenshot PNG, headless; the Trace check view unless told.
AppRun RunTraceCheck(const std::string& args, const std::string& png,
                     const std::string& view = "Trace check") {
  return RunApp(args, png, view);
}

// The trace written for the app, and its true pairs by brute force.
struct Fixture {
  std::string path = TempPath("crossing.aabbtrc");
  AabbTrace trace = CrossingTrace();
  Fixture() { EXPECT_EQ(WriteAabbTrace(path, trace), ""); }
  ~Fixture() { std::remove(path.c_str()); }
  std::vector<BoxPair> TruePairs(size_t f) const {
    std::vector<BoxPair> pairs;
    const auto boxes = trace.Frame(f);
    for (BoxId a = 0; a < trace.box_count; ++a)
      for (BoxId b = a + 1; b < trace.box_count; ++b)
        if (!boxes[a].IsEmpty() && !boxes[b].IsEmpty() && Overlaps(boxes[a], boxes[b]))
          pairs.push_back({a, b});
    return pairs;
  }
};

// Pixels of the missing pairs' colour (kMissingColor: strong red, little green or blue).
size_t MissingColourPixels(const std::string& png) {
  int w = 0, h = 0, n = 0;
  unsigned char* p = stbi_load(png.c_str(), &w, &h, &n, 3);
  EXPECT_NE(p, nullptr) << png;
  if (!p) return 0;
  size_t count = 0;
  for (int i = 0; i < w * h; ++i) count += p[3 * i] > 200 && p[3 * i + 1] < 90 && p[3 * i + 2] < 90;
  stbi_image_free(p);
  return count;
}

TEST(TraceCheckApp, BrokenGridReportsItsFirstWrongFrameAndMissingPairs) {
  const Fixture fx;
  // The independent answer: the first frame brute force has a pair with a straddling box.
  long first = -1;
  std::vector<BoxPair> lost;
  uint32_t wrong = 0;
  for (size_t f = 0; f < fx.trace.FrameCount(); ++f) {
    const auto l = PairsWithASpanningBox(fx.trace.Frame(f), 2.0f, fx.TruePairs(f));
    wrong += !l.empty();
    if (!l.empty() && first < 0) {
      first = long(f);
      lost = l;
    }
  }
  ASSERT_GT(first, 0);
  std::ostringstream want;
  want << "trace check: grid_broken on " << fx.path << ": " << wrong << " of "
       << fx.trace.FrameCount() << " frames differ from brute force (first " << first << "); frame "
       << first << ": " << lost.size() << " missing";
  for (BoxPair p : lost) want << " (" << p.a << ", " << p.b << ")";
  want << ", 0 extra";

  const std::string png = TempPath("broken.png"), repro = TempPath("repro.aabbtrc");
  const AppRun run =
      RunTraceCheck(std::string("--no-ui --plugin ") + PARTLAB_GRID_BROKEN_PLUGIN + " --trace " +
                        fx.path + " --preset first-mismatch,export=" + repro,
                    png);
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find(want.str()), std::string::npos) << want.str() << "\n" << run.out;
  EXPECT_GT(MissingColourPixels(png), 200u);  // the missing pairs' boxes are drawn red
  // The exported cut: one frame, only the boxes of the lost pairs, still wrong for the broken
  // grid and right for the correct one.
  auto cut = ReadAabbTrace(repro);
  ASSERT_TRUE(cut.ok()) << cut.error();
  EXPECT_EQ(cut.value().FrameCount(), 1u);
  std::set<BoxId> involved;
  for (BoxPair p : lost) involved.insert({p.a, p.b});
  EXPECT_EQ(cut.value().box_count, involved.size());
  ASSERT_EQ(LoadBroadPhasePlugin(PARTLAB_GRID_BROKEN_PLUGIN), "");
  ASSERT_EQ(LoadBroadPhasePlugin(PARTLAB_GRID_PLUGIN), "");
  EXPECT_TRUE(LastFrameWrong(cut.value(), "grid_broken"));
  EXPECT_FALSE(LastFrameWrong(cut.value(), "grid"));
  std::remove(png.c_str());
  std::remove(repro.c_str());
}

// PAIRS001 (docs/plugins.md): "PAIRS001", uint32 N, uint32 F, per frame a count and the pairs.
void WritePairs(const std::string& path, uint32_t boxes,
                const std::vector<std::vector<BoxPair>>& frames) {
  std::ofstream out(path, std::ios::binary);
  const auto u32 = [&](uint32_t v) { out.write(reinterpret_cast<const char*>(&v), 4); };
  out.write("PAIRS001", 8);
  u32(boxes);
  u32(uint32_t(frames.size()));
  for (const auto& pairs : frames) {
    u32(uint32_t(pairs.size()));
    for (BoxPair p : pairs) {
      u32(p.a);
      u32(p.b);
    }
  }
}

// The right grid: no wrong frame, no red. The game's own pairs, read from the file beside the
// trace, lost one pair at frame 7: that frame alone is the game's.
TEST(TraceCheckApp, RightGridHasNoWrongFrameAndNothingRed) {
  const Fixture fx;
  std::vector<std::vector<BoxPair>> game;
  for (size_t f = 0; f < fx.trace.FrameCount(); ++f) game.push_back(fx.TruePairs(f));
  ASSERT_FALSE(game[7].empty());
  game[7].pop_back();
  const std::string pairs = fx.path.substr(0, fx.path.size() - 8) + ".pairs";  // beside .aabbtrc
  WritePairs(pairs, fx.trace.box_count, game);
  const std::string png = TempPath("right.png");
  const AppRun run = RunTraceCheck(std::string("--no-ui --plugin ") + PARTLAB_GRID_PLUGIN +
                                       " --trace " + fx.path + " --preset first-mismatch",
                                   png);
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("trace check: grid on " + fx.path +
                         ": 0 of 30 frames differ from brute "
                         "force; frame 0: 0 missing, 0 extra; the game's own pairs differ in 1 "
                         "frame\n"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(MissingColourPixels(png), 0u);
  std::remove(png.c_str());
  std::remove(pairs.c_str());
}

// Each bad library is one line on stderr naming it; the good one is still loaded and checked.
TEST(TraceCheckApp, LibrariesThatFailToLoadAreOneLineEachAndTheAppStarts) {
  const Fixture fx;
  const std::string png = TempPath("bad.png"), missing = "/nonexistent/libnothing.so";
  const AppRun run = RunTraceCheck("--plugin " + missing +
                                       " --plugin " PARTLAB_WRONG_ABI_PLUGIN
                                       " --plugin " PARTLAB_GRID_PLUGIN " --trace " +
                                       fx.path,
                                   png);
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  for (const std::string& lib : {missing, std::string(PARTLAB_WRONG_ABI_PLUGIN)}) {
    size_t lines = 0;
    std::istringstream err(run.err);
    for (std::string line; std::getline(err, line);)
      if (line.find(lib) != std::string::npos) {
        ++lines;
        EXPECT_EQ(line.rfind("partlab: --plugin " + lib + ": ", 0), 0u) << line;
      }
    EXPECT_EQ(lines, 1u) << run.err;
  }
  EXPECT_NE(run.err.find("plugin ABI version 99, this Partition Lab speaks 2"), std::string::npos)
      << run.err;
  EXPECT_NE(run.out.find("trace check: grid on " + fx.path), std::string::npos) << run.out;
  std::ifstream written(png, std::ios::binary);
  EXPECT_TRUE(written.good()) << "no screenshot: the app did not start";
  std::remove(png.c_str());
}

// A plugin is listed beside ours in the Simulation view too: --algo and --beside take it.
TEST(TraceCheckApp, PluginRunsInTheSimulationViewAndBesideIt) {
  const std::string png = TempPath("sim.png");
  const AppRun run =
      RunTraceCheck("--no-ui --plugin " PARTLAB_GRID_PLUGIN " --plugin " PARTLAB_GRID_BROKEN_PLUGIN
                    " --algo grid --beside grid_broken --steps 5",
                    png, "Simulation");
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_EQ(run.err.find("unknown"), std::string::npos) << run.err;
  EXPECT_NE(run.out.find("beside: grid_broken:"), std::string::npos) << run.out;
  std::remove(png.c_str());
}

// A file that is not a trace is one line naming it; the view starts with nothing open.
TEST(TraceCheckApp, BadTraceIsOneLineNamingTheFile) {
  const std::string png = TempPath("badtrace.png"), bad = TempPath("not_a_trace.aabbtrc");
  std::ofstream(bad) << "this text file is not a trace at all\n";
  const AppRun run = RunTraceCheck("--no-ui --trace " + bad, png);
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.err.find("partlab: " + bad + ": bad magic (not an AABBTRC1 trace)\n"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.out.find("trace check: no trace open"), std::string::npos) << run.out;
  std::remove(bad.c_str());
  std::remove(png.c_str());
}

}  // namespace
}  // namespace partlab

namespace partlab {
namespace {

// The frames where the broken grid with cell `cell` loses a pair (the planted bug's statement
// applied to brute force's pairs), and the first of them.
struct Wrong {
  uint32_t frames = 0;
  long first = -1;
};
Wrong BrokenGridWrongFrames(const AabbTrace& trace, float cell) {
  Wrong w;
  for (size_t f = 0; f < trace.FrameCount(); ++f) {
    std::vector<BoxPair> truth;
    const auto boxes = trace.Frame(f);
    for (BoxId a = 0; a < trace.box_count; ++a)
      for (BoxId b = a + 1; b < trace.box_count; ++b)
        if (!boxes[a].IsEmpty() && !boxes[b].IsEmpty() && Overlaps(boxes[a], boxes[b]))
          truth.push_back({a, b});
    if (PairsWithASpanningBox(boxes, cell, truth).empty()) continue;
    ++w.frames;
    if (w.first < 0) w.first = long(f);
  }
  return w;
}

// The plugin's parameter set through the view (--plugin-param, the panel's path: clamped, then
// the trace checked again) changes what the broken grid loses as its statement predicts.
TEST(TraceCheckApp, PluginParameterChangesTheBrokenGridAsItsStatementSays) {
  const AabbTrace trace = CrossingTrace();
  const std::string path = TempPath("param.aabbtrc");
  ASSERT_EQ(WriteAabbTrace(path, trace), "");
  const Wrong two = BrokenGridWrongFrames(trace, 2.0f), three = BrokenGridWrongFrames(trace, 3.0f);
  ASSERT_NE(two.frames, three.frames);  // the parameter matters on this trace
  const std::string png = TempPath("param.png");
  const AppRun run = RunTraceCheck(std::string("--no-ui --plugin ") + PARTLAB_GRID_BROKEN_PLUGIN +
                                       " --trace " + path + " --plugin-param 'cell size=3'",
                                   png);
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("partlab: trace check: cell size = 3\n"), std::string::npos) << run.out;
  std::ostringstream want;
  want << "trace check: grid_broken on " << path << ": " << three.frames << " of "
       << trace.FrameCount() << " frames differ from brute force (first " << three.first << ")";
  EXPECT_NE(run.out.find(want.str()), std::string::npos) << want.str() << "\n" << run.out;
  // Out of range: clamped to the plugin's [0, 1e6], like our rows.
  const AppRun clamped =
      RunTraceCheck(std::string("--no-ui --plugin ") + PARTLAB_GRID_BROKEN_PLUGIN + " --trace " +
                        path + " --plugin-param 'cell size=5e9'",
                    png);
  EXPECT_NE(clamped.out.find("partlab: trace check: cell size = 1e+06\n"), std::string::npos)
      << clamped.out << clamped.err;
  std::remove(png.c_str());
  std::remove(path.c_str());
}

// Two pairs of unit cubes; in the first, box 1 slides onto box 0 along x, so their overlap along
// x is 0, 0.25, 0.5 wide in frames 2, 3, 4; the second pair overlaps by a whole unit throughout.
AabbTrace SlidingTrace() {
  AabbTrace t;
  t.box_count = 4;
  for (int f = 0; f < 5; ++f) {
    const float x = 1.5f - 0.25f * float(f);
    t.boxes.push_back({{0, 0, 0}, {1, 1, 1}});
    t.boxes.push_back({{x, 0.25f, 0.25f}, {x + 1, 1.25f, 1.25f}});
    t.boxes.push_back({{0, 0, 5}, {1, 1, 6}});
    t.boxes.push_back({{0, 0.5f, 5.5f}, {1, 1.5f, 6.5f}});
  }
  return t;
}

// Whether the sliver plugin with `assignments` ("NAME=VALUE;...", set by name as --plugin-param
// sets them) reports other pairs than brute force, computed here, in the last frame of `trace`.
bool SliverLastFrameWrong(const AabbTrace& trace, const std::string& assignments) {
  std::unique_ptr<BroadPhase> bp = MakeBroadPhase("sliver");
  auto* plugin = dynamic_cast<PluginBroadPhase*>(bp.get());
  EXPECT_NE(plugin, nullptr);
  if (!plugin) return false;
  std::stringstream sets(assignments);
  for (std::string set; std::getline(sets, set, ';');) {
    const size_t eq = set.rfind('=');
    partlab_param p{};
    EXPECT_TRUE(eq != std::string::npos && plugin->GetParam(0, p) && set.substr(0, eq) == p.name)
        << set;
    EXPECT_TRUE(plugin->SetParam(0, std::stod(set.substr(eq + 1)))) << set;
  }
  FrameDriver driver(*bp);
  std::vector<BoxPair> got;
  for (size_t f = 0; f < trace.FrameCount(); ++f) driver.Step(trace.Frame(f), got);
  std::vector<BoxPair> truth;
  const auto boxes = trace.Frame(trace.FrameCount() - 1);
  for (BoxId a = 0; a < trace.box_count; ++a)
    for (BoxId b = a + 1; b < trace.box_count; ++b)
      if (!boxes[a].IsEmpty() && !boxes[b].IsEmpty() && Overlaps(boxes[a], boxes[b]))
        truth.push_back({a, b});
  std::sort(got.begin(), got.end());
  return got != truth;
}

// The text between `from` and the end of its line in `text` ("" when absent).
std::string RestOfLine(const std::string& text, const std::string& from) {
  const size_t at = text.find(from);
  if (at == std::string::npos) return "";
  const size_t start = at + from.size();
  return text.substr(start, text.find('\n', start) - start);
}

// A bug that shows only at a non-default parameter value: the cut exported with the plugin's
// parameter set is minimised at that value, still fails when replayed with the parameters the
// export prints, and agrees with brute force at the default. The printed command itself, run,
// finds the cut wrong.
TEST(TraceCheckApp, ExportedCutKeepsThePluginParameters) {
  const AabbTrace trace = SlidingTrace();
  const std::string path = TempPath("sliding.aabbtrc"), cut_path = TempPath("sliver_cut.aabbtrc"),
                    png = TempPath("sliver.png");
  ASSERT_EQ(WriteAabbTrace(path, trace), "");
  ASSERT_EQ(LoadBroadPhasePlugin(PARTLAB_SLIVER_PLUGIN), "");
  // The independent answer: the plugin is right on the whole trace at the default, wrong at 0.5.
  for (size_t f = 0; f < trace.FrameCount(); ++f) {
    const AabbTrace upto = {trace.box_count,
                            {trace.boxes.begin(), trace.boxes.begin() + long((f + 1) * 4)}};
    EXPECT_FALSE(SliverLastFrameWrong(upto, "")) << f;
    EXPECT_EQ(SliverLastFrameWrong(upto, "sliver=0.5"), f == 2 || f == 3) << f;
  }
  const AppRun run =
      RunTraceCheck(std::string("--no-ui --plugin ") + PARTLAB_SLIVER_PLUGIN + " --trace " + path +
                        " --plugin-param 'sliver=0.5' --preset first-mismatch,"
                        "export=" +
                        cut_path,
                    png);
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  const std::string replay = RestOfLine(run.out, "; replay: ");
  ASSERT_NE(replay, "") << run.out << run.err;
  const std::string want_start = std::string("partlab --view 'Trace check' --plugin '") +
                                 PARTLAB_SLIVER_PLUGIN + "' --algo 'sliver' --plugin-param '";
  ASSERT_EQ(replay.rfind(want_start, 0), 0u) << replay;
  const std::string assignments =
      replay.substr(want_start.size(), replay.find('\'', want_start.size()) - want_start.size());
  EXPECT_EQ(assignments, "sliver=0.5");
  EXPECT_NE(replay.find(" --trace '" + cut_path + "'"), std::string::npos) << replay;
  auto cut = ReadAabbTrace(cut_path);
  ASSERT_TRUE(cut.ok()) << cut.error();
  EXPECT_EQ(cut.value().box_count, 2u);  // boxes 0 and 1 in frame 2 alone
  EXPECT_TRUE(SliverLastFrameWrong(cut.value(), assignments));
  EXPECT_FALSE(SliverLastFrameWrong(cut.value(), ""));
  // The printed command, run as it stands (the app's path for "partlab", headless).
  const std::string out = TempPath("replay.out");
  const std::string command = "xvfb-run -a -s '-screen 0 1280x720x24' " PARTLAB_APP +
                              replay.substr(std::string("partlab").size()) +
                              " --size 1280x720 --msaa 0 --no-ui --screenshot " + png + " > " +
                              out + " 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << command << "\n" << Slurp(out);
  const std::string replayed = Slurp(out);
  EXPECT_NE(replayed.find("trace check: sliver on " + cut_path + ": 1 of 1 frames differ"),
            std::string::npos)
      << replayed;
  std::remove(png.c_str());
  std::remove(cut_path.c_str());
  std::remove(path.c_str());
}

// A lesson on the Trace check view: its actions move to the wrong frames and set the plugin's
// parameter, its checks recount the wrong frames by brute force; a false claim fails the export.
TEST(TraceCheckApp, LessonVerbsShowThePluginGoingWrong) {
  const AabbTrace trace = CrossingTrace();
  const std::string path = TempPath("lesson.aabbtrc"), lesson = TempPath("trace.toml"),
                    out = TempPath("lesson_out");
  ASSERT_EQ(WriteAabbTrace(path, trace), "");
  const Wrong two = BrokenGridWrongFrames(trace, 2.0f), three = BrokenGridWrongFrames(trace, 3.0f);
  const auto write = [&](long claimed_frames) {
    std::ofstream f(lesson);
    f << "title = \"t\"\nsource = \"test\"\nsummary = \"s\"\n\n[[step]]\ntitle = \"a\"\n"
      << "view = \"Trace check\"\nflags = [\"--trace\", \"" << path
      << "\", \"--algo\", \"grid_broken\"]\nactions = [\"first-wrong\"]\nchecks = [\"wrong-frames "
      << claimed_frames << "\", \"first-wrong-frame " << two.first << "\", \"at-frame " << two.first
      << "\"]\ncaption = \"c\"\n\n[[step]]\ntitle = \"b\"\n"
      << "view = \"Trace check\"\nflags = [\"--trace\", \"" << path
      << "\", \"--algo\", \"grid_broken\"]\nactions = [\"plugin-param cell size=3\"]\n"
      << "checks = [\"wrong-frames " << three.frames << "\", \"first-wrong-frame " << three.first
      << "\"]\ncaption = \"c\"\n";
  };
  const auto run = [&] {
    return std::system(("xvfb-run -a -s '-screen 0 1280x720x24' " PARTLAB_APP " --plugin " +
                        std::string(PARTLAB_GRID_BROKEN_PLUGIN) + " --lesson " + lesson +
                        " --export " + out + " --size 1280x720 > " + out + ".log 2>&1")
                           .c_str());
  };
  write(two.frames);
  EXPECT_EQ(run(), 0) << Slurp(out + ".log");
  write(two.frames + 1);  // a false claim
  EXPECT_NE(run(), 0);
  EXPECT_NE(Slurp(out + ".log").find("check 'wrong-frames' failed"), std::string::npos);
  std::filesystem::remove_all(out);
  std::remove(lesson.c_str());
  std::remove(path.c_str());
}

}  // namespace
}  // namespace partlab
