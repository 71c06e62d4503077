#include "engine/visibility/indoor_level.h"

#include <algorithm>
#include <glm/geometric.hpp>

#include "engine/visibility/cross2.h"

namespace partlab {

const char* LevelPolygonKindName(LevelPolygonKind k) {
  switch (k) {
    case LevelPolygonKind::kWall:
      return "wall";
    case LevelPolygonKind::kFloor:
      return "floor";
    case LevelPolygonKind::kCeiling:
      return "ceiling";
    case LevelPolygonKind::kSill:
      return "sill";
    case LevelPolygonKind::kLintel:
      return "lintel";
  }
  return "?";
}

namespace {

constexpr float kOnEdge = 1e-3f;  // level units: how far off an edge a portal end may lie

// The interior side of outline edge a -> b (counter-clockwise outline: the left), in 3-D.
glm::vec3 InwardNormal(const glm::vec2& a, const glm::vec2& b) {
  const glm::vec2 d = glm::normalize(b - a);
  return {-d.y, 0.0f, d.x};
}

glm::vec3 At(const glm::vec2& p, float y) {
  return {p.x, y, p.y};
}

// A portal end lies on edge a -> b: close to its line and between its ends. Returns its
// parameter along the edge.
bool OnEdge(const glm::vec2& p, const glm::vec2& a, const glm::vec2& b, float* t) {
  const glm::vec2 d = b - a;
  const float len = glm::length(d);
  if (len <= 0.0f) return false;
  if (std::abs(Cross2(d, p - a)) / len > kOnEdge) return false;
  *t = glm::dot(p - a, d) / (len * len);
  return *t >= -kOnEdge / len && *t <= 1.0f + kOnEdge / len;
}

struct Opening {
  float t0, t1;
  float bottom, top;
};

class GeometryBuilder {
 public:
  explicit GeometryBuilder(IndoorLevel* level) : level_(*level) {}

  // Appends a polygon facing `normal` (reversing the given order when it faces away).
  void Add(uint32_t cell, LevelPolygonKind kind, std::vector<glm::vec3> v,
           const glm::vec3& normal) {
    glm::vec3 n(0.0f);
    for (size_t i = 0; i < v.size(); ++i) n += glm::cross(v[i], v[(i + 1) % v.size()]);
    if (glm::dot(n, normal) < 0.0f) std::reverse(v.begin(), v.end());
    level_.polygons.push_back({uint32_t(level_.vertices.size()), uint32_t(v.size()), cell, kind});
    level_.vertices.insert(level_.vertices.end(), v.begin(), v.end());
  }

  void Quad(uint32_t cell, LevelPolygonKind kind, const glm::vec2& a, const glm::vec2& b, float t0,
            float t1, float y0, float y1) {
    if (t1 - t0 <= 1e-6f || y1 - y0 <= 1e-6f) return;
    const glm::vec2 p0 = a + (b - a) * t0, p1 = a + (b - a) * t1;
    Add(cell, kind, {At(p0, y0), At(p1, y0), At(p1, y1), At(p0, y1)}, InwardNormal(a, b));
  }

  // One outline edge: walls in the gaps between openings, a sill under and a lintel over each.
  void Edge(uint32_t c, const glm::vec2& a, const glm::vec2& b) {
    const LevelCell& cell = level_.cells[c];
    openings_.clear();
    for (const LevelPortal& p : level_.portals) {
      if (p.cells[0] != c && p.cells[1] != c) continue;
      float ta, tb;
      if (!OnEdge(p.a, a, b, &ta) || !OnEdge(p.b, a, b, &tb)) continue;
      openings_.push_back({std::clamp(std::min(ta, tb), 0.0f, 1.0f),
                           std::clamp(std::max(ta, tb), 0.0f, 1.0f), p.bottom, p.top});
    }
    std::sort(openings_.begin(), openings_.end(),
              [](const Opening& x, const Opening& y) { return x.t0 < y.t0; });
    float cursor = 0.0f;
    for (const Opening& o : openings_) {
      Quad(c, LevelPolygonKind::kWall, a, b, cursor, o.t0, cell.floor, cell.ceiling);
      Quad(c, LevelPolygonKind::kSill, a, b, o.t0, o.t1, cell.floor, o.bottom);
      Quad(c, LevelPolygonKind::kLintel, a, b, o.t0, o.t1, o.top, cell.ceiling);
      cursor = std::max(cursor, o.t1);
    }
    Quad(c, LevelPolygonKind::kWall, a, b, cursor, 1.0f, cell.floor, cell.ceiling);
  }

  void Cell(uint32_t c) {
    LevelCell& cell = level_.cells[c];
    cell.first_polygon = uint32_t(level_.polygons.size());
    std::vector<glm::vec3> floor, ceiling;
    for (const glm::vec2& p : cell.outline) {
      floor.push_back(At(p, cell.floor));
      ceiling.push_back(At(p, cell.ceiling));
    }
    Add(c, LevelPolygonKind::kFloor, floor, {0, 1, 0});
    Add(c, LevelPolygonKind::kCeiling, ceiling, {0, -1, 0});
    const size_t n = cell.outline.size();
    for (size_t i = 0; i < n; ++i) Edge(c, cell.outline[i], cell.outline[(i + 1) % n]);
    cell.polygon_count = uint32_t(level_.polygons.size()) - cell.first_polygon;
    cell.bounds = Aabb{};
    for (const glm::vec3& p : floor) cell.bounds.Grow(p);
    for (const glm::vec3& p : ceiling) cell.bounds.Grow(p);
    level_.bounds.Grow(cell.bounds);
  }

  // The portals of cell c, each with its plane facing out of c.
  void Links(uint32_t c) {
    LevelCell& cell = level_.cells[c];
    cell.first_link = uint32_t(level_.links.size());
    for (size_t i = 0; i < level_.portals.size(); ++i) {
      const LevelPortal& p = level_.portals[i];
      if (p.cells[0] != c && p.cells[1] != c) continue;
      const uint32_t other = p.cells[0] == c ? p.cells[1] : p.cells[0];
      // Outward: away from c's interior, judged by the mean of its corners (inside: convex).
      glm::vec2 mean(0.0f);
      for (const glm::vec2& q : cell.outline) mean += q / float(cell.outline.size());
      glm::vec3 n = InwardNormal(p.a, p.b);
      if (glm::dot(n, At(mean - p.a, 0.0f)) > 0.0f) n = -n;
      level_.links.push_back({uint32_t(i), other, Plane{n, -glm::dot(n, At(p.a, 0.0f))}});
    }
    cell.link_count = uint32_t(level_.links.size()) - cell.first_link;
  }

 private:
  IndoorLevel& level_;
  std::vector<Opening> openings_;
};

}  // namespace

void BuildLevelGeometry(IndoorLevel* level) {
  level->polygons.clear();
  level->vertices.clear();
  level->links.clear();
  level->bounds = Aabb{};
  for (LevelPortal& p : level->portals)
    p.quad = {At(p.a, p.bottom), At(p.b, p.bottom), At(p.b, p.top), At(p.a, p.top)};
  GeometryBuilder builder(level);
  for (uint32_t c = 0; c < level->cells.size(); ++c) builder.Cell(c);
  for (uint32_t c = 0; c < level->cells.size(); ++c) builder.Links(c);
}

bool IndoorLevel::Inside(size_t c, const glm::vec3& p, float margin) const {
  const LevelCell& cell = cells[c];
  if (p.y < cell.floor + margin || p.y > cell.ceiling - margin) return false;
  const glm::vec2 q(p.x, p.z);
  const size_t n = cell.outline.size();
  for (size_t i = 0; i < n; ++i) {
    const glm::vec2& a = cell.outline[i];
    const glm::vec2 d = cell.outline[(i + 1) % n] - a;
    if (Cross2(d, q - a) < margin * glm::length(d)) return false;
  }
  return true;
}

int IndoorLevel::CellAt(const glm::vec3& p) const {
  for (size_t c = 0; c < cells.size(); ++c)
    if (Inside(c, p)) return int(c);
  return -1;
}

}  // namespace partlab
