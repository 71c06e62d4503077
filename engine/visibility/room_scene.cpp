#include "engine/visibility/room_scene.h"

#include <algorithm>
#include <cmath>

#include "engine/text/translatable.h"

namespace partlab {

namespace {

class RoomBuilder {
 public:
  RoomBuilder(const glm::vec3& origin, float scale) : origin_(origin), scale_(scale) {}

  // A quad given counter-clockwise as seen from the side it faces.
  void Quad(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& d,
            std::string label) {
    room_.polygons.push_back({Place(a), Place(b), Place(c), Place(d)});
    for (const glm::vec3& p : room_.polygons.back()) room_.bounds.Grow(p);
    room_.labels.push_back(std::move(label));
  }

  // A vertical box (footprint centre cx, cz, half sizes hx, hz, turned by yaw radians about +Y):
  // its four sides and its top, all facing out.
  void Box(float cx, float cz, float hx, float hz, float height, float yaw,
           const std::string& name) {
    const float c = std::cos(yaw), s = std::sin(yaw);
    auto at = [&](float x, float z, float y) {
      return glm::vec3(cx + c * x - s * z, y, cz + s * x + c * z);
    };
    const glm::vec3 b[4] = {at(-hx, -hz, 0), at(hx, -hz, 0), at(hx, hz, 0), at(-hx, hz, 0)};
    const glm::vec3 t[4] = {at(-hx, -hz, height), at(hx, -hz, height), at(hx, hz, height),
                            at(-hx, hz, height)};
    const char* side[4] = {" -z", " +x", " +z", " -x"};
    for (int k = 0; k < 4; ++k) {
      const int n = (k + 1) % 4;
      // Seen from outside, bottom k -> bottom n -> top n -> top k is clockwise; reverse it.
      Quad(b[n], b[k], t[k], t[n], name + side[k]);
    }
    Quad(t[0], t[3], t[2], t[1], name + " top");
  }

  RoomScene Take() { return std::move(room_); }

 private:
  glm::vec3 Place(const glm::vec3& p) const { return origin_ + p * scale_; }

  glm::vec3 origin_;
  float scale_;
  RoomScene room_;
};

}  // namespace

RoomScene MakeRoomScene(const Aabb& footprint) {
  const bool empty = footprint.IsEmpty();
  const glm::vec3 extent = empty ? glm::vec3(10.0f) : footprint.Extent();
  const float scale = std::max(std::max(extent.x, extent.z), 1e-3f) / 10.0f;
  const glm::vec3 centre = empty ? glm::vec3(0.0f) : footprint.Center();
  const glm::vec3 origin(centre.x, empty ? 0.0f : footprint.min.y, centre.z);
  RoomBuilder r(origin, scale);

  const float X = 5.0f, Z = 4.0f, H = 2.5f;
  r.Quad({-X, 0, Z}, {X, 0, Z}, {X, 0, -Z}, {-X, 0, -Z}, N_("floor"));
  // Outer walls, facing the inside of the room.
  r.Quad({-X, 0, -Z}, {X, 0, -Z}, {X, H, -Z}, {-X, H, -Z}, N_("outer wall north"));
  r.Quad({X, 0, Z}, {-X, 0, Z}, {-X, H, Z}, {X, H, Z}, N_("outer wall south"));
  r.Quad({-X, 0, Z}, {-X, 0, -Z}, {-X, H, -Z}, {-X, H, Z}, N_("outer wall west"));
  r.Quad({X, 0, -Z}, {X, 0, Z}, {X, H, Z}, {X, H, -Z}, N_("outer wall east"));
  // Partitions (thin boxes) with a doorway between the two western ones, and a corridor wall.
  r.Box(-1.5f, -2.45f, 0.12f, 1.55f, 2.0f, 0.0f, N_("partition A"));
  r.Box(-1.5f, 2.45f, 0.12f, 1.55f, 2.0f, 0.0f, N_("partition B"));
  r.Box(3.0f, 0.9f, 2.0f, 0.12f, 2.0f, 0.0f, N_("corridor wall"));
  // Pillars and an angled screen whose planes cut through the walls around them.
  r.Box(-3.4f, -1.2f, 0.3f, 0.3f, 2.5f, 0.0f, N_("pillar 1"));
  r.Box(-3.4f, 1.6f, 0.3f, 0.3f, 2.5f, 0.0f, N_("pillar 2"));
  r.Box(1.2f, -2.0f, 0.3f, 0.3f, 2.5f, 0.4f, N_("pillar 3"));
  r.Box(2.8f, 2.6f, 0.3f, 0.3f, 2.5f, 0.0f, N_("pillar 4"));
  r.Box(0.6f, 1.6f, 1.1f, 0.08f, 1.6f, 0.7f, N_("angled screen"));
  return r.Take();
}

}  // namespace partlab
