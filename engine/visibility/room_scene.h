// A small indoor scene for the polygon-aligned BSP (section 3.2.3.3's "cena composta por
// corredores", figure 3.3): a floor, four outer walls facing in, partition walls with doorways,
// square pillars and one wall set at an angle, so that some planes cut other polygons and the
// splitter heuristics give visibly different trees. About four dozen convex quads.
#pragma once

#include <glm/vec3.hpp>
#include <string>
#include <vector>

#include "engine/geometry/aabb.h"

namespace partlab {

struct RoomScene {
  std::vector<std::vector<glm::vec3>> polygons;  // convex quads, counter-clockwise from outside
  // "floor", "outer wall north", "pillar 2 +x", "pillar 2 top": a name marked N_ (shown
  // translated), and for a box's face the side after a space.
  std::vector<std::string> labels;
  Aabb bounds;
};

// The room laid out on a 10 x 8 floor (2.5 high), scaled so its footprint spans `footprint`'s
// larger horizontal extent, centred under it, floor at its lowest y: it then sits where the loaded
// model is, under the same ground grid and camera.
RoomScene MakeRoomScene(const Aabb& footprint);

}  // namespace partlab
