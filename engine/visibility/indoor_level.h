// An indoor level for the portal technique of section 3.2.3.4: "dividir o cenário em células [...]
// Várias implementações sugerem que estas células sejam convexas", the portals "regiões
// bidimensionais e invisíveis, comunicando uma célula com a sua célula vizinha", and the data
// structure the chapter asks for: "paredes e outros polígonos pertencentes a uma mesma célula devem
// estar agrupados, sendo que este grupo possui também a informação de quem são suas células
// adjacentes e os portais de comunicação".
//
// Cells are given (by the level file), not derived from the polygon BSP: each is a convex prism,
// a convex outline in the ground plane (x, z) between a floor and a ceiling height. Its polygons
// are derived from it: the floor, the ceiling, and the walls along its outline less the openings
// of its portals (with the wall under a window's sill and above a door's lintel). A portal is a
// vertical rectangle on an outline edge shared by two cells. Flat arrays throughout: the renderer
// walks them every frame.
#pragma once

#include <array>
#include <cstdint>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <span>
#include <string>
#include <vector>

#include "engine/geometry/aabb.h"
#include "engine/visibility/frustum.h"

namespace partlab {

enum class LevelPolygonKind : uint8_t { kWall, kFloor, kCeiling, kSill, kLintel };
const char* LevelPolygonKindName(LevelPolygonKind k);

// A convex planar polygon of one cell, its vertices counter-clockwise seen from inside the cell.
struct LevelPolygon {
  uint32_t first_vertex = 0;
  uint32_t vertex_count = 0;
  uint32_t cell = 0;
  LevelPolygonKind kind = LevelPolygonKind::kWall;
};

// A portal seen from one of its two cells: the way out to `neighbour`.
struct PortalLink {
  uint32_t portal = 0;
  uint32_t neighbour = 0;
  Plane outward;  // the portal's plane, normal pointing into the neighbour
};

struct LevelCell {
  std::string name;
  std::vector<glm::vec2> outline;  // (x, z), counter-clockwise: interior on the left of each edge
  float floor = 0.0f, ceiling = 0.0f;
  uint32_t first_polygon = 0, polygon_count = 0;
  uint32_t first_link = 0, link_count = 0;
  Aabb bounds;
  int line = 0;  // where the file declares it
};

struct LevelPortal {
  std::array<uint32_t, 2> cells{};
  glm::vec2 a{0.0f}, b{0.0f};  // the opening's two ends on the shared edge, (x, z)
  float bottom = 0.0f, top = 0.0f;
  std::array<glm::vec3, 4> quad{};  // a-bottom, b-bottom, b-top, a-top
  int line = 0;
};

class IndoorLevel {
 public:
  std::string name;
  std::vector<LevelCell> cells;
  std::vector<LevelPortal> portals;
  std::vector<LevelPolygon> polygons;
  std::vector<glm::vec3> vertices;  // all polygons' vertices, polygon by polygon
  std::vector<PortalLink> links;    // cell by cell: cells[c].first_link .. + link_count
  Aabb bounds;

  std::span<const glm::vec3> PolygonVertices(size_t p) const {
    return {vertices.data() + polygons[p].first_vertex, polygons[p].vertex_count};
  }
  std::span<const PortalLink> LinksOf(size_t c) const {
    return {links.data() + cells[c].first_link, cells[c].link_count};
  }
  // The cell whose prism holds `p` (boundary included), or -1 outside every cell.
  int CellAt(const glm::vec3& p) const;
  // Whether `p` lies in cell c's prism, at least `margin` inside its walls, floor and ceiling.
  bool Inside(size_t c, const glm::vec3& p, float margin = 0.0f) const;
};

// Builds polygons, links and bounds from cells and portals that passed validation
// (level_parser.h): walls are each outline edge less the portal openings on it.
void BuildLevelGeometry(IndoorLevel* level);

}  // namespace partlab
