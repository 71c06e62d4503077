// Quick local timing of the semi-adjusting BSP (not a ctest test): N boxes moving fast in a cube,
// per-step time (edits + Update + FindPairs) of the BSP vs a from-scratch sort-and-sweep on x and
// vs brute force, checking every step's pair set against the sort-and-sweep.
//   sabsp_quick_bench [boxes=4250] [steps=600] [scene=uniform|clustered|plane] [redundancy_limit]
//                     [fixed split threshold]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/broadphase/synthetic_motion.h"

using namespace partlab;

namespace {

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// From-scratch sort-and-sweep on x: the simplest correct broad phase, the time to beat.
void SortAndSweep(const std::vector<Aabb>& boxes, std::vector<uint32_t>& order,
                  std::vector<BoxPair>& out) {
  out.clear();
  order.resize(boxes.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](uint32_t a, uint32_t b) { return boxes[a].min.x < boxes[b].min.x; });
  for (size_t i = 0; i < order.size(); ++i) {
    const Aabb& a = boxes[order[i]];
    for (size_t j = i + 1; j < order.size() && boxes[order[j]].min.x <= a.max.x; ++j) {
      if (Overlaps(a, boxes[order[j]])) out.push_back(MakePair(order[i], order[j]));
    }
  }
}

std::string CpuModel() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  }
  return "?";
}

}  // namespace

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 4250;
  const int steps = argc > 2 ? std::atoi(argv[2]) : 600;
  const std::string scene = argc > 3 ? argv[3] : "uniform";
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-1, 1);
  // A cube sized for ~1.5 overlapping pairs per box with half-extents 0.25..0.75.
  const float side = 2.0f * std::cbrt(float(n) * 1.2f);
  const float speed =
      std::getenv("SABSP_SPEED") ? float(std::atof(std::getenv("SABSP_SPEED"))) : 0.15f;
  std::vector<glm::vec3> pos(n), vel(n), half(n);
  for (int i = 0; i < n; ++i) {
    pos[i] = glm::vec3(u(rng), u(rng), u(rng)) * side * 0.5f;
    if (scene == "clustered")
      pos[i] = pos[i] * 0.3f + glm::vec3(float(i % 3) - 1, 0, 0) * side * 0.5f;
    if (scene == "plane") pos[i].y = 0;
    half[i] = glm::vec3(0.5f + 0.25f * u(rng), 0.5f + 0.25f * u(rng), 0.5f + 0.25f * u(rng));
    vel[i] =
        glm::vec3(u(rng), scene == "plane" ? 0 : u(rng), u(rng)) * speed;  // fast: ~box/7 per step
  }
  std::vector<Aabb> frame(n);
  BspParams params;
  if (argc > 4) params.redundancy_limit = float(std::atof(argv[4]));
  if (argc > 5) params.split_threshold_max = params.split_threshold_min = std::atoi(argv[5]);
  SemiAdjustingBsp bsp(params);
  BruteForce brute;
  FrameDriver drive_bsp(bsp), drive_brute(brute);
  std::vector<BoxPair> pairs, ref;
  std::vector<uint32_t> order;
  std::vector<double> t_bsp, t_upd, t_pairs, t_sap, t_brute;
  // The other registered broad phases on the same frames (Bullet's DBVT among them).
  const char* kOthers[] = {"bullet_dbvt", "sap", "hash", "quadtree", "loose_octree"};
  std::vector<std::unique_ptr<BroadPhase>> others;
  std::vector<FrameDriver> other_drivers;
  std::vector<std::vector<double>> t_other;
  std::vector<const char*> other_names;
  if (!std::getenv("SABSP_ONLY")) {
    for (const char* name : kOthers) {
      if (auto bp = MakeBroadPhase(name)) {
        others.push_back(std::move(bp));
        other_names.push_back(name);
      }
    }
  }
  for (auto& bp : others) other_drivers.emplace_back(*bp);
  t_other.resize(others.size());
  std::vector<BoxPair> other_pairs;
  uint64_t pair_count = 0, mismatches = 0, migrations = 0, sort_moves = 0, ops = 0;
  double ops_ms = 0;
  uint64_t op_applied[kBspOpCount] = {}, op_failed[kBspOpCount] = {};
  double op_ms[kBspOpCount] = {};
  // "synth-KIND" scenes come from the bench's generator (engine/broadphase/synthetic_motion.h).
  std::optional<SyntheticMotion> synth;
  if (scene.rfind("synth-", 0) == 0) {
    const auto kind = ParseSyntheticKind(scene.substr(6));
    if (!kind) {
      std::fprintf(stderr, "unknown synthetic kind: %s\n", scene.c_str());
      return 2;
    }
    synth.emplace(SyntheticParams{*kind, uint32_t(n), 1});
  }
  for (int s = 0; s < steps; ++s) {
    if (synth) {
      if (s > 0) synth->Advance();
      frame.assign(synth->frame().begin(), synth->frame().end());
    }
    for (int i = 0; i < n && !synth; ++i) {
      pos[i] += vel[i];
      for (int a = 0; a < 3; ++a) {
        if (std::abs(pos[i][a]) > side * 0.5f) vel[i][a] = -vel[i][a];
      }
      frame[i] = Aabb::FromCenterHalf(pos[i], half[i]);
    }
    const StepTimings t = drive_bsp.Step(frame, pairs);
    auto t0 = std::chrono::steady_clock::now();
    SortAndSweep(frame, order, ref);
    const double sap =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (PairSetChecksum(pairs) != PairSetChecksum(ref)) ++mismatches;
    for (size_t k = 0; k < others.size(); ++k) {
      const StepTimings to = other_drivers[k].Step(frame, other_pairs);
      if (PairSetChecksum(other_pairs) != PairSetChecksum(pairs)) ++mismatches;
      if (s >= steps / 4) t_other[k].push_back(to.total_ms());
    }
    if (s % 50 == 0 && n <= 5000) t_brute.push_back(drive_brute.Step(frame, ref).total_ms());
    if (std::getenv("SABSP_TRACE") && s % 10 == 0) {
      std::printf("    step %d: %.3f ms, %u leaves, depth %.2f, candidates %llu\n", s, t.total_ms(),
                  bsp.last_stats().leaves, bsp.last_stats().mean_depth,
                  (unsigned long long)bsp.last_stats().candidates);
    }
    if (s >= steps / 4) {  // after the tree has been built by the scheduler
      t_bsp.push_back(t.total_ms());
      t_upd.push_back(t.update_ms);
      t_pairs.push_back(t.pairs_ms);
      t_sap.push_back(sap);
      pair_count += pairs.size();
      for (double m : bsp.last_stats().ops.ms) ops_ms += m;  // the operations' own times
      migrations += bsp.last_stats().migrations;
      sort_moves += bsp.last_stats().sort_moves;
      for (uint32_t a : bsp.last_stats().ops.applied) ops += a;
      for (int k = 0; k < kBspOpCount; ++k) {
        op_applied[k] += bsp.last_stats().ops.applied[k];
        op_failed[k] += bsp.last_stats().ops.failed[k];
        op_ms[k] += bsp.last_stats().ops.ms[k];
      }
    }
  }
  const BspStepStats& st = bsp.last_stats();
  std::printf("machine: %s, %u cores\n", CpuModel().c_str(), std::thread::hardware_concurrency());
  std::printf("%d boxes, scene %s, %d steps (medians over the last %zu)\n", n, scene.c_str(), steps,
              t_bsp.size());
  std::printf("  sabsp        %.3f ms/step (update %.3f + pairs %.3f)\n", Median(t_bsp),
              Median(t_upd), Median(t_pairs));
  std::printf("  sort&sweep   %.3f ms/step (from scratch, x axis)   ratio sabsp/s&s = %.2f\n",
              Median(t_sap), Median(t_bsp) / Median(t_sap));
  if (!t_brute.empty()) {
    std::printf("  brute force  %.3f ms/step                           ratio sabsp/brute = %.3f\n",
                Median(t_brute), Median(t_bsp) / Median(t_brute));
  }
  for (size_t k = 0; k < others.size(); ++k) {
    std::printf("  %-12s %.3f ms/step                           ratio sabsp/%s = %.2f\n",
                other_names[k], Median(t_other[k]), other_names[k],
                Median(t_bsp) / Median(t_other[k]));
  }
  std::printf("  pairs/step %.1f, pair-set mismatches vs sort&sweep and the others: %llu\n",
              double(pair_count) / double(t_bsp.size()), (unsigned long long)mismatches);
  std::printf(
      "  tree: %u leaves, depth mean %.2f max %u, t=%d, redundancy %.2f%%, candidates %llu\n",
      st.leaves, st.mean_depth, st.max_depth, st.split_threshold, st.redundancy * 100,
      (unsigned long long)st.candidates);
  const double k = double(t_bsp.size());
  std::printf("  per step: %.2f operations taking %.3f ms, %.0f leaf migrations, %.0f sort moves\n",
              double(ops) / k, ops_ms / k, double(migrations) / k, double(sort_moves) / k);
  if (std::getenv("SABSP_LOG")) {  // the last operations, as the UI's log would show them
    const auto& log = bsp.op_log();
    for (size_t i = log.size() > 60 ? log.size() - 60 : 0; i < log.size(); ++i) {
      const OpRecord& r = log[i];
      std::printf("    step %llu node %d %s %s [%s] -> %s (%.3f ms)\n", (unsigned long long)r.step,
                  r.node, BspOpName(r.op), r.ok ? "ok" : "FAILED", r.reason.c_str(),
                  r.outcome.c_str(), r.ms);
    }
  }
  std::printf("  operations (ok/failed, ms total):");
  for (int o = 0; o < kBspOpCount; ++o) {
    std::printf(" %s %llu/%llu %.2f;", BspOpName(BspOp(o)), (unsigned long long)op_applied[o],
                (unsigned long long)op_failed[o], op_ms[o]);
  }
  std::printf("\n");
  return mismatches == 0 ? 0 : 1;
}
