// The candidate splitting directions of the semi-adjusting BSP (semi-adjusting-bsp.txt, 3.5): the
// 13 directions built from the signs of x, y, z — 3 axes, 6 face diagonals, 4 body diagonals, one
// per ± pair, since a plane and its opposite are the same cut — optionally relaxed by point
// repulsion (Hasan et al. 2001) so they cover the hemisphere more evenly.
#pragma once

#include <array>
#include <glm/vec3.hpp>

namespace partlab {

constexpr int kCutDirectionCount = 13;
using CutDirections = std::array<glm::vec3, kCutDirectionCount>;

// The 13 unit directions; index 0, 1, 2 are the x, y, z axes.
CutDirections ThirteenCutDirections();

// Point repulsion on the sphere: every direction and its antipode repel every other with a 1/r²
// force; each iteration moves the points along the tangential force and renormalises. The axes
// keep their indices, so the result stays close to the input set.
CutDirections RelaxByPointRepulsion(const CutDirections& dirs, int iterations = 500,
                                    float step = 0.2f);

}  // namespace partlab
