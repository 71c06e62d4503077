// Backface culling in the application stage, as section 3.2.3.1 describes it: "cria-se um vetor
// dado pela direção de um ponto qualquer pertencente ao polígono (por exemplo, um dos vértices) à
// posição do observador. Se o ângulo formado entre este vetor e a normal do polígono for maior do
// que 90°, então este polígono simplesmente é ignorado". An angle above 90° is a negative dot
// product, so no acos is needed.
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <span>

namespace partlab {

// The face normal is (V1 - V0) x (V2 - V0): counter-clockwise triangles face their viewer, as in
// OpenGL. Returns how many triangles face away from `eye`; `culled` (one byte per triangle, sized
// by the caller) gets 1 for those, 0 for the rest. Degenerate triangles (zero normal) are kept:
// the angle is undefined and the chapter's test cannot reject them.
size_t CountBackfaces(std::span<const glm::vec3> positions, std::span<const uint32_t> indices,
                      const glm::vec3& eye, std::span<uint8_t> culled);

}  // namespace partlab
