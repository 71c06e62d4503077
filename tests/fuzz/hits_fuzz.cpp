// Fuzz target: HITS0001 files through ReadHits. Property: one error line naming the file, or
// exactly the promised number of t values, none NaN or -infinity (+infinity is a miss).
#include <cmath>
#include <cstring>
#include <string>

#include "engine/io/hits.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace partlab;
  const std::string path = fuzz::WriteScratchFile(data, size, ".hits");
  LoadResult<std::vector<float>> hits = ReadHits(path);
  if (!hits.ok()) {
    const std::string& e = hits.error();
    if (e.rfind(path + ": ", 0) != 0 || e.find('\n') != std::string::npos)
      fuzz::Fail("error is not one line naming the file: " + e);
    return 0;
  }
  uint32_t count = 0;
  std::memcpy(&count, data + 8, 4);
  if (hits.value().size() != count) fuzz::Fail("count differs from the header");
  if (12 + size_t(count) * 4 != size) fuzz::Fail("values do not account for the file's bytes");
  for (float t : hits.value())
    if (std::isnan(t) || t == -INFINITY) fuzz::Fail("NaN or -infinity accepted");
  return 0;
}
