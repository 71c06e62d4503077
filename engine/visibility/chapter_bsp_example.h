// The chapter's worked BSP example (section 3.2.3.3, figures 3.3 and 3.4) as a preset of the
// polygon BSP. The figures are not in the text, so the layout below is built to satisfy every
// sentence about them (top view, x right, z up the page; "right" of a wall is its front, the side
// its normal points to; walls 2.5 high):
//  - "Escolhe-se arbitrariamente o polígono 1 para ser raiz": 1 comes first and the splitter is
//    always the first polygon of the list (SplitterHeuristic::kFirst);
//  - "Os polígonos 2, 3 e 4 estão do seu lado esquerdo e os polígonos 5, 6, 7, 8 e 9 do seu lado
//    direito": 1 is x = 0 facing +x, 2-4 at x < 0, the rest at x > 0;
//  - "polígono 2, que terá como nós filhos 4, que está à sua esquerda e 3 que está à sua direita";
//  - "o plano que contém 5 intercepta um polígono, que será então dividido em dois: 8 e 6. Assim, 6
//    estará à direita de 5": one wall at z = 6 crosses 5's plane x = 8;
//  - "o polígono 7 como raiz. Este terá 8 à sua direita e 9 à sua esquerda";
//  - the observer O right of 1, left of 2, left of 5 and left of 7, which gives the book's order
//    3, 2, 4, 1, 6, 5, 8, 7, 9;
//  - figure 3.4's frustum: O looks along +x, so 1's plane misses it (1-4 culled), 9 stands behind
//    O (culled), and 7 stands between O and 5, hiding it, yet 5 is drawn: "a árvore BSP não
//    fornece a solução ótima".
#pragma once

#include <array>
#include <cstdint>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <vector>

#include "engine/visibility/polygon_bsp.h"

namespace partlab {

struct ChapterBspExample {
  // Input order 1, 2, 3, 4, 5, 7, 9, then the wall that 5's plane cuts into 6 and 8.
  std::vector<std::vector<glm::vec3>> walls;
  glm::vec3 observer{0.0f}, look_at{0.0f};
  float fov_y = 0.0f, aspect = 1.0f, near_plane = 0.1f, far_plane = 10.0f;

  glm::mat4 ViewProjection() const;
};

ChapterBspExample MakeChapterBspExample();

// The book's number (1-9) of a polygon of the BSP built from `example.walls`.
int ChapterBookNumber(const ChapterBspExample& example, const PolygonBsp& bsp, uint32_t polygon);

}  // namespace partlab
