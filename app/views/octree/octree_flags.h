// The Octree view's command-line flags (app/view/view_flags.h): --octree-depth and --placement
// from the parameter rows (octree_param_table.h), --ray ox,oy,oz,dx,dy,dz, and its --preset words.
#pragma once

#include <string>

#include "app/view/view_flags.h"

namespace partlab::octree_view {

void AddOctreeFlags(ViewFlagDefs& defs);

// "ox,oy,oz,dx,dy,dz": six finite numbers, the direction not zero. False (and `out` untouched)
// otherwise.
bool ParseRay(std::string_view text, float out[6]);

}  // namespace partlab::octree_view
