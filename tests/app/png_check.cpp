// png_check FILE WIDTH HEIGHT: exits 0 when FILE is a PNG of exactly WIDTHxHEIGHT pixels that is
// not one flat colour (it has at least 64 distinct colours and visible contrast). Used by the
// headless smoke test: a black or cleared-only frame fails.
#include <stb_image.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: png_check FILE WIDTH HEIGHT\n");
    return 2;
  }
  const int want_w = std::atoi(argv[2]), want_h = std::atoi(argv[3]);
  int w = 0, h = 0, channels = 0;
  unsigned char* pixels = stbi_load(argv[1], &w, &h, &channels, 3);
  if (!pixels) {
    std::fprintf(stderr, "png_check: %s: cannot read PNG (%s)\n", argv[1], stbi_failure_reason());
    return 1;
  }
  std::unordered_set<unsigned> colours;
  int darkest = 255 * 3, brightest = 0;
  for (int i = 0; i < w * h; ++i) {
    const unsigned char* p = pixels + 3 * i;
    colours.insert(unsigned(p[0]) << 16 | unsigned(p[1]) << 8 | p[2]);
    darkest = std::min(darkest, p[0] + p[1] + p[2]);
    brightest = std::max(brightest, p[0] + p[1] + p[2]);
  }
  stbi_image_free(pixels);
  std::printf("png_check: %s: %dx%d, %zu colours, brightness %d..%d\n", argv[1], w, h,
              colours.size(), darkest, brightest);
  if (w != want_w || h != want_h) {
    std::fprintf(stderr, "png_check: %s: %dx%d, expected %dx%d\n", argv[1], w, h, want_w, want_h);
    return 1;
  }
  if (colours.size() < 64 || brightest - darkest < 60) {
    std::fprintf(stderr, "png_check: %s: looks flat (%zu colours)\n", argv[1], colours.size());
    return 1;
  }
  return 0;
}
