// Fuzz target: the semi-adjusting BSP's update path (semi-adjusting-bsp.txt, 5.1–5.2). The input
// is decoded as a sequence of edits (add, move, remove), parameter changes (SetParams, any values:
// Clamp must cope) and steps (Update + FindPairs). After every step the pair set must equal brute
// force's on the same boxes and the invariant checker must pass; otherwise the target aborts.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "tests/fuzz/fuzz_input.h"

namespace partlab::fuzz {
namespace {

constexpr BoxId kMaxIds = 96;  // few ids: edits hit the same boxes often, leaves fill and empty

// A non-empty box from 7 bytes: a centre on a coarse grid (coincident boxes and shared planes are
// the degenerate cases) and half extents that may be zero; one byte chooses a scale so that tiny,
// huge and mixed scenes all occur.
Aabb DecodeBox(FuzzInput& in) {
  const float scale = in.Byte() % 4 == 0 ? 1000.0f : 1.0f / 8.0f;
  const glm::vec3 c(float(in.I16() >> 4) * scale, float(int8_t(in.Byte())) * scale,
                    float(int8_t(in.Byte())) * scale);
  const glm::vec3 h(float(in.Byte() % 32) / 8.0f, float(in.Byte() % 32) / 8.0f,
                    float(in.Byte() % 32) / 8.0f);
  return Aabb::FromCenterHalf(c, h * scale * 8.0f);
}

// Any parameter values, including out-of-range ones: SetParams clamps them (as the UI does).
BspParams DecodeParams(FuzzInput& in, BspParams p) {
  switch (in.Byte() % 8) {
    case 0:
      p.adaptive_split_threshold = !p.adaptive_split_threshold;
      break;
    case 1:
      p.split_threshold = in.I16();
      break;
    case 2:
      p.max_depth = int(in.Byte()) - 4;
      break;
    case 3:
      p.ops_per_cycle_max = in.I16(), p.ops_per_cycle_min = int(in.Byte()) - 4;
      break;
    case 4:
      p.queue_size = in.I16(), p.ops_divisor = int(in.Byte()) - 4;
      break;
    case 5:
      p.verify_interval = int(in.Byte()) - 4;
      break;
    case 6:
      p.merge_fraction = float(in.Byte()) / 100.0f;
      p.unbalance_limit = float(in.Byte()) / 200.0f;
      p.redundancy_limit = float(in.Byte()) / 1000.0f;
      break;
    case 7:
      p.relax_directions = !p.relax_directions;
      break;
  }
  return p;
}

void Step(SemiAdjustingBsp& bsp, BruteForce& brute, int step) {
  bsp.Update();
  std::vector<BoxPair> got, want;
  bsp.FindPairs(got);
  brute.FindPairs(want);
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  if (got != want)
    Fail("step " + std::to_string(step) + ": BSP found " + std::to_string(got.size()) +
         " pairs, brute force " + std::to_string(want.size()));
  if (const std::string bad = bsp.CheckInvariants(); !bad.empty())
    Fail("step " + std::to_string(step) + ": invariant: " + bad);
}

}  // namespace
}  // namespace partlab::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace partlab;
  using namespace partlab::fuzz;
  FuzzInput in(data, size);
  BspParams params;
  params.adaptive_split_threshold = false;
  params.split_threshold = 2 + in.Byte() % 16;  // small leaves: operations happen with few boxes
  SemiAdjustingBsp bsp(params);
  BruteForce brute;
  std::vector<uint8_t> present(kMaxIds, 0);
  int step = 0, edits = 0;
  while (!in.empty()) {
    const uint8_t op = in.Byte();
    const BoxId id = in.Byte() % kMaxIds;
    switch (op % 8) {
      case 0:
      case 1:
      case 2: {  // add, or move when present
        const Aabb box = DecodeBox(in);
        if (present[id]) {
          bsp.Move(id, box);
          brute.Move(id, box);
        } else {
          bsp.Add(id, box);
          brute.Add(id, box);
          present[id] = 1;
        }
        break;
      }
      case 3:  // nudge: a small move, the common case in a simulation
        if (present[id]) {
          const Aabb old = bsp.tree().exact_box(id);
          const glm::vec3 d(float(int8_t(in.Byte())) / 64.0f, float(int8_t(in.Byte())) / 64.0f,
                            float(int8_t(in.Byte())) / 64.0f);
          const Aabb box{old.min + d, old.max + d};
          bsp.Move(id, box);
          brute.Move(id, box);
        }
        break;
      case 4:
        if (present[id]) {
          bsp.Remove(id);
          brute.Remove(id);
          present[id] = 0;
        }
        break;
      case 5:
        bsp.SetParams(DecodeParams(in, bsp.params()));
        break;
      default:
        Step(bsp, brute, step++);
        break;
    }
    if (++edits % 16 == 0) Step(bsp, brute, step++);
  }
  Step(bsp, brute, step);
  return 0;
}
