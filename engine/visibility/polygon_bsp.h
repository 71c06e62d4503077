// The polygon-aligned BSP tree of section 3.2.3.3: "O algoritmo inicia-se escolhendo um polígono
// que será o nó raiz [...] O plano onde se encontra o polígono dividirá o espaço em duas partes",
// recursively, "até que todos os polígonos estejam presentes na árvore"; a polygon present in both
// half-spaces "deverá ser quebrado em duas partes, com a quebra exatamente na linha de interseção
// do mesmo com o plano divisor". Drawn back to front for an observer (the chapter's Desenha_BSP),
// which lets the painter's algorithm replace the Z-buffer, and with the frustum culling of the
// chapter's second listing.
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

#include "engine/visibility/frustum.h"

namespace partlab {

// "As melhores árvores [...] deverão ser esparsas": how the next splitter is chosen.
enum class SplitterHeuristic : uint8_t {
  kFirst,        // the first polygon of the list (the chapter's example picks arbitrarily)
  kLeastSplits,  // the one whose plane cuts the fewest others (fewest new polygons); ties: balance
  kBestBalance,  // the one with the most even front/back counts (shallowest tree); ties: splits
};
inline constexpr int kSplitterHeuristicCount = 3;
const char* SplitterHeuristicName(SplitterHeuristic h);  // "first" / "least-splits" / "balance"

struct BspPolygon {
  std::vector<glm::vec3> vertices;  // convex, planar, counter-clockwise seen from the front
  uint32_t source = 0;              // index of the input polygon this one is (a piece of)
};

// Newell's normal (unit) and the plane through the polygon, front = the side the normal points to.
Plane PolygonPlane(std::span<const glm::vec3> vertices);
double PolygonArea(std::span<const glm::vec3> vertices);

enum class PlaneSide : uint8_t { kFront, kBack, kOn, kStraddling };
// Where a polygon lies with respect to a plane; vertices within `epsilon` of it count as on it.
PlaneSide ClassifyPolygon(std::span<const glm::vec3> vertices, const Plane& plane, float epsilon);
// Cuts a straddling convex polygon along the plane into its front and back pieces.
void SplitPolygon(std::span<const glm::vec3> vertices, const Plane& plane, float epsilon,
                  std::vector<glm::vec3>* front, std::vector<glm::vec3>* back);

struct PolygonBspNode {
  Plane plane;           // of the splitter polygon
  uint32_t polygon = 0;  // index into PolygonBsp::polygons()
  int32_t front = -1;    // child nodes; -1 = empty half-space
  int32_t back = -1;
};

struct BspBuildStats {
  size_t input_polygons = 0;
  size_t polygons = 0;  // after splitting
  size_t splits = 0;    // polygons cut in two
  int depth = 0;        // root = 1
};

// Counts gathered by the culled traversal.
struct BspCullStats {
  size_t subtrees_culled = 0;  // far half-spaces skipped because the frustum does not reach them
  size_t polygons_drawn = 0;
};

class PolygonBsp {
 public:
  PolygonBsp() = default;
  PolygonBsp(std::span<const std::vector<glm::vec3>> polygons, SplitterHeuristic heuristic,
             float epsilon = 1e-4f);

  std::span<const BspPolygon> polygons() const { return polygons_; }
  std::span<const PolygonBspNode> nodes() const { return nodes_; }
  int root() const { return nodes_.empty() ? -1 : 0; }
  const BspBuildStats& stats() const { return stats_; }
  float epsilon() const { return epsilon_; }

  // The chapter's first Desenha_BSP: far side of the splitter, the splitter, then the observer's
  // side. Appends polygon indices to `order` (cleared first), farthest first.
  void BackToFront(const glm::vec3& eye, std::vector<uint32_t>* order) const;
  // The chapter's second listing: the far half-space (and the splitter, which lies on the plane)
  // is skipped when the frustum does not reach across the splitting plane. `culled_node`
  // (optional, one byte per node) gets 1 for every node whose far side was skipped.
  void BackToFrontCulled(const glm::vec3& eye, const Frustum& frustum, std::vector<uint32_t>* order,
                         BspCullStats* stats, std::vector<uint8_t>* culled_node = nullptr) const;

 private:
  int32_t Build(std::vector<uint32_t>& list, int depth);
  size_t ChooseSplitter(const std::vector<uint32_t>& list) const;
  void Draw(int32_t node, const glm::vec3& eye, std::vector<uint32_t>* order) const;
  void DrawCulled(int32_t node, const glm::vec3& eye, const Frustum& frustum,
                  std::vector<uint32_t>* order, BspCullStats* stats,
                  std::vector<uint8_t>* culled_node) const;

  std::vector<BspPolygon> polygons_;
  std::vector<PolygonBspNode> nodes_;
  BspBuildStats stats_;
  SplitterHeuristic heuristic_ = SplitterHeuristic::kFirst;
  float epsilon_ = 1e-4f;
};

}  // namespace partlab
