// The octree's build parameters a user sets (OctreeBuildOptions, octree.h), each declared once and
// bound to its field for the octree view's panel, its settings file (octree/settings.ini), the
// flags of partlab and partlab-bench (--octree-depth, --placement), the lesson verbs' range check
// and docs/parameters.md. The paper: "Octree de triângulos para consultas de raio"
// (/work/shared/papers/octree-ray-triangle.txt).
//
// The defaults are the view's first picture, the paper's tree (depth 8, the paper's placement).
// OctreeBuildOptions{} keeps the bench's own: the depth picked from the triangle count and leaf
// references, so a flag not given leaves the bench's choice as it is.
#pragma once

#include "engine/octree/octree.h"
#include "engine/params/param.h"
#include "engine/text/translatable.h"

namespace partlab::octree_params {

inline constexpr BoundParam<OctreeBuildOptions, int> kMaxDepth{
    {"octree.max_depth",
     "--octree-depth",
     N_("Max depth"),
     8,
     {1, 12, N_("the root alone is depth 1"), N_("the octree view's maximum")},
     N_("levels"),
     N_("The deepest level cells may split to (root = 1); triangles that fit no deeper stay where "
        "they are, the paper's escape valve (1.2 Octree; 3.1 Profundidade da Octree).")},
    &OctreeBuildOptions::max_depth};
static_assert(kMaxDepth.range.hi <= kOctreeDepthLimit, "deeper than the octree builds");

// The order of the names is the order of Placement's values.
inline constexpr BoundChoice<OctreeBuildOptions, Placement> kPlacement{
    {"octree.placement",
     "--placement",
     N_("Placement"),
     int(Placement::kDeepestContaining),
     {"paper", "leaf"},
     N_("Paper: a triangle descends while one octant holds it whole (1.2 Octree). Leaf references: "
        "triangles only in leaves, shared by every leaf they overlap (our comparison).")},
    &OctreeBuildOptions::placement};

// Every row: a new build parameter is its row above and its line here.
template <typename Visit>
constexpr void ForEachRow(Visit&& visit) {
  visit(kMaxDepth);
  visit(kPlacement);
}

}  // namespace partlab::octree_params
