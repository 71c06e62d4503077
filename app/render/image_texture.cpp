#include "app/render/image_texture.h"

#include <stb_image.h>

namespace partlab {

ImageTexture::~ImageTexture() {
  Release();
}

void ImageTexture::Release() {
  if (texture_) glDeleteTextures(1, &texture_);
  texture_ = 0;
  width_ = height_ = 0;
  path_.clear();
}

std::string ImageTexture::Load(const std::string& path) {
  if (texture_ && path == path_) return "";
  Release();
  int width = 0, height = 0, channels = 0;
  // The header alone first: a picture too large to show is refused before any pixel is decoded.
  if (!stbi_info(path.c_str(), &width, &height, &channels))
    return path + ": not a picture stb_image reads (" + stbi_failure_reason() + ")";
  if (width > kMaxSide || height > kMaxSide)
    return path + ": " + std::to_string(width) + "x" + std::to_string(height) +
           " pixels, more than " + std::to_string(kMaxSide) + " on a side";
  unsigned char* pixels = stbi_load(path.c_str(), &width, &height, &channels, 4);
  if (!pixels) return path + ": cannot be decoded (" + stbi_failure_reason() + ")";
  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  glBindTexture(GL_TEXTURE_2D, 0);
  stbi_image_free(pixels);
  path_ = path;
  width_ = width;
  height_ = height;
  return "";
}

}  // namespace partlab
