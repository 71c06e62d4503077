#include "engine/visibility/chapter_bsp_example.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

namespace partlab {

namespace {

constexpr float kHeight = 2.5f;

// A wall standing on plan segment (ax, az) -> (bx, bz), its front facing `normal`.
std::vector<glm::vec3> Wall(float ax, float az, float bx, float bz, const glm::vec3& normal) {
  std::vector<glm::vec3> q = {{ax, 0, az}, {bx, 0, bz}, {bx, kHeight, bz}, {ax, kHeight, az}};
  const glm::vec3 n = glm::cross(q[1] - q[0], q[2] - q[0]);
  if (glm::dot(n, normal) < 0.0f) std::reverse(q.begin(), q.end());
  return q;
}

}  // namespace

glm::mat4 ChapterBspExample::ViewProjection() const {
  return glm::perspective(fov_y, aspect, near_plane, far_plane) *
         glm::lookAt(observer, look_at, glm::vec3(0, 1, 0));
}

ChapterBspExample MakeChapterBspExample() {
  ChapterBspExample e;
  const glm::vec3 px(1, 0, 0), pz(0, 0, 1);
  e.walls = {
      Wall(0, -2, 0, 6, px),       // 1: the root, x = 0
      Wall(-4, 2, -1, 2, pz),      // 2: left of 1, its plane z = 2
      Wall(-3, 3, -3, 5, px),      // 3: right of 2 (z > 2)
      Wall(-4, -1, -1, -1, pz),    // 4: left of 2 (z < 2)
      Wall(8, 0, 8, 4, px),        // 5: right of 1, its plane x = 8
      Wall(5, -1, 5, 5, px),       // 7: left of 5, between O and 5
      Wall(0.5f, 3, 0.5f, 5, px),  // 9: left of 7, behind O
      Wall(6, 6, 10, 6, -pz),      // 6 | 8: cut by 5's plane at x = 8
  };
  e.observer = {1.0f, 1.2f, 1.5f};
  e.look_at = {6.0f, 1.2f, 1.5f};
  e.fov_y = glm::radians(60.0f);
  e.aspect = 1.5f;
  e.near_plane = 0.1f;
  e.far_plane = 12.0f;
  return e;
}

int ChapterBookNumber(const ChapterBspExample& example, const PolygonBsp& bsp, uint32_t polygon) {
  static constexpr int kBook[] = {1, 2, 3, 4, 5, 7, 9};
  const BspPolygon& p = bsp.polygons()[polygon];
  if (p.source < 7) return kBook[p.source];
  // The piece right of 5 (in front of its plane) is 6, the other 8.
  const Plane five = PolygonPlane(example.walls[4]);
  glm::vec3 centre(0.0f);
  for (const glm::vec3& v : p.vertices) centre += v / float(p.vertices.size());
  return five.Distance(centre) > 0.0f ? 6 : 8;
}

}  // namespace partlab
