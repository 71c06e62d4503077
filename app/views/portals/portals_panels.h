// The Portals view's ImGui windows (section 3.2.3.4): the observer's screen with the 2-D windows
// of the recursion, the recursion tree, the PVS as a matrix, and the per-technique counts.
#pragma once

#include <vector>

#include "app/views/portals/portals_scene.h"

namespace partlab {

// Per technique: polygons drawn, culled and the time of the decision.
void TechniqueTable(const PortalsScene& scene);

// render()'s calls as a tree: the cell, the portal it came through, the polygons it drew.
// `children` is scratch space kept by the caller (no allocation once grown).
void RecursionTree(const PortalsScene& scene, PortalVariant variant,
                   std::vector<std::vector<int>>* children);

// The observer's picture: the drawn polygons' edges and, filled by recursion depth, the 2-D
// windows ("o polígono que define o portal [...] projetado sobre o plano de projeção da câmera,
// [...] com o view corrente"), in a canvas `width` pixels wide.
void ObserverScreen(const PortalsScene& scene, float width);

// The table "com valores booleanos, dizendo se a partir de alguma posição de uma célula X é
// possível ver alguma parte de uma célula Y": row X, column Y, the observer's row highlighted.
// Squares of at most `max_cell` pixels; `named`: each row starts with its cell's number and name
// and each column is numbered (a level of a few cells, one square per pair; for presenter mode,
// where no tooltip names them).
void PvsMatrix(const PortalsScene& scene, float side, float max_cell = 14.0f, bool named = false);

}  // namespace partlab
