#include "engine/octree/octree_cell_lines.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace partlab {

namespace {
uint32_t PackColor(const Color& c) {
  auto byte = [](float v) { return uint32_t(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
  return byte(c.r) | byte(c.g) << 8 | byte(c.b) << 16 | byte(c.a) << 24;
}
}  // namespace

void MergedLineRecorder::SetGrid(const glm::vec3& origin, float spacing) {
  grid_origin_ = origin;
  grid_spacing_ = spacing;
}

void MergedLineRecorder::Clear() {
  vertices_.clear();
  segments_.clear();
  recorded_ = 0;
}

void MergedLineRecorder::Line(const glm::vec3& a, const glm::vec3& b, const Color& color) {
  ++recorded_;
  const uint32_t rgba = PackColor(color);
  if (grid_spacing_ > 0.0f) {
    const glm::vec3 ga = (a - grid_origin_) / grid_spacing_;
    const glm::vec3 gb = (b - grid_origin_) / grid_spacing_;
    uint32_t ia[3], ib[3];
    int differing = 0, axis = 0;
    bool on_grid = true;
    for (int k = 0; k < 3; ++k) {
      const long ra = std::lround(ga[k]), rb = std::lround(gb[k]);
      // Only points within a thousandth of a grid step snap; anything else is drawn as given.
      on_grid &= ra >= 0 && rb >= 0 && ra < (1l << 30) && rb < (1l << 30) &&
                 std::fabs(ga[k] - float(ra)) < 1e-3f && std::fabs(gb[k] - float(rb)) < 1e-3f;
      ia[k] = uint32_t(std::max(ra, 0l));
      ib[k] = uint32_t(std::max(rb, 0l));
      if (ia[k] != ib[k]) {
        ++differing;
        axis = k;
      }
    }
    if (on_grid && differing == 1) {  // on a grid line: merged in Finish
      segments_.push_back({uint32_t(axis), ia[(axis + 1) % 3], ia[(axis + 2) % 3], rgba,
                           std::min(ia[axis], ib[axis]), std::max(ia[axis], ib[axis])});
      return;
    }
  }
  vertices_.push_back({a, rgba, 1.0f});
  vertices_.push_back({b, rgba, 1.0f});
}

void MergedLineRecorder::Finish() {
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

}  // namespace partlab
