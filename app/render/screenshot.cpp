#include "app/render/screenshot.h"

#include <stb_image_write.h>

#include <algorithm>
#include <vector>

#include "app/render/gl.h"

namespace partlab {

std::string WriteBackBufferPng(const std::string& path, int width, int height) {
  if (width <= 0 || height <= 0) return path + ": nothing to capture (framebuffer is 0x0)";
  std::vector<unsigned char> rgb(size_t(width) * size_t(height) * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
  stbi_flip_vertically_on_write(1);  // GL's rows start at the bottom, PNG's at the top
  if (stbi_write_png(path.c_str(), width, height, 3, rgb.data(), width * 3) == 0)
    return path + ": cannot write PNG";
  return {};
}

void ReadBackBufferRgb(int width, int height, std::vector<unsigned char>& rgb) {
  const size_t row = size_t(width) * 3;
  rgb.resize(row * size_t(height));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
  for (int y = 0; y < height / 2; ++y)
    std::swap_ranges(rgb.begin() + long(y * row), rgb.begin() + long((y + 1) * row),
                     rgb.begin() + long((height - 1 - y) * row));
}

}  // namespace partlab
