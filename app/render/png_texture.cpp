#include "app/render/png_texture.h"

#include <stb_image.h>

#include <filesystem>
#include <memory>
#include <utility>

#include "app/render/gl.h"

namespace partlab {

PngTexture::~PngTexture() {
  Release();
}

PngTexture::PngTexture(PngTexture&& other) noexcept
    : path_(std::move(other.path_)),
      id_(std::exchange(other.id_, 0)),
      width_(other.width_),
      height_(other.height_) {}

PngTexture& PngTexture::operator=(PngTexture&& other) noexcept {
  if (this != &other) {
    Release();
    path_ = std::move(other.path_);
    id_ = std::exchange(other.id_, 0);
    width_ = other.width_;
    height_ = other.height_;
  }
  return *this;
}

void PngTexture::Release() {
  if (id_ != 0) glDeleteTextures(1, &id_);
  id_ = 0;
  width_ = height_ = 0;
  path_.clear();
}

namespace {

std::string FailureReason() {
  const char* reason = stbi_failure_reason();
  return reason ? reason : "unknown reason";
}

}  // namespace

std::string PngTexture::Load(const std::string& path, int max_side) {
  if (id_ != 0 && path == path_) return "";
  Release();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return path + ": not found";
  // The header first: a huge or broken file is refused before any pixel is decoded.
  int w = 0, h = 0, channels = 0;
  if (!stbi_info(path.c_str(), &w, &h, &channels))
    return path + ": not a readable image (" + FailureReason() + ")";
  if (w > max_side || h > max_side)
    return path + ": " + std::to_string(w) + "x" + std::to_string(h) + " is larger than " +
           std::to_string(max_side) + " on a side";
  const std::unique_ptr<stbi_uc, void (*)(void*)> pixels(
      stbi_load(path.c_str(), &w, &h, &channels, 4), &stbi_image_free);
  if (!pixels) return path + ": not a readable image (" + FailureReason() + ")";
  glGenTextures(1, &id_);
  glBindTexture(GL_TEXTURE_2D, id_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D, 0);
  path_ = path;
  width_ = w;
  height_ = h;
  return "";
}

}  // namespace partlab
