// A small picture from a PNG file as an OpenGL texture (the Welcome window's view thumbnails),
// read with Debian's stb_image. A file that is missing, unreadable, not an image or larger than
// kMaxSide on a side gives no texture and one line saying why: the caller draws a plain box in its
// place, so a missing thumbnail never stops the app.
#pragma once

#include <cstdint>
#include <string>

namespace partlab {

class PngTexture {
 public:
  // Thumbnails are about 192x108; anything much larger is not one (and would cost memory).
  static constexpr int kMaxSide = 1024;

  PngTexture() = default;
  ~PngTexture();
  PngTexture(const PngTexture&) = delete;
  PngTexture& operator=(const PngTexture&) = delete;
  PngTexture(PngTexture&& other) noexcept;
  PngTexture& operator=(PngTexture&& other) noexcept;

  // Needs the GL context current. Returns "" or "PATH: why not" (the texture is then empty).
  std::string Load(const std::string& path);
  bool loaded() const { return id_ != 0; }
  // The GL texture name, as ImGui::Image takes it (an ImTextureID is the backend's texture name).
  std::uintptr_t id() const { return id_; }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  void Release();
  unsigned id_ = 0;
  int width_ = 0, height_ = 0;
};

}  // namespace partlab
