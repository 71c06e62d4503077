// A PNG file as an OpenGL texture, for ImGui::Image: the chart a lesson step shows beside its
// scene (docs/lessons.md, the step key `image`). Decoded by Debian's stb_image; bounded, since a
// lesson file naming the picture may come from anyone.
#pragma once

#include <string>

#include "app/render/gl.h"

namespace partlab {

class ImageTexture {
 public:
  // A chart is at most a few megapixels; a larger picture is refused before it is decoded.
  static constexpr int kMaxSide = 4096;

  ImageTexture() = default;
  ImageTexture(const ImageTexture&) = delete;
  ImageTexture& operator=(const ImageTexture&) = delete;
  ~ImageTexture();

  // Loads `path` unless it is the one already loaded. "" on success, else one line saying what is
  // wrong with the file (and no texture).
  std::string Load(const std::string& path);

  bool loaded() const { return texture_ != 0; }
  GLuint texture() const { return texture_; }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  void Release();

  std::string path_;
  GLuint texture_ = 0;
  int width_ = 0, height_ = 0;
};

}  // namespace partlab
