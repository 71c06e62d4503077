// A main() for a fuzz target in the ordinary (gcc, non-libFuzzer) build: feeds every file of the
// given corpus directories (or files) to LLVMFuzzerTestOneInput once, so ctest replays the seed
// corpora and every crash ever found on each CI run. A broken property aborts, failing the test.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

void RunOne(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::fprintf(stderr, "replaying %s (%zu bytes)\n", file.c_str(), bytes.size());
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

}  // namespace

int main(int argc, char** argv) {
  int files = 0;
  for (int i = 1; i < argc; ++i) {
    std::vector<std::filesystem::path> paths;
    if (std::filesystem::is_directory(argv[i])) {
      for (const auto& entry : std::filesystem::directory_iterator(argv[i]))
        if (entry.is_regular_file()) paths.push_back(entry.path());
    } else {
      paths.push_back(argv[i]);
    }
    std::sort(paths.begin(), paths.end());
    for (const auto& p : paths) RunOne(p), ++files;
  }
  std::printf("%d inputs replayed without a failure\n", files);
  return files > 0 ? 0 : 1;  // an empty corpus is a mistake in the test set-up
}
