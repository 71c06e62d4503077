#include "app/render/static_lines.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <tuple>

namespace partlab {

namespace {
std::string ShaderDir() {
  if (const char* dir = std::getenv("PARTLAB_SHADER_DIR"); dir && *dir) return dir;
  return PARTLAB_SHADER_DIR;
}
uint32_t PackColor(const Color& c) {
  auto byte = [](float v) { return uint32_t(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
  return byte(c.r) | byte(c.g) << 8 | byte(c.b) << 16 | byte(c.a) << 24;
}
}  // namespace

void LineRecorder::SetGrid(const glm::vec3& origin, float spacing) {
  grid_origin_ = origin;
  grid_spacing_ = spacing;
}

void LineRecorder::Clear() {
  vertices_.clear();
  segments_.clear();
  recorded_ = 0;
}

void LineRecorder::Line(const glm::vec3& a, const glm::vec3& b, const Color& color) {
  ++recorded_;
  const uint32_t rgba = PackColor(color);
  if (grid_spacing_ > 0.0f) {
    const glm::vec3 ga = (a - grid_origin_) / grid_spacing_;
    const glm::vec3 gb = (b - grid_origin_) / grid_spacing_;
    uint32_t ia[3], ib[3];
    int differing = 0, axis = 0;
    for (int k = 0; k < 3; ++k) {
      ia[k] = uint32_t(std::max(std::lround(ga[k]), 0l));
      ib[k] = uint32_t(std::max(std::lround(gb[k]), 0l));
      if (ia[k] != ib[k]) {
        ++differing;
        axis = k;
      }
    }
    if (differing == 1) {  // on a grid line: merged in Finish
      segments_.push_back({uint32_t(axis), ia[(axis + 1) % 3], ia[(axis + 2) % 3], rgba,
                           std::min(ia[axis], ib[axis]), std::max(ia[axis], ib[axis])});
      return;
    }
  }
  vertices_.push_back({a, rgba, 1.0f});
  vertices_.push_back({b, rgba, 1.0f});
}

void LineRecorder::Finish() {
  auto key = [](const GridSegment& s) { return std::tuple(s.axis, s.c1, s.c2, s.rgba, s.lo); };
  std::sort(segments_.begin(), segments_.end(),
            [&](const GridSegment& x, const GridSegment& y) { return key(x) < key(y); });
  auto emit = [&](const GridSegment& s) {
    glm::vec3 a(0.0f), b(0.0f);
    a[s.axis] = float(s.lo);
    b[s.axis] = float(s.hi);
    a[(s.axis + 1) % 3] = b[(s.axis + 1) % 3] = float(s.c1);
    a[(s.axis + 2) % 3] = b[(s.axis + 2) % 3] = float(s.c2);
    vertices_.push_back({grid_origin_ + a * grid_spacing_, s.rgba, 1.0f});
    vertices_.push_back({grid_origin_ + b * grid_spacing_, s.rgba, 1.0f});
  };
  for (size_t i = 0; i < segments_.size();) {
    GridSegment run = segments_[i++];
    while (i < segments_.size() && segments_[i].axis == run.axis && segments_[i].c1 == run.c1 &&
           segments_[i].c2 == run.c2 && segments_[i].rgba == run.rgba && segments_[i].lo <= run.hi)
      run.hi = std::max(run.hi, segments_[i++].hi);
    emit(run);
  }
  segments_.clear();
}

StaticLines::StaticLines() {
  auto program = ShaderProgram::Load(ShaderDir(), "overlay");
  if (program.ok())
    program_ = std::move(program).value();
  else
    error_ = program.error();
  using Vertex = LineRecorder::Vertex;
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                        reinterpret_cast<void*>(offsetof(Vertex, position)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(Vertex),
                        reinterpret_cast<void*>(offsetof(Vertex, rgba)));
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                        reinterpret_cast<void*>(offsetof(Vertex, size)));
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
}

StaticLines::~StaticLines() {
  glDeleteBuffers(1, &vbo_);
  glDeleteVertexArrays(1, &vao_);
}

void StaticLines::Upload(const LineRecorder& lines) {
  const auto& v = lines.vertices();
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(v.size() * sizeof(LineRecorder::Vertex)), v.data(),
               GL_STATIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  vertex_count_ = v.size();
}

void StaticLines::Draw(const glm::mat4& view_projection) const {
  if (!program_.valid() || vertex_count_ == 0) return;
  program_.Use();
  program_.Set("u_view_projection", view_projection);
  program_.Set("u_round_points", 0);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glBindVertexArray(vao_);
  glDrawArrays(GL_LINES, 0, GLsizei(vertex_count_));
  glBindVertexArray(0);
  glDisable(GL_BLEND);
}

}  // namespace partlab
