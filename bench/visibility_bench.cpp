// partlab-bench visibility: the chapter's culling (section 3.2.3) on a model, timed against the
// non-hierarchical way in the same process. For cameras circling the model:
//  - hierarchical frustum culling over the octree (3.2.3.2: outside cells skipped, inside cells
//    accepted without testing children), against
//  - the brute force: every triangle's own bounding box classified against the frustum;
// and the backface count (3.2.3.1) per frame. Then the BSP room (3.2.3.3): splits, depth and build
// time per splitter heuristic. Medians over the cameras; the machine and load are printed.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <glm/gtc/matrix_transform.hpp>
#include <string>
#include <thread>
#include <vector>

#include "bench/bench_cli.h"
#include "bench/bench_command.h"
#include "bench/bench_stats.h"
#include "bench/results_writer.h"
#include "engine/io/obj_loader.h"
#include "engine/paths/data_paths.h"
#include "engine/visibility/backface_count.h"
#include "engine/visibility/octree_frustum_culling.h"
#include "engine/visibility/polygon_bsp.h"
#include "engine/visibility/room_scene.h"

namespace partlab::bench {

namespace {

using Clock = std::chrono::steady_clock;

double Ms(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

// The brute force: each triangle's box against the same exact frustum test.
size_t CullTrianglesOneByOne(const std::vector<Triangle>& tris, const Frustum& f,
                             std::vector<uint8_t>* accepted) {
  size_t n = 0;
  for (size_t t = 0; t < tris.size(); ++t) {
    const bool keep = f.Classify(tris[t].Bounds()) != BoxClass::kOutside;
    (*accepted)[t] = keep;
    n += keep;
  }
  return n;
}

// Vertices and a 16 x 16 grid of barycentric points.
bool SomePointInside(const Triangle& t, const Frustum& f) {
  for (int i = 0; i <= 16; ++i)
    for (int j = 0; i + j <= 16; ++j) {
      const float u = float(i) / 16.0f, v = float(j) / 16.0f;
      if (f.Contains(t.v0 + u * (t.v1 - t.v0) + v * (t.v2 - t.v0))) return true;
    }
  return false;
}

int RunVisibilityBench(std::span<char*> args) {
  std::string path = AssetDirectory() + "/models/bunny.obj";
  int cameras = 100;
  CLI::App app(
      "The chapter's visibility techniques timed on one model: octree frustum culling "
      "against testing every triangle, backface counting, the polygon BSP's build and "
      "back-to-front order.");
  app.add_option("--obj", path, "the model (default: the installed bunny)")->type_name("FILE");
  AddNumber(app, "--cameras", cameras, 1, 100000, "cameras around the model");
  std::string results;
  AddResultsFlag(app, results);
  if (const int code = ParseBenchArgs(app, "visibility", args); code >= 0) return code;
  const auto loaded = LoadObj(path);
  if (!loaded.ok()) {
    std::fprintf(stderr, "%s\n", loaded.error().c_str());
    return 1;
  }
  const Mesh& mesh = loaded.value();
  std::vector<Triangle> tris(mesh.TriangleCount());
  Aabb box;
  for (size_t t = 0; t < tris.size(); ++t) {
    tris[t] = {mesh.positions[mesh.indices[3 * t]], mesh.positions[mesh.indices[3 * t + 1]],
               mesh.positions[mesh.indices[3 * t + 2]]};
    box.Grow(tris[t].Bounds());
  }
  const auto b0 = Clock::now();
  const Octree octree(tris, OctreeBuildOptions{});
  const double build_ms = Ms(b0, Clock::now());
  std::printf("machine: %s, %u threads, load average %s\n", MachineName().c_str(),
              std::thread::hardware_concurrency(), LoadAverage().c_str());
  std::printf(
      "model: %s, %zu triangles; octree (leaf references, automatic depth): %zu cells, "
      "depth %d, built in %.1f ms\n",
      path.c_str(), tris.size(), octree.nodes().size(), octree.stats().depth_reached, build_ms);

  const glm::vec3 centre = box.Center();
  const float r = 0.5f * glm::length(box.Extent());
  OctreeCullResult cull;
  std::vector<uint8_t> brute(tris.size()), backfaces(tris.size());
  std::vector<double> tree_ms, brute_ms, back_ms, tree_frac;
  size_t mismatched = 0, box_only = 0;
  for (int c = 0; c < cameras; ++c) {
    // Circling at 1.8 radii, looking a little off-centre, 40° field of view, far plane at the
    // centre: about a fifth to a half of the model inside.
    const float a = 6.2831853f * float(c) / float(cameras);
    const glm::vec3 eye = centre + r * glm::vec3(1.8f * std::cos(a), 0.5f, 1.8f * std::sin(a));
    const glm::vec3 look = centre + r * glm::vec3(0.3f * std::sin(a), 0.0f, 0.3f * std::cos(a));
    const float dist = glm::length(look - eye);
    const Frustum f(glm::perspective(glm::radians(40.0f), 16.0f / 9.0f, 0.05f * r, dist) *
                    glm::lookAt(eye, look, glm::vec3(0, 1, 0)));
    auto t0 = Clock::now();
    CullOctree(octree, f, &cull);
    auto t1 = Clock::now();
    CullTrianglesOneByOne(tris, f, &brute);
    auto t2 = Clock::now();
    CountBackfaces(mesh.positions, mesh.indices, eye, backfaces);
    auto t3 = Clock::now();
    tree_ms.push_back(Ms(t0, t1));
    brute_ms.push_back(Ms(t1, t2));
    back_ms.push_back(Ms(t2, t3));
    tree_frac.push_back(double(cull.triangles_accepted) / double(tris.size()));
    // The hierarchy may keep more (cells are bigger than triangles). It may drop a triangle whose
    // box touches the frustum when the triangle itself does not (its cells are all outside); it
    // must never drop one with a point inside: those are sampled.
    for (size_t t = 0; t < tris.size(); ++t) {
      if (!brute[t] || cull.accepted[t]) continue;
      ++box_only;
      mismatched += SomePointInside(tris[t], f);
    }
  }
  const double tree = Median(tree_ms), one_by_one = Median(brute_ms);
  std::printf(
      "frustum culling, %d cameras (medians): octree hierarchy %.3f ms, one box per triangle "
      "%.3f ms, ratio %.1fx; triangles kept by the hierarchy %.1f%%\n",
      cameras, tree, one_by_one, one_by_one / std::max(tree, 1e-9), 100.0 * Median(tree_frac));
  std::printf(
      "dropped by the hierarchy though their box touches the frustum: %zu; of those with a "
      "sampled point inside (must be 0): %zu\n",
      box_only, mismatched);
  std::printf("backface count (3.2.3.1), median: %.3f ms for %zu triangles\n", Median(back_ms),
              tris.size());
  ResultsTable culling{"",
                       "Frustum culling (3.2.3.2) and backface counting (3.2.3.1) on " + path +
                           " (" + std::to_string(tris.size()) + " triangles), " +
                           std::to_string(cameras) + " cameras circling it; medians.",
                       {"measure", "value", "unit"},
                       {}};
  culling.AddRow({"octree hierarchy culling", Fixed(tree, 3), "ms"});
  culling.AddRow({"one box per triangle", Fixed(one_by_one, 3), "ms"});
  culling.AddRow({"ratio", Fixed(one_by_one / std::max(tree, 1e-9), 1), "x"});
  culling.AddRow({"triangles kept by the hierarchy", Fixed(100.0 * Median(tree_frac), 1), "%"});
  culling.AddRow(
      {"dropped with a sampled point inside (must be 0)", std::to_string(mismatched), "triangles"});
  culling.AddRow({"backface count", Fixed(Median(back_ms), 3), "ms"});
  culling.AddRow({"octree build", Fixed(build_ms, 1), "ms"});
  ResultsTable bsp_table{"bsp",
                         "The BSP room (3.2.3.3) built with each splitter heuristic; build time is "
                         "the median of 20.",
                         {"splitter", "polygons in", "polygons out", "splits", "depth", "build ms"},
                         {}};

  const RoomScene room = MakeRoomScene(Aabb{{-5, 0, -4}, {5, 2.5f, 4}});
  for (int h = 0; h < kSplitterHeuristicCount; ++h) {
    std::vector<double> ms;
    PolygonBsp bsp;
    for (int k = 0; k < 20; ++k) {
      const auto s0 = Clock::now();
      bsp = PolygonBsp(room.polygons, SplitterHeuristic(h));
      ms.push_back(Ms(s0, Clock::now()));
    }
    std::printf(
        "BSP room (3.2.3.3), splitter %-12s: %zu polygons -> %zu (%zu splits), depth %d, "
        "built in %.3f ms (median of 20)\n",
        SplitterHeuristicName(SplitterHeuristic(h)), room.polygons.size(), bsp.stats().polygons,
        bsp.stats().splits, bsp.stats().depth, Median(ms));
    bsp_table.AddRow({SplitterHeuristicName(SplitterHeuristic(h)),
                      std::to_string(room.polygons.size()), std::to_string(bsp.stats().polygons),
                      std::to_string(bsp.stats().splits), std::to_string(bsp.stats().depth),
                      Fixed(Median(ms), 3)});
  }
  if (!results.empty()) {
    if (const std::string err = WriteResults(results, "visibility", args, {culling, bsp_table});
        !err.empty()) {
      std::fprintf(stderr, "partlab-bench visibility: %s\n", err.c_str());
      return 1;
    }
  }
  return mismatched == 0 ? 0 : 1;
}

const bool kRegistered = RegisterBenchCommand(
    {"visibility", "chapter 3.2.3: octree frustum culling vs per-triangle, backfaces, BSP room",
     &RunVisibilityBench});

}  // namespace

}  // namespace partlab::bench
