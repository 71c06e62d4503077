// The chapter's recursive portal renderer (section 3.2.3.4):
//
//   render(Célula* célula, Câmera* câmera, View* view)
//     para todos os polígonos da célula onde está o observador faça
//       se o polígono não é portal: Plote o polígono recortado para a tela
//       senão: Crie um novo_view utilizando o portal e o view corrente
//              render(célula_vizinha, câmera, novo_view)
//
// in both of the chapter's ways of making the new view:
//  - kScreenPolygon: "a partir da interseção do polígono que define o portal (já projetado sobre o
//    plano de projeção da câmera [...]) com o view corrente"; "caso a interseção seja vazia, então
//    não é possível ver a célula referenciada pelo portal";
//  - kFrustum: "um novo view frustum (formado por planos 3D), utilizando como base a coordenada
//    espacial da posição da câmera e os vértices que definem o polígono do portal" (the portal
//    first clipped by the current frustum, so the new one lies inside it).
// A portal is followed only when the eye is on the current cell's side of it. Everything a frame
// produces goes into reused buffers: no allocation once they have grown.
#pragma once

#include <cstdint>
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <vector>

#include "engine/visibility/frustum.h"
#include "engine/visibility/indoor_level.h"

namespace partlab {

enum class PortalVariant : uint8_t { kScreenPolygon, kFrustum };
const char* PortalVariantName(PortalVariant v);  // "2-D windows" / "frusta"

struct PortalCamera {
  glm::vec3 eye{0.0f};
  glm::mat4 view_projection{1.0f};  // OpenGL clip space
};

// One call of render(): the cell entered, through which portal, and the view it got.
struct PortalNode {
  int32_t parent = -1;  // -1: the observer's cell
  int32_t portal = -1;  // the portal entered through
  uint32_t cell = 0;
  uint32_t depth = 0;
  uint32_t first_view = 0, view_count = 0;        // window vertices (NDC) or frustum planes
  uint32_t first_outline = 0, outline_count = 0;  // the portal as clipped, in the world
  uint32_t polygons_drawn = 0;                    // polygons of this cell seen through this view
};

struct PortalRenderResult {
  std::vector<PortalNode> nodes;           // the recursion tree, depth first
  std::vector<glm::vec2> windows;          // kScreenPolygon: each node's window, NDC, CCW
  std::vector<Plane> planes;               // kFrustum: each node's planes
  std::vector<glm::vec3> portal_outlines;  // each node's portal after clipping (world)
  std::vector<uint8_t> cell_visited;       // per cell
  std::vector<uint8_t> polygon_drawn;      // per polygon
  std::vector<uint32_t> drawn;             // the polygons drawn, each once, in drawing order
  int start_cell = -1;                     // -1: the eye is in no cell; nothing is drawn
  size_t cells_visited = 0;
  size_t polygons_drawn = 0, polygons_culled = 0;
  size_t polygon_tests = 0, portal_tests = 0;
  size_t backfaces = 0;        // polygon tests answered by the backface test
  size_t pvs_rejected = 0;     // portals not followed because the PVS row leaves their cell out
  bool depth_limited = false;  // the recursion hit max_depth somewhere
};

void RenderPortals(const IndoorLevel& level, const PortalCamera& camera, PortalVariant variant,
                   PortalRenderResult* result, uint32_t max_depth = 64);

// The recursion "em conjunto com a técnica de PVS" (section 3.2.3.4): a portal is followed only
// into a cell the observer's PVS row holds (`pvs_row`, one byte per cell), a bit test before any
// clipping. With a conservative row the picture is the same as without it; with a sampled one a
// cell the sampling missed is not drawn.
void RenderPortalsWithPvs(const IndoorLevel& level, const PortalCamera& camera,
                          PortalVariant variant, const uint8_t* pvs_row, PortalRenderResult* result,
                          uint32_t max_depth = 64);

// The baselines the portals are measured against: each polygon against the camera's six planes,
// culled when all its vertices lie outside one of them; optionally only the polygons of the cells
// set in `cell_mask` (a PVS row) and only those facing the eye. Returns the count.
size_t FrustumCullPolygons(const IndoorLevel& level, const Frustum& frustum, const glm::vec3& eye,
                           bool cull_backfaces, const uint8_t* cell_mask,
                           std::vector<uint8_t>* drawn);

}  // namespace partlab
