#include "app/render/scene_cache.h"

#include "app/render/full_screen_texture.h"

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

void SceneCache::Begin(uint64_t key, int width, int height) {
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previous_fbo_);
  if (width != width_ || height != height_ || fbo_ == 0) Resize(width, height);
  valid_ = false;
  key_ = key;
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  GLfloat clear[4];
  glGetFloatv(GL_COLOR_CLEAR_VALUE, clear);
  glClearColor(0.0f, 0.0f, 0.0f, 0.0f);  // transparent: premultiplied, nothing drawn yet
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glClearColor(clear[0], clear[1], clear[2], clear[3]);
}

void SceneCache::End() {
  glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previous_fbo_));
  valid_ = usable_;
}

void SceneCache::Composite() {
  // Depth first (a copy), then the colour blended over the backdrop without touching the depth.
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(previous_fbo_));
  while (glGetError() != GL_NO_ERROR) {
  }
  glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  if (glGetError() != GL_NO_ERROR) {  // depth formats differ: never cache again
    usable_ = valid_ = false;
    error_ = "scene cache: the window's depth buffer cannot be copied; drawing every frame";
  }
  glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previous_fbo_));
  program_.Use();
  program_.Set("u_image", 0);
  DrawFullScreenTexture(vao_, colour_, GL_ONE);  // premultiplied
}

}  // namespace partlab
