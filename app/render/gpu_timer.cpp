#include "app/render/gpu_timer.h"

namespace partlab {

GpuTimer::GpuTimer() {
  glGenQueries(kRing, queries_.data());
}

GpuTimer::~GpuTimer() {
  glDeleteQueries(kRing, queries_.data());
}

void GpuTimer::Begin() {
  // Collect every finished query, oldest first, before reusing the current slot.
  for (int k = 1; k <= kRing; ++k) {
    const int slot = (current_ + k) % kRing;
    if (!pending_[slot]) continue;
    GLint available = GL_FALSE;
    glGetQueryObjectiv(queries_[slot], GL_QUERY_RESULT_AVAILABLE, &available);
    if (available != GL_TRUE) continue;
    GLuint64 ns = 0;
    glGetQueryObjectui64v(queries_[slot], GL_QUERY_RESULT, &ns);
    last_ms_ = double(ns) * 1e-6;
    pending_[slot] = false;
  }
  // If the slot is still in flight the GPU is more than kRing frames behind: skip timing this
  // frame rather than wait.
  if (pending_[current_]) return;
  glBeginQuery(GL_TIME_ELAPSED, queries_[current_]);
  pending_[current_] = true;
  began_ = true;
}

void GpuTimer::End() {
  if (!began_) return;
  glEndQuery(GL_TIME_ELAPSED);
  began_ = false;
  current_ = (current_ + 1) % kRing;
}

}  // namespace partlab
