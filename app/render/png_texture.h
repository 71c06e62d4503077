// A picture from a PNG file as an OpenGL texture, for ImGui::Image: the Welcome window's view
// thumbnails and the chart a lesson step shows beside its scene (docs/lessons.md, the step key
// `image`), read with Debian's stb_image. Bounded, since a lesson file naming the picture may come
// from anyone: a file that is missing, unreadable, not an image or larger than the caller's
// `max_side` gives no texture and one line saying why, and the caller draws something else in its
// place (a plain box, the error line), so a missing picture never stops the app.
#pragma once

#include <cstdint>
#include <string>

namespace partlab {

class PngTexture {
 public:
  // Thumbnails are about 192x108 and charts a few hundred pixels; a larger file is not one of
  // them (and would cost memory), refused before any pixel is decoded.
  static constexpr int kMaxThumbnailSide = 1024;
  static constexpr int kMaxChartSide = 4096;

  PngTexture() = default;
  ~PngTexture();
  PngTexture(const PngTexture&) = delete;
  PngTexture& operator=(const PngTexture&) = delete;
  PngTexture(PngTexture&& other) noexcept;
  PngTexture& operator=(PngTexture&& other) noexcept;

  // Needs the GL context current. Returns "" or "PATH: why not" (the texture is then empty). The
  // file already loaded is not read again, so a caller may ask every frame.
  std::string Load(const std::string& path, int max_side);
  bool loaded() const { return id_ != 0; }
  // The GL texture name, as ImGui::Image takes it (an ImTextureID is the backend's texture name).
  std::uintptr_t id() const { return id_; }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  void Release();
  std::string path_;  // the file the texture holds
  unsigned id_ = 0;
  int width_ = 0, height_ = 0;
};

}  // namespace partlab
