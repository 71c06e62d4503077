#include "app/render/screenshot.h"

#include <stb_image_write.h>

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

}  // namespace partlab
