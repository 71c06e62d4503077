#include "engine/visibility/level_walk.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace partlab {

namespace {

glm::vec3 CellCentre(const LevelCell& c, float eye_height) {
  glm::vec2 mean(0.0f);
  for (const glm::vec2& p : c.outline) mean += p / float(c.outline.size());
  return {mean.x, c.floor + eye_height, mean.y};
}

glm::vec3 PointAt(const LevelWalk& walk, float s) {
  if (walk.points.size() < 2) return walk.points.empty() ? glm::vec3(0.0f) : walk.points[0];
  if (!std::isfinite(s)) s = 0.0f;  // std::clamp would let a NaN through
  s = std::clamp(s, 0.0f, walk.length);
  const size_t i = size_t(std::upper_bound(walk.length_at.begin(), walk.length_at.end(), s) -
                          walk.length_at.begin());
  const size_t k = std::clamp<size_t>(i, 1, walk.points.size() - 1);
  const float span = walk.length_at[k] - walk.length_at[k - 1];
  const float f = span > 0.0f ? (s - walk.length_at[k - 1]) / span : 0.0f;
  return walk.points[k - 1] + (walk.points[k] - walk.points[k - 1]) * std::clamp(f, 0.0f, 1.0f);
}

}  // namespace

// Breadth first over the doors from `start`; the last cell reached is the farthest.
LevelWalk WalkFromCell(const IndoorLevel& level, uint32_t start, float eye_height) {
  LevelWalk walk;
  if (start >= level.cells.size()) return walk;
  std::vector<int> came_by(level.cells.size(), -2);  // portal index; -1 for the start
  std::vector<uint32_t> queue{start};
  came_by[start] = -1;
  for (size_t head = 0; head < queue.size(); ++head) {
    const uint32_t c = queue[head];
    for (const PortalLink& link : level.LinksOf(c)) {
      const LevelPortal& p = level.portals[link.portal];
      const bool door = p.bottom <= level.cells[c].floor + 1e-3f &&
                        p.top >= level.cells[c].floor + eye_height + 0.1f;
      if (!door || came_by[link.neighbour] != -2) continue;
      came_by[link.neighbour] = int(link.portal);
      queue.push_back(link.neighbour);
    }
  }
  // Back from the farthest cell to the start, then reversed.
  std::vector<glm::vec3> back;
  for (uint32_t c = queue.back();;) {
    back.push_back(CellCentre(level.cells[c], eye_height));
    if (came_by[c] < 0) break;
    const LevelPortal& p = level.portals[size_t(came_by[c])];
    const glm::vec2 mid = 0.5f * (p.a + p.b);
    back.push_back({mid.x, level.cells[c].floor + eye_height, mid.y});
    c = p.cells[0] == c ? p.cells[1] : p.cells[0];
  }
  walk.points.assign(back.rbegin(), back.rend());
  walk.length_at.push_back(0.0f);
  for (size_t i = 1; i < walk.points.size(); ++i)
    walk.length_at.push_back(walk.length_at.back() +
                             glm::length(walk.points[i] - walk.points[i - 1]));
  walk.length = walk.length_at.back();
  return walk;
}

void WalkPose(const LevelWalk& walk, float s, float look_ahead, glm::vec3* eye, glm::vec3* target) {
  *eye = PointAt(walk, s);
  *target = PointAt(walk, s + look_ahead);
  if (glm::length(*target - *eye) < 1e-3f) {  // the end of the walk: keep the last direction
    const glm::vec3 before = PointAt(walk, s - look_ahead);
    *target = *eye + (*eye - before);
    if (glm::length(*target - *eye) < 1e-3f) *target = *eye + glm::vec3(1, 0, 0);
  }
}

}  // namespace partlab
