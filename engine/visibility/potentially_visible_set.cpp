#include "engine/visibility/potentially_visible_set.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <glm/geometric.hpp>
#include <limits>
#include <random>

#include "engine/visibility/cross2.h"
#include "engine/visibility/point_sampling_build.h"

namespace partlab {

namespace {

double OutlineArea(const std::vector<glm::vec2>& p) {
  double s = 0.0;
  for (size_t i = 0; i < p.size(); ++i) s += Cross2(p[i], p[(i + 1) % p.size()]);
  return 0.5 * std::abs(s);
}

// The opening of one of cell's portals that point x (on the cell's boundary) passes through.
int PortalAt(const IndoorLevel& level, uint32_t cell, const glm::vec3& x) {
  const glm::vec2 q(x.x, x.z);
  for (const PortalLink& link : level.LinksOf(cell)) {
    const LevelPortal& p = level.portals[link.portal];
    if (x.y < p.bottom || x.y > p.top) continue;
    const glm::vec2 d = p.b - p.a;
    const float len2 = glm::dot(d, d);
    if (std::abs(Cross2(d, q - p.a)) > 1e-3f * std::sqrt(len2)) continue;
    const float t = glm::dot(q - p.a, d) / len2;
    if (t >= 0.0f && t <= 1.0f) return int(link.neighbour);
  }
  return -1;
}

}  // namespace

int SampleCount(const IndoorLevel& level, uint32_t cell, const PvsOptions& options) {
  const double n = double(options.points_per_area) * OutlineArea(level.cells[cell].outline);
  if (!(n >= double(options.min_points))) return options.min_points;  // NaN too
  return int(std::min(n, double(options.max_points)));
}

// Rejection sampling in the outline's bounding rectangle (cells are convex, rarely thin).
void SampleCellPoints(const IndoorLevel& level, uint32_t cell, int count, uint32_t seed,
                      std::vector<glm::vec3>* points) {
  const LevelCell& c = level.cells[cell];
  std::mt19937 rng(seed * 2654435761u + cell);
  std::uniform_real_distribution<float> x(c.bounds.min.x, c.bounds.max.x), y(c.floor, c.ceiling),
      z(c.bounds.min.z, c.bounds.max.z);
  points->clear();
  for (int tries = 0; int(points->size()) < count && tries < 1000 * count; ++tries) {
    const glm::vec3 p(x(rng), y(rng), z(rng));
    if (level.Inside(cell, p, 1e-4f)) points->push_back(p);
  }
}

// Walks the segment through the cells: in each convex cell it leaves at the first outline edge
// it crosses outwards; it goes on only through a portal's opening there.
bool SegmentClear(const IndoorLevel& level, uint32_t from, const glm::vec3& p, const glm::vec3& q) {
  const glm::vec2 p2(p.x, p.z), d2(q.x - p.x, q.z - p.z);
  uint32_t cell = from;
  float t = 0.0f;
  for (size_t guard = 0; guard <= level.cells.size(); ++guard) {
    const std::vector<glm::vec2>& o = level.cells[cell].outline;
    float exit = std::numeric_limits<float>::infinity();
    for (size_t i = 0; i < o.size(); ++i) {
      const glm::vec2 e = o[(i + 1) % o.size()] - o[i];
      const float rate = Cross2(e, d2);  // < 0: moving out through this edge's line
      if (rate < 0.0f) exit = std::min(exit, -Cross2(e, p2 - o[i]) / rate);
    }
    exit = std::max(exit, t);
    if (exit >= 1.0f) return true;  // q is in this cell
    const int next = PortalAt(level, cell, p + (q - p) * exit);
    if (next < 0) return false;  // a wall, a sill or a lintel
    cell = uint32_t(next);
    t = exit;
  }
  return false;
}

PotentiallyVisibleSet::PotentiallyVisibleSet(const IndoorLevel& level, const PvsOptions& options) {
  PointSamplingBuild build(level, options);
  build.RunToEnd();
  *this = build.Take();
}

PointSamplingBuild::PointSamplingBuild(const IndoorLevel& level, const PvsOptions& options)
    : level_(level), points_(level.cells.size()) {
  const size_t n = level.cells.size();
  Start(n, n * (n - (n > 0)) / 2);
  for (uint32_t c = 0; c < n; ++c) {
    SampleCellPoints(level, c, SampleCount(level, c, options), options.seed, &points_[c]);
    CountPoints(points_[c].size());
  }
}

// Sight is symmetric: each pair once, stopping at the first clear segment.
bool PointSamplingBuild::Step() {
  const std::vector<glm::vec3>& pa = points_[a_];
  const std::vector<glm::vec3>& pb = points_[b_];
  bool seen = false;
  size_t segments = 0;
  if (i_ < pa.size())
    for (size_t j = 0; j < pb.size() && !seen; ++j) {
      ++segments;
      seen = SegmentClear(level_, a_, pa[i_], pb[j]);
    }
  CountSegments(segments);
  if (!seen && ++i_ < pa.size()) return false;
  if (seen) MarkVisible(a_, b_), MarkVisible(b_, a_);
  i_ = 0;
  if (++b_ == points_.size()) b_ = ++a_ + 1;
  return true;
}

size_t PotentiallyVisibleSet::VisibleCount(size_t from) const {
  size_t n = 0;
  for (size_t w = 0; w < words_; ++w) n += size_t(__builtin_popcountll(bits_[from * words_ + w]));
  return n;
}

}  // namespace partlab
