// The Visibility view's octree frustum culling (Feijó, Pagliosa & Clua, 3.2.3.2): the model's
// triangles in an octree whose cells are classified against the observer's frustum (outside,
// inside, intersecting), what is kept and the time of the pass; its panel section, the god view's
// cells and ghosts, and the summary line a screenshot prints.
#pragma once

#include <vector>

#include "app/views/visibility/visibility_overlay.h"
#include "engine/geometry/mesh.h"
#include "engine/geometry/triangle.h"

namespace partlab {

struct FrustumCulling {
  int model_generation = -1;  // of the model the octree holds
  std::vector<Triangle> triangles;
  Octree octree;
  OctreeCullResult cull;
  bool enabled = true;
  bool ghost_culled = true;
  CellOverlayOptions cell_options{.show_outside = true, .leaves_only = true};
  double build_ms = 0.0;

  void Build(const Mesh& mesh);  // the octree over the model's triangles, timed
  void Gui();
  // The god view: the culled triangles as ghosts (`ghosts`: the model is small enough), and the
  // cells coloured by class.
  void DrawGodView(const Mesh& mesh, bool ghosts, DebugDraw& draw) const;
  void Print() const;
};

}  // namespace partlab
