// Fuzz target: AABBTRC1 traces through ReadAabbTrace (what the bench and the replay viewer read).
// Property: one error line naming the file, or a trace whose frames all hold box_count finite
// boxes, exactly as many as the header promised.
#include <cmath>
#include <cstring>
#include <string>

#include "engine/io/aabb_trace.h"
#include "tests/fuzz/fuzz_input.h"

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
  return 0;
}
