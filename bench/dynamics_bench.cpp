// partlab-bench dynamics: the chapter's rigid-body solver (visualization-simulation-games.txt, 3.3)
// run on a scene file, and measured.
//   --scene-file F --steps N --csv OUT   one scene, one CSV row per step (time, every body's pose
//                                        and velocities, energies, momenta, contacts, propagation
//                                        passes, LCP size and pivots)
//   --measure                            every scene of assets/dynamics: steps/s and thread CPU
//                                        time per stage (medians, 10th-90th percentiles), against
//                                        ODE on the same scene in the same process; then time per
//                                        step against the resting LCP's size (stacks of boxes),
//                                        to show where Lemke's method stops being practical.
// Results go to docs/results/dynamics*.csv/.md with the machine, the date and the command line.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "bench/bench_cli.h"
#include "bench/bench_command.h"
#include "engine/dynamics/ode_mirror.h"
#include "engine/dynamics/scene_file.h"
#include "engine/paths/data_paths.h"

namespace partlab::bench {
// This subcommand's own names (its file shares a unity source: bench/CMakeLists.txt).
namespace dynamics_bench {
namespace {

using namespace partlab::dynamics;
// The chapter's body, not engine/physics' partlab::BodyDesc, which the unity source also sees.
using partlab::dynamics::BodyDesc;

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, size_t(p * double(v.size() - 1) + 0.5))];
}

std::string CpuModel() {
  std::ifstream f("/proc/cpuinfo");
  for (std::string line; std::getline(f, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown CPU";
}

std::string LoadAverage() {
  std::ifstream f("/proc/loadavg");
  std::string one, five, fifteen;
  f >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

std::string UtcNow() {
  const std::time_t t = std::time(nullptr);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
  return buf;
}

std::string Provenance(const std::string& command_line) {
  return "Machine: " + CpuModel() + ", " + std::to_string(std::thread::hardware_concurrency()) +
         " threads, load average " + LoadAverage() + ". Date: " + UtcNow() + ". Command: `" +
         command_line + "`. Release build; times are thread CPU time.\n";
}

// --- one scene to CSV ---------------------------------------------------------------------------

void WriteHeader(std::ofstream& out, const DynamicsWorld& w) {
  out << "step,time,kinetic,potential,Px,Py,Pz,Lx,Ly,Lz,contacts,colliding,resting,passes,"
         "settle_sweeps,lcp_size,lcp_pivots,lcp_status";
  const auto bodies = w.bodies();
  for (size_t i = 0; i < bodies.size(); ++i) {
    if (bodies[i].IsStatic()) continue;
    const std::string b = "b" + std::to_string(i) + "_";
    for (const char* c :
         {"x", "y", "z", "qw", "qx", "qy", "qz", "vx", "vy", "vz", "wx", "wy", "wz"})
      out << ',' << b << c;
  }
  out << '\n';
}

void WriteRow(std::ofstream& out, const DynamicsWorld& w) {
  const Conserved c = w.Measure();
  const StepStats& s = w.stats();
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "%llu,%.6f,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%d,%d,%d,%d,%d,%d,%d,%s",
                (unsigned long long)w.step_count(), w.time(), c.kinetic, c.potential, c.linear.x,
                c.linear.y, c.linear.z, c.angular.x, c.angular.y, c.angular.z, s.contacts,
                s.colliding, s.resting, s.passes, s.settle_sweeps, s.lcp_size, s.lcp_pivots,
                std::string(LcpStatusName(s.lcp_status)).c_str());
  out << buf;
  for (const RigidBody& b : w.bodies()) {
    if (b.IsStatic()) continue;
    std::snprintf(buf, sizeof buf,
                  ",%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g", b.x.x, b.x.y,
                  b.x.z, b.q.w, b.q.x, b.q.y, b.q.z, b.v.x, b.v.y, b.v.z, b.w.x, b.w.y, b.w.z);
    out << buf;
  }
  out << '\n';
}

int RunOneScene(const std::string& path, int steps, const std::string& csv) {
  SceneFile scene;
  std::string error, note;
  if (!LoadSceneFile(path, scene, error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 2;
  }
  DynamicsWorld world;
  if (!BuildWorld(scene, world, note, error)) {
    std::fprintf(stderr, "%s: %s\n", path.c_str(), error.c_str());
    return 2;
  }
  if (!note.empty()) std::printf("note: %s\n", note.c_str());
  std::ofstream out;
  if (!csv.empty()) {
    out.open(csv);
    if (!out) {
      std::fprintf(stderr, "%s: cannot write\n", csv.c_str());
      return 2;
    }
    WriteHeader(out, world);
  }
  std::string last_note;
  for (int i = 0; i < steps; ++i) {
    world.Step();
    if (!world.note().empty() && world.note() != last_note)
      std::printf("step %d: %s\n", i + 1, (last_note = world.note()).c_str());
    if (out) WriteRow(out, world);
  }
  const Conserved c = world.Measure();
  std::printf("%s: %d steps of %.4g s (%s), kinetic %.6g J, potential %.6g J\n", path.c_str(),
              steps, scene.params.dt, std::string(IntegratorName(scene.params.integrator)).c_str(),
              c.kinetic, c.potential);
  return 0;
}

// --- measured mode ------------------------------------------------------------------------------

struct SceneTiming {
  std::string name;
  int bodies = 0;
  double contacts_median = 0, lcp_median = 0;
  std::array<double, kStageCount> stage_median{};
  double step_median = 0, step_p10 = 0, step_p90 = 0;
  double ode_median = 0, ode_p10 = 0, ode_p90 = 0, ode_contacts_median = 0;
  int fallbacks = 0;
};

SceneTiming MeasureScene(const std::string& path, int steps) {
  SceneTiming t;
  t.name = std::filesystem::path(path).stem().string();
  SceneFile scene;
  std::string error, note;
  DynamicsWorld world;
  if (!LoadSceneFile(path, scene, error) || !BuildWorld(scene, world, note, error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return t;
  }
  for (const RigidBody& b : world.bodies()) t.bodies += !b.IsStatic();
  std::array<std::vector<double>, kStageCount> stage;
  std::vector<double> total, contacts, lcp, ode_ms, ode_contacts;
  for (int i = 0; i < steps; ++i) {
    world.Step();
    const StepStats& s = world.stats();
    for (int k = 0; k < kStageCount; ++k) stage[k].push_back(s.stage_ms[k]);
    total.push_back(s.total_ms());
    contacts.push_back(s.contacts);
    lcp.push_back(s.lcp_size);
    t.fallbacks += s.lcp_fallback;
  }
  OdeMirror ode(scene);  // built after ours ran: neither warms the other's caches more
  for (int i = 0; i < steps; ++i) {
    const OdeMirrorStep s = ode.Step();
    ode_ms.push_back(s.ms);
    ode_contacts.push_back(s.contacts);
  }
  for (int k = 0; k < kStageCount; ++k) t.stage_median[k] = Percentile(stage[k], 0.5);
  t.step_median = Percentile(total, 0.5);
  t.step_p10 = Percentile(total, 0.1);
  t.step_p90 = Percentile(total, 0.9);
  t.contacts_median = Percentile(contacts, 0.5);
  t.lcp_median = Percentile(lcp, 0.5);
  t.ode_median = Percentile(ode_ms, 0.5);
  t.ode_p10 = Percentile(ode_ms, 0.1);
  t.ode_p90 = Percentile(ode_ms, 0.9);
  t.ode_contacts_median = Percentile(ode_contacts, 0.5);
  return t;
}

// Columns of `height` boxes side by side (not touching): every contact rests, the LCP holds
// 4 contacts per box, and Lemke is forced on it however large (lcp-max raised).
SceneFile StackColumns(int columns, int height) {
  SceneFile s;
  s.params.dt = 1.0 / 240;
  s.params.lcp_max_size = 100000;
  BodyDesc floor;
  floor.shape = Shape::kPlane;
  floor.is_static = true;
  s.bodies.push_back(floor);
  for (int c = 0; c < columns; ++c)
    for (int h = 0; h < height; ++h) {
      BodyDesc b;
      b.half = {0.5, 0.25, 0.5};
      b.position = {1.5 * (c % 16), 0.25 + 0.5 * h, 1.5 * (c / 16)};
      s.bodies.push_back(b);
    }
  return s;
}

struct LcpPoint {
  int boxes = 0, lcp = 0, pivots = 0;
  double resting_ms = 0, step_ms = 0, spread_lo = 0, spread_hi = 0;
  bool solved = true;
};

LcpPoint MeasureLcp(int columns, int height, int steps) {
  LcpPoint p;
  const SceneFile scene = StackColumns(columns, height);
  DynamicsWorld world;
  std::string note, error;
  BuildWorld(scene, world, note, error);
  std::vector<double> resting, total;
  world.Step();  // settle the first contacts
  for (int i = 0; i < steps; ++i) {
    world.Step();
    resting.push_back(world.stats().stage_ms[int(Stage::kRestingForces)]);
    total.push_back(world.stats().total_ms());
    p.lcp = std::max(p.lcp, world.stats().lcp_size);
    p.pivots = std::max(p.pivots, world.stats().lcp_pivots);
    p.solved &= world.stats().lcp_status == LcpStatus::kSolved && !world.stats().lcp_fallback;
  }
  p.boxes = columns * height;
  p.resting_ms = Percentile(resting, 0.5);
  p.step_ms = Percentile(total, 0.5);
  p.spread_lo = Percentile(total, 0.1);
  p.spread_hi = Percentile(total, 0.9);
  return p;
}

int RunMeasure(const std::string& assets, const std::string& out_dir, int steps, double budget_ms,
               const std::string& command_line) {
  std::filesystem::create_directories(out_dir);
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(assets))
    if (e.path().extension() == ".scene") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    std::fprintf(stderr, "%s: no .scene files\n", assets.c_str());
    return 2;
  }
  const std::string provenance = Provenance(command_line);
  std::printf("%s", provenance.c_str());

  std::ofstream csv(out_dir + "/dynamics.csv");
  csv << "scene,bodies,steps,contacts_median,lcp_median,detect_ms,classify_ms,impulses_ms,"
         "resting_ms,integrate_ms,step_ms_median,step_ms_p10,step_ms_p90,steps_per_s,"
         "ode_step_ms_median,ode_step_ms_p10,ode_step_ms_p90,ode_steps_per_s,ode_contacts_median,"
         "ours_over_ode,lcp_fallback_steps\n";
  std::ofstream md(out_dir + "/dynamics.md");
  md << "# partlab-bench dynamics: the chapter's solver against ODE\n\n"
     << provenance << "\nPer scene, " << steps
     << " steps; medians of the thread CPU time per step, spread = 10th-90th percentile. "
        "ODE: dHashSpace + dCollide + dWorldQuickStep (20 iterations) on the same bodies.\n\n"
        "| scene | bodies | contacts | LCP size | detect | classify | impulses | resting | "
        "integrate | step ms (p10-p90) | steps/s | ODE step ms (p10-p90) | ODE steps/s | "
        "ours / ODE | LCP fallbacks "
        "|\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const std::string& f : files) {
    const SceneTiming t = MeasureScene(f, steps);
    const double sps = 1000.0 / std::max(t.step_median, 1e-6);
    const double ode_sps = 1000.0 / std::max(t.ode_median, 1e-6);
    const double ratio = t.step_median / std::max(t.ode_median, 1e-6);
    char line[1024];
    std::snprintf(line, sizeof line,
                  "%s,%d,%d,%.0f,%.0f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.0f,%.4f,%.4f,%.4f,"
                  "%.0f,%.0f,%.2f,%d\n",
                  t.name.c_str(), t.bodies, steps, t.contacts_median, t.lcp_median,
                  t.stage_median[0], t.stage_median[1], t.stage_median[2], t.stage_median[3],
                  t.stage_median[4], t.step_median, t.step_p10, t.step_p90, sps, t.ode_median,
                  t.ode_p10, t.ode_p90, ode_sps, t.ode_contacts_median, ratio, t.fallbacks);
    csv << line;
    std::snprintf(line, sizeof line,
                  "| %s | %d | %.0f | %.0f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f (%.3f-%.3f) | "
                  "%.0f | %.3f (%.3f-%.3f) | %.0f | %.2f | %d |\n",
                  t.name.c_str(), t.bodies, t.contacts_median, t.lcp_median, t.stage_median[0],
                  t.stage_median[1], t.stage_median[2], t.stage_median[3], t.stage_median[4],
                  t.step_median, t.step_p10, t.step_p90, sps, t.ode_median, t.ode_p10, t.ode_p90,
                  ode_sps, ratio, t.fallbacks);
    md << line;
    std::printf("%s", line);
  }

  // Time per step against the LCP's size: columns of 4 boxes, more and more of them.
  std::ofstream lcsv(out_dir + "/dynamics_lcp.csv");
  lcsv << "boxes,lcp_size,max_pivots,resting_ms_median,step_ms_median,step_ms_p10,step_ms_p90,"
          "solved\n";
  std::ofstream lmd(out_dir + "/dynamics_lcp.md");
  lmd << "# partlab-bench dynamics: time per step against the resting LCP's size\n\n"
      << provenance
      << "\nColumns of 4 boxes on the floor (4 contacts per box, all resting), Lemke forced "
         "whatever the size; medians of 10 steps, spread = 10th-90th percentile. The sweep "
         "stops once a step costs more than "
      << budget_ms
      << " ms.\n\n| boxes | LCP size | pivots | resting forces ms | step ms (p10-p90) | solved |\n"
         "|---|---|---|---|---|---|\n";
  for (int columns : {1, 2, 4, 8, 12, 16, 24, 32, 48, 64, 96}) {
    const LcpPoint p = MeasureLcp(columns, 4, 10);
    char line[256];
    std::snprintf(line, sizeof line, "%d,%d,%d,%.4f,%.4f,%.4f,%.4f,%d\n", p.boxes, p.lcp, p.pivots,
                  p.resting_ms, p.step_ms, p.spread_lo, p.spread_hi, int(p.solved));
    lcsv << line;
    std::snprintf(line, sizeof line, "| %d | %d | %d | %.3f | %.3f (%.3f-%.3f) | %s |\n", p.boxes,
                  p.lcp, p.pivots, p.resting_ms, p.step_ms, p.spread_lo, p.spread_hi,
                  p.solved ? "yes" : "no");
    lmd << line;
    std::printf("%s", line);
    if (p.step_ms > budget_ms) break;
  }
  lcsv.close();
  // The figure, when gnuplot is there.
  const std::string gp = out_dir + "/dynamics_lcp.gp";
  std::ofstream g(gp);
  g << "set terminal pngcairo size 800,500\nset output '" << out_dir
    << "/dynamics_lcp.png'\nset datafile separator ','\nset logscale xy\n"
       "set xlabel 'resting contacts in the LCP'\nset ylabel 'ms per step (thread CPU)'\n"
       "set title 'Lemke on the resting-contact LCP (3.57-3.67): time per step'\n"
       "set key left top\nset grid\n"
       "plot '"
    << out_dir
    << "/dynamics_lcp.csv' using 2:5 skip 1 with linespoints title 'whole step', '' using 2:4 "
       "skip 1 with linespoints title 'resting forces (Lemke)', 16.7 title '60 Hz frame' with "
       "lines dt 2\n";
  g.close();
  if (std::system(("gnuplot " + gp + " 2>/dev/null").c_str()) == 0)
    lmd << "\n![time per step vs LCP size](dynamics_lcp.png)\n";
  return 0;
}

int RunDynamicsBench(std::span<char*> args) {
  CLI::App app{"partlab-bench dynamics: the chapter's rigid-body solver (3.3) on a scene file"};
  std::string scene_file, csv, out_dir = "docs/results";
  std::string assets = AssetDirectory() + "/dynamics";
  int steps = 1000;
  bool measure = false;
  double budget_ms = 2000;
  app.add_option("--scene-file", scene_file, "scene to run (docs/dynamics.md)")
      ->check(CLI::ExistingFile);
  app.add_option("--steps", steps, "steps to run")->check(CLI::Range(1, 10000000));
  app.add_option("--csv", csv, "one row per step into this file");
  app.add_flag("--measure", measure,
               "time every scene of --assets against ODE, and time per step vs LCP size");
  app.add_option("--assets", assets, "folder of .scene files for --measure");
  app.add_option("--out-dir,--results", out_dir, "where --measure writes dynamics*.csv/.md");
  app.add_option("--budget-ms", budget_ms, "stop the LCP sweep past this step time")
      ->check(CLI::Range(1.0, 600000.0));
  if (const int code = ParseBenchArgs(app, "dynamics", args); code >= 0) return code;
  std::string command_line = "partlab-bench dynamics";
  for (char* a : args) command_line += std::string(" ") + a;
  if (measure) return RunMeasure(assets, out_dir, std::min(steps, 100000), budget_ms, command_line);
  if (scene_file.empty()) {
    std::fprintf(stderr, "--scene-file is required (or --measure); see --help\n");
    return 2;
  }
  return RunOneScene(scene_file, steps, csv);
}

const bool kRegistered = RegisterBenchCommand(
    {"dynamics", "chapter 3.3: our rigid-body solver on a scene file; --measure against ODE",
     &RunDynamicsBench});

}  // namespace
}  // namespace dynamics_bench
}  // namespace partlab::bench
