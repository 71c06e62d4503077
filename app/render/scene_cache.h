// The last frame's 3D picture kept in an offscreen framebuffer (colour + depth), so a view whose
// picture did not change (same camera, same settings: the user reading the panel, dragging a
// slider that does not rebuild, or an idle headless measurement) composites it in a few
// milliseconds instead of drawing it again. Under Mesa llvmpipe every triangle and line is set up
// on the CPU: the octree view's dragon with its depth-8 cells costs about 80 ms of CPU per frame
// to draw, and about 4 to composite.
//
// The picture is stored premultiplied (cleared to transparent; lines blend their alpha with
// ONE, ONE_MINUS_SRC_ALPHA, see StaticLines), so compositing it over the backdrop gives exactly
// what drawing it there would have given; the depth is copied too, so later overlays (the ray,
// the grid) are still hidden behind the mesh. Not used when the window is multisampled (a blit
// into a multisampled framebuffer is not allowed): then the view draws as before.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "app/render/gl.h"
#include "app/render/shader_program.h"

namespace partlab {

// FNV-1a over raw bytes: the key of what a cached picture shows.
uint64_t HashBytes(const void* data, size_t size, uint64_t seed = 1469598103934665603ull);

class SceneCache {
 public:
  SceneCache();
  ~SceneCache();
  SceneCache(const SceneCache&) = delete;
  SceneCache& operator=(const SceneCache&) = delete;

  // False on a multisampled window, or after a blit failed: draw directly instead.
  bool usable() const { return usable_; }
  // True when the cached picture shows `key` at this size: Composite() instead of drawing.
  bool Holds(uint64_t key, int width, int height) const {
    return usable_ && valid_ && key == key_ && width == width_ && height == height_;
  }
  // Redirects drawing into the cache (created or resized as needed), cleared to transparent.
  void Begin(uint64_t key, int width, int height);
  // Back to the window's framebuffer; the cache now holds `key`.
  void End();
  // Blends the cached colour over the window's framebuffer and copies the depth.
  void Composite();
  void Invalidate() { valid_ = false; }
  const std::string& error() const { return error_; }

 private:
  void Resize(int width, int height);

  ShaderProgram program_;
  std::string error_;
  GLuint fbo_ = 0, colour_ = 0, depth_ = 0, vao_ = 0;
  GLint previous_fbo_ = 0;
  int width_ = 0, height_ = 0;
  uint64_t key_ = 0;
  bool valid_ = false, usable_ = true;
};

}  // namespace partlab
