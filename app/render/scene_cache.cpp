#include "app/render/scene_cache.h"

#include "app/render/reduced_size.h"

namespace partlab {

uint64_t HashBytes(const void* data, size_t size, uint64_t seed) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  uint64_t h = seed;
  for (size_t i = 0; i < size; ++i) h = (h ^ bytes[i]) * 1099511628211ull;
  return h;
}

SceneCache::SceneCache() {
  program_ = ShaderProgram::LoadOrError("scene_cache", error_);
  usable_ = program_.valid();
  GLint samples = 0;
  glGetIntegerv(GL_SAMPLES, &samples);  // of the window's framebuffer, bound now
  if (samples > 0) usable_ = false;
  glGenVertexArrays(1, &vao_);
}

SceneCache::~SceneCache() {
  if (fbo_ != 0) glDeleteFramebuffers(1, &fbo_);
  if (colour_ != 0) glDeleteTextures(1, &colour_);
  if (depth_ != 0) glDeleteRenderbuffers(1, &depth_);
  glDeleteVertexArrays(1, &vao_);
}

void SceneCache::Resize(int width, int height) {
  if (fbo_ == 0) {
    glGenFramebuffers(1, &fbo_);
    glGenTextures(1, &colour_);
    glGenRenderbuffers(1, &depth_);
  }
  glBindTexture(GL_TEXTURE_2D, colour_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  // The window's usual depth format, so the depth can be blitted across.
  glBindRenderbuffer(GL_RENDERBUFFER, depth_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, width, height);
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour_, 0);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depth_);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    usable_ = false;
    error_ = "scene cache: framebuffer incomplete; drawing every frame instead";
  }
  glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previous_fbo_));
  width_ = width;
  height_ = height;
}

void SceneCache::Begin(uint64_t key, int width, int height, float scale) {
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previous_fbo_);
  glGetIntegerv(GL_VIEWPORT, previous_viewport_);
  // Always the window's size: switching between moving (reduced) and still (whole) reallocates
  // nothing; a reduced picture uses the bottom-left corner.
  if (width != width_ || height != height_ || fbo_ == 0) Resize(width, height);
  drawn_width_ = ReducedExtent(width, scale);
  drawn_height_ = ReducedExtent(height, scale);
  valid_ = false;
  key_ = key;
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  GLfloat clear[4];
  glGetFloatv(GL_COLOR_CLEAR_VALUE, clear);
  glClearColor(0.0f, 0.0f, 0.0f, 0.0f);  // transparent: premultiplied, nothing drawn yet
  // Only the corner drawn into (the scissor bounds the clear): fewer pixels to touch on a CPU.
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, drawn_width_, drawn_height_);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  glClearColor(clear[0], clear[1], clear[2], clear[3]);
  glViewport(0, 0, drawn_width_, drawn_height_);
}

void SceneCache::End() {
  glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previous_fbo_));
  glViewport(previous_viewport_[0], previous_viewport_[1], previous_viewport_[2],
             previous_viewport_[3]);
  valid_ = usable_;
}

void SceneCache::Composite() {
  // Depth first (a copy), then the colour blended over the backdrop without touching the depth.
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(previous_fbo_));
  while (glGetError() != GL_NO_ERROR) {
  }
  // Depth cannot be filtered: a reduced picture's depth is stretched nearest, close enough for the
  // overlays drawn afterwards (the ray, its points) to hide behind the mesh.
  glBlitFramebuffer(0, 0, drawn_width_, drawn_height_, 0, 0, width_, height_, GL_DEPTH_BUFFER_BIT,
                    GL_NEAREST);
  if (glGetError() != GL_NO_ERROR) {  // depth formats differ: never cache again
    usable_ = valid_ = false;
    error_ = "scene cache: the window's depth buffer cannot be copied; drawing every frame";
  }
  glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previous_fbo_));
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);  // premultiplied
  program_.Use();
  program_.Set("u_image", 0);
  program_.Set("u_drawn_width", float(drawn_width_));  // the corner drawn into, in texels
  program_.Set("u_drawn_height", float(drawn_height_));
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, colour_);
  // Stretched: linear (softer, no blocky lines); whole: nearest, an exact copy.
  const GLint filter = reduced() ? GL_LINEAR : GL_NEAREST;
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glDisable(GL_BLEND);
  glDepthMask(GL_TRUE);
  glEnable(GL_DEPTH_TEST);
}

}  // namespace partlab
