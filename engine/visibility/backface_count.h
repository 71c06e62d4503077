// Backface culling in the application stage, as section 3.2.3.1 describes it: "cria-se um vetor
// dado pela direção de um ponto qualquer pertencente ao polígono (por exemplo, um dos vértices) à
// posição do observador. Se o ângulo formado entre este vetor e a normal do polígono for maior do
// que 90°, então este polígono simplesmente é ignorado". An angle above 90° is a negative dot
// product, so no acos is needed.
#pragma once

#include <cstdint>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <span>

namespace partlab {

// The face normal is (V1 - V0) x (V2 - V0): counter-clockwise triangles face their viewer, as in
// OpenGL. Returns how many triangles face away from `eye`; `culled` (one byte per triangle, sized
// by the caller) gets 1 for those, 0 for the rest. Degenerate triangles (zero normal) are kept:
// the angle is undefined and the chapter's test cannot reject them.
size_t CountBackfaces(std::span<const glm::vec3> positions, std::span<const uint32_t> indices,
                      const glm::vec3& eye, std::span<uint8_t> culled);

// The geometry-stage variant (section 3.2.3.1): "ao realizar a projeção dos polígonos com a
// matriz de projeção de câmera, a normal dos polígonos possuirá apenas duas direções possíveis
// [...] realizar o culling neste caso corresponderá apenas a um teste de sinal". The sign is that
// of the projected triangle's area (the z of its projected normal); it is taken in homogeneous
// form, det[x y w] of the three clip-space vertices, which equals w0 w1 w2 times the screen area
// and so stays right for triangles that reach behind the eye (where the divide would flip it).
size_t CountBackfacesProjected(std::span<const glm::vec3> positions,
                               std::span<const uint32_t> indices, const glm::mat4& view_projection,
                               std::span<uint8_t> culled);

}  // namespace partlab
