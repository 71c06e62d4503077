#include "bench/visibility_portals.h"

#include "engine/paths/data_paths.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <glm/gtc/matrix_inverse.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <thread>
#include <vector>

#include "engine/visibility/level_generator.h"
#include "engine/visibility/level_parser.h"
#include "engine/visibility/level_raycast.h"
#include "engine/visibility/level_walk.h"
#include "engine/visibility/point_sampling_build.h"
#include "engine/visibility/portal_renderer.h"
#include "engine/visibility/portal_sequence_pvs.h"
#include "engine/visibility/potentially_visible_set.h"

namespace partlab::bench {

namespace {

using Clock = std::chrono::steady_clock;

enum Technique {
  kNone,
  kFrustum,
  kPortals2d,
  kPortalsFrusta,
  kPvsFrustum,
  kPortalsPvs,
  kConservativeFrustum,
  kTechniques
};
constexpr const char* kNames[kTechniques] = {
    "no culling",    "frustum",       "portals, 2-D windows",      "portals, frusta",
    "PVS + frustum", "portals + PVS", "conservative PVS + frustum"};
constexpr const char* kKeys[kTechniques] = {
    "none",        "frustum",     "portals_2d",          "portals_frusta",
    "pvs_frustum", "portals_pvs", "conservative_frustum"};

// Runs a PVS build to its end; a long one prints its progress on stderr every two seconds.
PotentiallyVisibleSet RunBuild(PvsBuild& build, const char* what) {
  while (!build.AdvanceFor(2.0))
    std::fprintf(stderr, "%s: %.1f%% (%zu of %zu), %.0f s so far\n", what, 100.0 * build.progress(),
                 build.done_units(), build.total_units(), build.seconds());
  return build.Take();
}

PotentiallyVisibleSet SampledPvs(const IndoorLevel& level, float density) {
  PvsOptions options;
  options.points_per_area = density;
  PointSamplingBuild build(level, options);
  return RunBuild(build, "PVS by point sampling, cell pairs");
}

double Quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0.0;
  const size_t k = std::min(v.size() - 1, size_t(q * double(v.size() - 1) + 0.5));
  std::nth_element(v.begin(), v.begin() + long(k), v.end());
  return v[k];
}

std::string Machine() {
  std::ifstream f("/proc/cpuinfo");
  std::string model = "unknown CPU";
  for (std::string line; std::getline(f, line);)
    if (line.rfind("model name", 0) == 0) {
      model = line.substr(line.find(':') + 2);
      break;
    }
  std::ifstream l("/proc/loadavg");
  std::string one, five, fifteen;
  l >> one >> five >> fifteen;
  return model + ", " + std::to_string(std::thread::hardware_concurrency()) +
         " threads, load average " + one + " " + five + " " + fifteen;
}

std::string Now() {
  const std::time_t t = std::time(nullptr);
  char s[64];
  std::strftime(s, sizeof s, "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
  return s;
}

// The geometry stage's first step for what survived culling: every vertex of every drawn
// polygon into clip space. Gives each technique a cost that grows with what it sends on.
float TransformDrawn(const IndoorLevel& level, const glm::mat4& vp, const uint8_t* drawn) {
  float sink = 0.0f;
  for (size_t p = 0; p < level.polygons.size(); ++p) {
    if (drawn && !drawn[p]) continue;
    for (const glm::vec3& v : level.PolygonVertices(p)) sink += (vp * glm::vec4(v, 1.0f)).w;
  }
  return sink;
}

// The level's path as the reader would type it: assets/... when it is a shipped level.
std::string ShortPath(const std::string& path) {
  const std::string assets = AssetDirectory() + "/";
  return path.rfind(assets, 0) == 0 ? "assets/" + path.substr(assets.size()) : path;
}

std::string Ratio(double a, double b) {
  char s[32];
  std::snprintf(s, sizeof s, "%.2fx", a / std::max(b, 1e-9));
  return s;
}

struct Frame {
  int cell = -1;
  size_t drawn[kTechniques] = {};
  double cull_ms[kTechniques] = {}, total_ms[kTechniques] = {};
};

class PortalBench {
 public:
  PortalBench(const IndoorLevel& level, const PortalBenchOptions& o) : level_(level), o_(o) {}

  int Run() {
    pvs_ = SampledPvs(level_, o_.pvs_density);
    PortalSequenceBuild conservative(level_);
    conservative_ = RunBuild(conservative, "conservative PVS, source cells");
    walk_ = WalkFromCell(level_, 0);
    std::printf(
        "PVS by point sampling (%.2f points per unit²): %zu points, %zu segments, %.2f s, "
        "%zu bytes; %.1f cells visible per cell on average\n",
        o_.pvs_density, pvs_.points(), pvs_.segments(), pvs_.seconds(), pvs_.Bytes(),
        MeanVisible(pvs_));
    std::printf(
        "conservative PVS (portal sequences): %.2f s, %zu stabbable portal sequences, %zu cut "
        "at %zu portals; %.1f cells visible per cell on average\n",
        conservative_.seconds(), conservative.sequences(), conservative.chains_cut(),
        PortalSequenceBuild::kMaxChain, MeanVisible(conservative_));
    std::printf("walk: %zu points, %.1f units from cell '%s'\n", walk_.points.size(), walk_.length,
                level_.cells[0].name.c_str());
    for (float d : o_.miss_densities) {  // the main table again is copied, not rebuilt
      density_tables_.push_back(d == o_.pvs_density ? pvs_ : SampledPvs(level_, d));
      std::printf("PVS at %.2f points per unit²: built in %.2f s\n", d,
                  density_tables_.back().seconds());
    }
    density_walk_misses_.assign(density_tables_.size(), 0);
    if (o_.pvs_dense_density > 0.0f) {
      const auto same =
          std::find(o_.miss_densities.begin(), o_.miss_densities.end(), o_.pvs_dense_density);
      dense_ = same != o_.miss_densities.end()
                   ? density_tables_[size_t(same - o_.miss_densities.begin())]
                   : SampledPvs(level_, o_.pvs_dense_density);
      std::printf("dense PVS (%.2f points per unit²): %zu points, %.2f s\n", o_.pvs_dense_density,
                  dense_.points(), dense_.seconds());
    }
    for (int f = 0; f < o_.frames; ++f) frames_.push_back(MeasureFrame(f));
    Summarise();
    return misses_[kPortals2d] + misses_[kPortalsFrusta] + misses_[kConservativeFrustum] +
                       conservative_cell_misses_ ==
                   0
               ? 0
               : 1;
  }

 private:
  static double MeanVisible(const PotentiallyVisibleSet& t) {
    double s = 0.0;
    for (size_t c = 0; c < t.cells(); ++c) s += double(t.VisibleCount(c));
    return s / double(std::max<size_t>(1, t.cells()));
  }

  // The observer's row of a table: which cells the table lets the renderer consider from `cell`
  // (none outside every cell). Inside the timed passes, as a renderer would look it up per frame.
  void FillRow(const PotentiallyVisibleSet& table, int cell, std::vector<uint8_t>& row) const {
    row.assign(level_.cells.size(), 0);
    if (cell < 0) return;
    for (size_t c = 0; c < level_.cells.size(); ++c) row[c] = table.Visible(size_t(cell), c);
  }

  // Runs one technique `repeat` times; keeps the median time and the last result.
  template <class Pass>
  void Time(Pass pass, const glm::mat4& vp, const uint8_t* drawn_of_last, Frame* frame,
            Technique t) {
    std::vector<double> cull, total;
    for (int r = 0; r < o_.repeat; ++r) {
      const auto a = Clock::now();
      frame->drawn[t] = pass();
      const auto b = Clock::now();
      sink_ += TransformDrawn(level_, vp, t == kNone ? nullptr : drawn_of_last);
      const auto c = Clock::now();
      cull.push_back(std::chrono::duration<double, std::milli>(b - a).count());
      total.push_back(std::chrono::duration<double, std::milli>(c - a).count());
    }
    frame->cull_ms[t] = Quantile(cull, 0.5);
    frame->total_ms[t] = Quantile(total, 0.5);
  }

  Frame MeasureFrame(int f) {
    glm::vec3 eye, target;
    WalkPose(walk_, walk_.length * float(f) / float(std::max(1, o_.frames - 1)), 1.5f, &eye,
             &target);
    const glm::mat4 vp = glm::perspective(glm::radians(70.0f), 16.0f / 9.0f, 0.05f, 200.0f) *
                         glm::lookAt(eye, target, glm::vec3(0, 1, 0));
    const Frustum frustum(vp);
    const PortalCamera camera{eye, vp};
    Frame frame;
    frame.cell = level_.CellAt(eye);
    Time([&] { return level_.polygons.size(); }, vp, nullptr, &frame, kNone);
    Time([&] { return FrustumCullPolygons(level_, frustum, eye, false, nullptr, &frustum_); }, vp,
         frustum_.data(), &frame, kFrustum);
    Time(
        [&] {
          RenderPortals(level_, camera, PortalVariant::kScreenPolygon, &screen_);
          return screen_.polygons_drawn;
        },
        vp, screen_.polygon_drawn.data(), &frame, kPortals2d);
    Time(
        [&] {
          RenderPortals(level_, camera, PortalVariant::kFrustum, &frusta_);
          return frusta_.polygons_drawn;
        },
        vp, frusta_.polygon_drawn.data(), &frame, kPortalsFrusta);
    Time(
        [&] {
          FillRow(pvs_, level_.CellAt(eye), row_);
          return FrustumCullPolygons(level_, frustum, eye, false, row_.data(), &pvs_drawn_);
        },
        vp, pvs_drawn_.data(), &frame, kPvsFrustum);
    Time(
        [&] {
          FillRow(pvs_, level_.CellAt(eye), row_);
          RenderPortalsWithPvs(level_, camera, PortalVariant::kFrustum, row_.data(), &with_pvs_);
          return with_pvs_.polygons_drawn;
        },
        vp, with_pvs_.polygon_drawn.data(), &frame, kPortalsPvs);
    Time(
        [&] {
          FillRow(conservative_, level_.CellAt(eye), conservative_row_);
          return FrustumCullPolygons(level_, frustum, eye, false, conservative_row_.data(),
                                     &conservative_drawn_);
        },
        vp, conservative_drawn_.data(), &frame, kConservativeFrustum);
    CheckPixels(vp, f);
    CountPvsMisses(frame.cell);
    return frame;
  }

  // The nearest wall along rays through sampled pixels (brute force over every polygon) must be
  // among the polygons each technique drew.
  void CheckPixels(const glm::mat4& vp, int f) {
    const glm::mat4 inv = glm::inverse(vp);
    const int side = std::max(1, int(std::sqrt(double(o_.pixels))));
    for (int i = 0; i < side; ++i)
      for (int j = 0; j < side; ++j) {
        // A jittered grid: the same pixels for every technique, different ones per frame.
        const float jx = std::fmod(0.37f * float(f) + 0.61f * float(i * side + j), 1.0f);
        const glm::vec2 s(-1.0f + 2.0f * (float(i) + jx) / float(side),
                          -1.0f + 2.0f * (float(j) + 1.0f - jx) / float(side));
        const glm::vec4 n = inv * glm::vec4(s, -1.0f, 1.0f), fa = inv * glm::vec4(s, 1.0f, 1.0f);
        const glm::vec3 a = glm::vec3(n) / n.w, b = glm::vec3(fa) / fa.w;
        const LevelHit hit = NearestPolygonHit(level_, a, b - a, 0.0f);
        ++pixels_;
        if (hit.polygon < 0) continue;
        ++hits_;
        const size_t p = size_t(hit.polygon);
        misses_[kFrustum] += !frustum_[p];
        misses_[kPortals2d] += !screen_.polygon_drawn[p];
        misses_[kPortalsFrusta] += !frusta_.polygon_drawn[p];
        misses_[kPvsFrustum] += !pvs_drawn_[p];
        misses_[kPortalsPvs] += !with_pvs_.polygon_drawn[p];
        misses_[kConservativeFrustum] += !conservative_drawn_[p];
      }
  }

  // Cells the portal recursion reached this frame (so visible from this very point) that the
  // PVS row of the observer's cell leaves out: the PVS's false invisibility, seen from the walk.
  void CountPvsMisses(int cell) {
    if (cell < 0) return;
    for (size_t c = 0; c < level_.cells.size(); ++c) {
      if (!frusta_.cell_visited[c]) continue;
      ++reached_;
      pvs_cell_misses_ += !pvs_.Visible(size_t(cell), c);
      conservative_cell_misses_ += !conservative_.Visible(size_t(cell), c);
      for (size_t d = 0; d < density_tables_.size(); ++d)
        density_walk_misses_[d] += !density_tables_[d].Visible(size_t(cell), c);
      if (dense_.cells()) dense_cell_misses_ += !dense_.Visible(size_t(cell), c);
    }
  }

  // Per density: the pairs the conservative table holds that the sampled one lacks (an upper
  // bound on what sampling misses: the conservative table ignores heights), and the cells the
  // portal recursion reached along the walk that the sampled row lacks (certain misses).
  std::string MissesTable() const {
    if (density_tables_.empty()) return "";
    size_t pairs = 0;
    for (size_t a = 0; a < level_.cells.size(); ++a) pairs += conservative_.VisibleCount(a);
    std::string md =
        "\nWhat point sampling misses, against the conservative PVS (portal sequences, built in " +
        Seconds(conservative_.seconds()) + " s, " + std::to_string(pairs) +
        " visible cell pairs, self pairs included). *Lacks* counts pairs the conservative table "
        "holds and the sampled one does not (an upper bound on its misses: the conservative one "
        "ignores heights); *walk* counts cells the portal recursion reached along the walk that "
        "the sampled row lacks (certain misses).\n\n"
        "| points per unit² | points | build s | pairs | lacks | lacks % | walk misses |\n"
        "|---|---|---|---|---|---|---|\n";
    for (size_t d = 0; d < density_tables_.size(); ++d) {
      const PotentiallyVisibleSet& t = density_tables_[d];
      size_t have = 0, lacks = 0;
      for (size_t a = 0; a < level_.cells.size(); ++a)
        for (size_t b = 0; b < level_.cells.size(); ++b) {
          have += t.Visible(a, b);
          lacks += conservative_.Visible(a, b) && !t.Visible(a, b);
        }
      char line[256];
      std::snprintf(line, sizeof line, "| %.2f | %zu | %.2f | %zu | %zu | %.1f%% | %zu of %zu |\n",
                    o_.miss_densities[d], t.points(), t.seconds(), have, lacks,
                    100.0 * double(lacks) / double(std::max<size_t>(pairs, 1)),
                    density_walk_misses_[d], reached_);
      md += line;
    }
    return md;
  }

  static std::string Seconds(double s) {
    char t[32];
    std::snprintf(t, sizeof t, "%.2f", s);
    return t;
  }

  std::string DenseComparison() const {
    if (!dense_.cells()) return "";
    size_t pairs = 0, missed = 0;
    for (size_t a = 0; a < level_.cells.size(); ++a)
      for (size_t b = 0; b < level_.cells.size(); ++b) {
        pairs += dense_.Visible(a, b);
        missed += dense_.Visible(a, b) && !pvs_.Visible(a, b);
      }
    char s[512];
    std::snprintf(s, sizeof s,
                  "Against a denser PVS (%.2f points per unit², %zu points, built in %.2f s): the "
                  "table above misses %zu of its %zu visible cell pairs; along the walk the dense "
                  "one misses %zu of the cells the portal recursion reached.\n",
                  o_.pvs_dense_density, dense_.points(), dense_.seconds(), missed, pairs,
                  dense_cell_misses_);
    return s;
  }

  void Summarise() {
    std::vector<double> drawn[kTechniques], cull[kTechniques], total[kTechniques];
    for (const Frame& f : frames_)
      for (int t = 0; t < kTechniques; ++t) {
        drawn[t].push_back(double(f.drawn[t]));
        cull[t].push_back(f.cull_ms[t]);
        total[t].push_back(f.total_ms[t]);
      }
    const double frustum_cull = Quantile(cull[kFrustum], 0.5);
    const double all = double(level_.polygons.size());
    std::string md = "# partlab-bench visibility: portals and the PVS on an indoor level\n\n";
    md += "Machine: " + Machine() + "  \nDate: " + Now() + "  \nCommand: `" + o_.command_line +
          "`\n\n";
    char line[512];
    std::snprintf(line, sizeof line,
                  "Level `%s`: %zu cells, %zu portals, %zu polygons. Walk: %d frames over %.1f "
                  "units, 70° field of view, 16:9. PVS: %.2f sample points per unit², %zu points, "
                  "built in %.2f s, table %zu bytes, %.1f cells visible per cell on average.\n\n",
                  LevelName().c_str(), level_.cells.size(), level_.portals.size(),
                  level_.polygons.size(), o_.frames, walk_.length, o_.pvs_density, pvs_.points(),
                  pvs_.seconds(), pvs_.Bytes(), MeanVisible(pvs_));
    md += line;
    md +=
        "Per frame, medians over the walk (p10-p90 in brackets). *Cull* is the visibility "
        "decision; *cull + transform* adds moving every vertex of the drawn polygons into clip "
        "space, the geometry stage's first step, so sending more polygons costs more. "
        "*Missed* counts sampled pixels whose nearest wall (brute-force ray cast against every "
        "polygon) the technique did not draw.\n\n";
    md +=
        "| technique | polygons drawn | of all | cull ms | cull time vs frustum | cull + "
        "transform ms | missed |\n|---|---|---|---|---|---|---|\n";
    for (int t = 0; t < kTechniques; ++t) {
      const double tot = Quantile(total[t], 0.5);
      std::snprintf(line, sizeof line,
                    "| %s | %.0f [%.0f-%.0f] | %.2f%% | %.4f [%.4f-%.4f] | %s | %.4f [%.4f-%.4f] | "
                    "%s |\n",
                    kNames[t], Quantile(drawn[t], 0.5), Quantile(drawn[t], 0.1),
                    Quantile(drawn[t], 0.9), 100.0 * Quantile(drawn[t], 0.5) / all,
                    Quantile(cull[t], 0.5), Quantile(cull[t], 0.1), Quantile(cull[t], 0.9),
                    t == kNone ? "-" : Ratio(Quantile(cull[t], 0.5), frustum_cull).c_str(), tot,
                    Quantile(total[t], 0.1), Quantile(total[t], 0.9),
                    t == kNone ? "-" : std::to_string(misses_[t]).c_str());
      md += line;
    }
    std::snprintf(line, sizeof line,
                  "\nNearest-wall check: %zu pixels sampled, %zu hit a wall. The portal renderers "
                  "must miss none; the PVS misses what its sampling did not see.\n\n",
                  pixels_, hits_);
    md += line;
    std::snprintf(line, sizeof line,
                  "PVS conservativeness: along the walk the portal recursion (frusta) reached "
                  "%zu cells (summed over frames); %zu of them are missing from the PVS row of "
                  "the observer's cell, %zu from the conservative PVS's row (must be 0).\n",
                  reached_, pvs_cell_misses_, conservative_cell_misses_);
    md += line;
    md += DenseComparison();
    md += MissesTable();
    std::printf("%s", md.c_str());
    if (o_.results_dir.empty()) return;
    // The corridor's results beside the shipped level's, not over them.
    const std::string stem =
        o_.results_dir +
        (o_.corridor_cells > 0 ? "/visibility_portals_corridor" : "/visibility_portals");
    WriteCsv(stem + ".csv");
    std::ofstream(stem + ".md") << md;
    std::printf("wrote %s.csv and .md\n", stem.c_str());
  }

  void WriteCsv(const std::string& path) {
    std::ofstream csv(path);
    csv << "# " << Machine() << "; " << Now() << "; " << o_.command_line << "\nframe,cell";
    for (const char* k : kKeys) csv << ",drawn_" << k << ",cull_ms_" << k << ",total_ms_" << k;
    csv << "\n";
    for (size_t f = 0; f < frames_.size(); ++f) {
      csv << f << "," << frames_[f].cell;
      for (int t = 0; t < kTechniques; ++t)
        csv << "," << frames_[f].drawn[t] << "," << frames_[f].cull_ms[t] << ","
            << frames_[f].total_ms[t];
      csv << "\n";
    }
  }

  std::string LevelName() const {
    return o_.corridor_cells > 0
               ? "generated corridor of " + std::to_string(o_.corridor_cells) + " cells"
               : ShortPath(o_.level_path);
  }

  const IndoorLevel& level_;
  const PortalBenchOptions& o_;
  PotentiallyVisibleSet pvs_, dense_, conservative_;
  std::vector<PotentiallyVisibleSet> density_tables_;
  std::vector<size_t> density_walk_misses_;
  size_t conservative_cell_misses_ = 0;
  PortalRenderResult with_pvs_;
  std::vector<uint8_t> conservative_row_, conservative_drawn_;
  LevelWalk walk_;
  size_t reached_ = 0, pvs_cell_misses_ = 0, dense_cell_misses_ = 0;
  PortalRenderResult screen_, frusta_;
  std::vector<uint8_t> frustum_, pvs_drawn_, row_;
  std::vector<Frame> frames_;
  size_t misses_[kTechniques] = {}, pixels_ = 0, hits_ = 0;
  float sink_ = 0.0f;  // keeps the transform from being optimised away
 public:
  float sink() const { return sink_; }
};

}  // namespace

int RunPortalBench(const PortalBenchOptions& options) {
  CorridorLevelOptions corridor;
  corridor.cells = options.corridor_cells;
  const LevelLoad load =
      options.corridor_cells > 0
          ? ParseLevel(WriteLevel(MakeCorridorLevel(corridor)), "generated corridor")
          : LoadLevelFile(options.level_path);
  for (const std::string& e : load.errors) std::fprintf(stderr, "%s\n", e.c_str());
  if (!load.ok()) return 1;
  PortalBench bench(load.level, options);
  const int rc = bench.Run();
  if (bench.sink() == 1.2345f) std::printf(" ");
  return rc;
}

}  // namespace partlab::bench
