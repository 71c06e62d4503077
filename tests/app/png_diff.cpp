// png_diff A B [X0 Y0 X1 Y1]: compares two PNGs of the same size pixel by pixel and prints one
// line a test script reads:
//   differ N inside M top Y0 bottom Y1 left X0 right X1
// N: the pixels that differ anywhere; M: those inside the region given as fractions of the
// width and height (the whole picture by default); the bounding box of all differing pixels in
// pixel rows and columns (-1 when none differ). Exit 0 after the line, 2 on unreadable files or
// different sizes. Used by the lesson figure tests: an export with the view's figures against the
// same export without them (--no-figures).
#include <stb_image.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char** argv) {
  if (argc != 3 && argc != 7) {
    std::fprintf(stderr, "usage: png_diff A B [X0 Y0 X1 Y1]\n");
    return 2;
  }
  int w = 0, h = 0, wb = 0, hb = 0, channels = 0;
  unsigned char* a = stbi_load(argv[1], &w, &h, &channels, 3);
  unsigned char* b = stbi_load(argv[2], &wb, &hb, &channels, 3);
  if (!a || !b || w != wb || h != hb) {
    std::fprintf(stderr, "png_diff: %s and %s: unreadable or of different sizes\n", argv[1],
                 argv[2]);
    return 2;
  }
  double region[4] = {0.0, 0.0, 1.0, 1.0};
  if (argc == 7)
    for (int k = 0; k < 4; ++k) region[k] = std::atof(argv[3 + k]);
  const int rx0 = int(region[0] * w), ry0 = int(region[1] * h);
  const int rx1 = int(region[2] * w), ry1 = int(region[3] * h);
  long differ = 0, inside = 0;
  int top = -1, bottom = -1, left = -1, right = -1;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const size_t i = 3 * (size_t(y) * size_t(w) + size_t(x));
      if (std::memcmp(a + i, b + i, 3) == 0) continue;
      ++differ;
      if (x >= rx0 && x < rx1 && y >= ry0 && y < ry1) ++inside;
      top = top < 0 ? y : top;
      bottom = y;
      left = left < 0 ? x : std::min(left, x);
      right = std::max(right, x);
    }
  stbi_image_free(a);
  stbi_image_free(b);
  std::printf("differ %ld inside %ld top %d bottom %d left %d right %d\n", differ, inside, top,
              bottom, left, right);
  return 0;
}
