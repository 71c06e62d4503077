// Fuzz target: RAYSET01 ray batches through ReadRaySet (the octree bench's exchange format).
// Property: one error line naming the file, or exactly the promised number of finite rays.
#include <cmath>
#include <cstring>
#include <string>

#include "engine/io/rayset.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace partlab;
  const std::string path = fuzz::WriteScratchFile(data, size, ".rays");
  LoadResult<std::vector<Ray>> rays = ReadRaySet(path);
  if (!rays.ok()) {
    const std::string& e = rays.error();
    if (e.rfind(path + ": ", 0) != 0 || e.find('\n') != std::string::npos)
      fuzz::Fail("error is not one line naming the file: " + e);
    return 0;
  }
  uint32_t count = 0;
  std::memcpy(&count, data + 8, 4);
  if (rays.value().size() != count) fuzz::Fail("ray count differs from the header");
  if (12 + size_t(count) * 24 != size) fuzz::Fail("rays do not account for the file's bytes");
  for (const Ray& r : rays.value())
    for (int a = 0; a < 3; ++a)
      if (!std::isfinite(r.origin[a]) || !std::isfinite(r.direction[a]))
        fuzz::Fail("non-finite ray");
  return 0;
}
