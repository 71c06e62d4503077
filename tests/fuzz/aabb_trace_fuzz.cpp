// Fuzz target: AABBTRC1 traces through ReadAabbTrace (what the bench and the replay viewer read).
// Property: one error line naming the file, or a trace whose frames all hold box_count finite
// boxes, exactly as many as the header promised. Then every broad phase (ours and the adapters to
// ODE and Bullet) replays the trace: raw float bits make the coordinates finite but extreme, so
// this is where a library's assertion would abort. Within the coordinates an algorithm accepts
// (coordinate_limit.h) its pairs must equal a brute force's; beyond them the adapters clamp and
// must still be exact, and ours are only required not to crash (callers refuse them).
#include <cmath>
#include <cstring>
#include <string>

#include <algorithm>

#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/io/aabb_trace.h"
#include "tests/fuzz/fuzz_input.h"

namespace partlab::fuzz {
namespace {

std::vector<BoxPair> BrutePairs(std::span<const Aabb> frame) {
  std::vector<BoxPair> out;
  for (BoxId a = 0; a < frame.size(); ++a)
    for (BoxId b = a + 1; b < frame.size(); ++b)
      if (!frame[a].IsEmpty() && !frame[b].IsEmpty() && Overlaps(frame[a], frame[b]))
        out.push_back({a, b});
  return out;
}

bool IsAdapter(std::string_view name) {
  return name.rfind("ode_", 0) == 0 || name.rfind("bullet_", 0) == 0;
}

void ReplayEverywhere(const AabbTrace& t) {
  if (t.box_count == 0 || t.box_count > 200) return;
  for (std::string_view name : BroadPhaseNames()) {
    std::unique_ptr<BroadPhase> bp = MakeBroadPhase(name);
    const float limit = bp->AcceptedCoordinates().largest;
    FrameDriver driver(*bp);
    std::vector<BoxPair> pairs;
    for (size_t f = 0; f < t.FrameCount(); ++f) {
      driver.Step(t.Frame(f), pairs);
      std::sort(pairs.begin(), pairs.end());
      if (LargestCoordinate(t.Frame(f)) > limit && !IsAdapter(name)) continue;
      if (pairs != BrutePairs(t.Frame(f)))
        Fail(std::string(name) + ": pairs differ from brute force in frame " + std::to_string(f));
    }
  }
}

}  // namespace
}  // namespace partlab::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace partlab;
  const std::string path = fuzz::WriteScratchFile(data, size, ".trc");
  LoadResult<AabbTrace> trace = ReadAabbTrace(path);
  if (!trace.ok()) {
    const std::string& e = trace.error();
    if (e.rfind(path + ": ", 0) != 0 || e.find('\n') != std::string::npos)
      fuzz::Fail("error is not one line naming the file: " + e);
    return 0;
  }
  const AabbTrace& t = trace.value();
  uint32_t header_boxes = 0, header_frames = 0;
  std::memcpy(&header_boxes, data + 8, 4);
  std::memcpy(&header_frames, data + 12, 4);
  if (t.box_count != header_boxes) fuzz::Fail("box count differs from the header");
  if (t.box_count != 0 && t.FrameCount() != header_frames)
    fuzz::Fail("frame count differs from the header");
  if (t.boxes.size() != size_t(t.box_count) * t.FrameCount()) fuzz::Fail("ragged frames");
  if (16 + t.boxes.size() * 24 != size) fuzz::Fail("boxes do not account for the file's bytes");
  for (const Aabb& b : t.boxes)
    for (int a = 0; a < 3; ++a)
      if (!std::isfinite(b.min[a]) || !std::isfinite(b.max[a])) fuzz::Fail("non-finite box");
  partlab::fuzz::ReplayEverywhere(t);
  return 0;
}
