// Whether an indexed mesh bounds a solid: every edge walked one way by its triangles is walked
// back the other way as often (the triangles' boundaries cancel, a 2-cycle). Then every point off
// the surface has a whole winding number, 0 outside, and what lies where it is not 0 is hidden
// from a camera outside (GridLineInterior). Holds for the dragons and the bunny; fails for an open
// sheet, a mesh with a hole, or one with a triangle wound against its neighbours.
#pragma once

#include "engine/geometry/mesh.h"

namespace partlab {

bool IsClosedSurface(const Mesh& mesh);

}  // namespace partlab
