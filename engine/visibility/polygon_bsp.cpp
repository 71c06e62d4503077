#include "engine/visibility/polygon_bsp.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <limits>

namespace partlab {

const char* SplitterHeuristicName(SplitterHeuristic h) {
  switch (h) {
    case SplitterHeuristic::kFirst:
      return "first";
    case SplitterHeuristic::kLeastSplits:
      return "least-splits";
    case SplitterHeuristic::kBestBalance:
      return "balance";
  }
  return "?";
}

namespace {

glm::dvec3 NewellNormal(std::span<const glm::vec3> v) {
  glm::dvec3 n(0.0);
  for (size_t i = 0; i < v.size(); ++i) {
    const glm::dvec3 a = v[i], b = v[(i + 1) % v.size()];
    n.x += (a.y - b.y) * (a.z + b.z);
    n.y += (a.z - b.z) * (a.x + b.x);
    n.z += (a.x - b.x) * (a.y + b.y);
  }
  return n;
}

// The chapter's convention "do que é frente e o que é atrás de um polígono": the side its normal
// points to is the front.
int SideOf(float distance, float epsilon) {
  return distance > epsilon ? 1 : (distance < -epsilon ? -1 : 0);
}

}  // namespace

Plane PolygonPlane(std::span<const glm::vec3> vertices) {
  const glm::vec3 n = glm::vec3(glm::normalize(NewellNormal(vertices)));
  glm::vec3 centroid(0.0f);
  for (const glm::vec3& p : vertices) centroid += p;
  centroid /= float(vertices.size());
  return {n, -glm::dot(n, centroid)};
}

double PolygonArea(std::span<const glm::vec3> vertices) {
  return 0.5 * glm::length(NewellNormal(vertices));
}

PlaneSide ClassifyPolygon(std::span<const glm::vec3> vertices, const Plane& plane, float epsilon) {
  bool front = false, back = false;
  for (const glm::vec3& p : vertices) {
    const int s = SideOf(plane.Distance(p), epsilon);
    front |= s > 0;
    back |= s < 0;
  }
  if (front && back) return PlaneSide::kStraddling;
  if (front) return PlaneSide::kFront;
  if (back) return PlaneSide::kBack;
  return PlaneSide::kOn;
}

// Walks the edges once (Sutherland–Hodgman against one plane, keeping both halves): vertices on
// the plane go to both pieces, and an edge from front to back gets its crossing point in both.
void SplitPolygon(std::span<const glm::vec3> vertices, const Plane& plane, float epsilon,
                  std::vector<glm::vec3>* front, std::vector<glm::vec3>* back) {
  front->clear();
  back->clear();
  const size_t n = vertices.size();
  for (size_t i = 0; i < n; ++i) {
    const glm::vec3& a = vertices[i];
    const glm::vec3& b = vertices[(i + 1) % n];
    const float da = plane.Distance(a), db = plane.Distance(b);
    const int sa = SideOf(da, epsilon), sb = SideOf(db, epsilon);
    if (sa >= 0) front->push_back(a);
    if (sa <= 0) back->push_back(a);
    if (sa * sb < 0) {  // a proper crossing: the cut "exatamente na linha de interseção"
      const glm::vec3 x = a + (b - a) * (da / (da - db));
      front->push_back(x);
      back->push_back(x);
    }
  }
}

PolygonBsp::PolygonBsp(std::span<const std::vector<glm::vec3>> input, SplitterHeuristic heuristic,
                       float epsilon)
    : heuristic_(heuristic), epsilon_(epsilon) {
  std::vector<uint32_t> list;
  for (size_t i = 0; i < input.size(); ++i) {
    if (input[i].size() < 3 || PolygonArea(input[i]) <= 0.0) continue;  // no plane to split by
    polygons_.push_back({input[i], uint32_t(i)});
    list.push_back(uint32_t(polygons_.size() - 1));
  }
  stats_.input_polygons = input.size();
  if (!list.empty()) Build(list, 1);
  stats_.polygons = polygons_.size();
}

// Every candidate is scored by what its plane would do to the others. O(n²) per level, which is
// nothing for a room of a few dozen walls; the candidates are capped for larger inputs.
size_t PolygonBsp::ChooseSplitter(const std::vector<uint32_t>& list) const {
  if (heuristic_ == SplitterHeuristic::kFirst) return 0;
  const size_t candidates = std::min<size_t>(list.size(), 64);
  size_t best = 0;
  long best_primary = std::numeric_limits<long>::max(), best_secondary = best_primary;
  for (size_t c = 0; c < candidates; ++c) {
    const Plane plane = PolygonPlane(polygons_[list[c]].vertices);
    long front = 0, back = 0, splits = 0;
    for (size_t k = 0; k < list.size(); ++k) {
      if (k == c) continue;
      switch (ClassifyPolygon(polygons_[list[k]].vertices, plane, epsilon_)) {
        case PlaneSide::kFront:
        case PlaneSide::kOn:
          ++front;
          break;
        case PlaneSide::kBack:
          ++back;
          break;
        case PlaneSide::kStraddling:
          ++splits, ++front, ++back;
          break;
      }
    }
    const long balance = std::labs(front - back);
    const long primary = heuristic_ == SplitterHeuristic::kLeastSplits ? splits : balance;
    const long secondary = heuristic_ == SplitterHeuristic::kLeastSplits ? balance : splits;
    if (primary < best_primary || (primary == best_primary && secondary < best_secondary)) {
      best = c, best_primary = primary, best_secondary = secondary;
    }
  }
  return best;
}

// Section 3.2.3.3: pick a splitter, send every other polygon to the half-space it lies in (cutting
// those in both), recurse on each half. Polygons in the splitter's own plane go to the front: they
// cannot hide one another, so any side keeps the order correct.
int32_t PolygonBsp::Build(std::vector<uint32_t>& list, int depth) {
  stats_.depth = std::max(stats_.depth, depth);
  const size_t pick = ChooseSplitter(list);
  const uint32_t splitter = list[pick];
  const Plane plane = PolygonPlane(polygons_[splitter].vertices);
  const int32_t index = int32_t(nodes_.size());
  nodes_.push_back({plane, splitter, -1, -1});

  std::vector<uint32_t> front_list, back_list;
  std::vector<glm::vec3> front_piece, back_piece;
  for (size_t k = 0; k < list.size(); ++k) {
    if (k == pick) continue;
    const uint32_t p = list[k];
    switch (ClassifyPolygon(polygons_[p].vertices, plane, epsilon_)) {
      case PlaneSide::kFront:
      case PlaneSide::kOn:
        front_list.push_back(p);
        break;
      case PlaneSide::kBack:
        back_list.push_back(p);
        break;
      case PlaneSide::kStraddling: {
        SplitPolygon(polygons_[p].vertices, plane, epsilon_, &front_piece, &back_piece);
        ++stats_.splits;
        const uint32_t source = polygons_[p].source;
        polygons_[p].vertices = front_piece;  // the front piece keeps the slot
        front_list.push_back(p);
        polygons_.push_back({back_piece, source});
        back_list.push_back(uint32_t(polygons_.size() - 1));
        break;
      }
    }
  }
  list.clear();
  list.shrink_to_fit();
  if (!front_list.empty()) {
    const int32_t child = Build(front_list, depth + 1);
    nodes_[index].front = child;
  }
  if (!back_list.empty()) {
    const int32_t child = Build(back_list, depth + 1);
    nodes_[index].back = child;
  }
  return index;
}

void PolygonBsp::BackToFront(const glm::vec3& eye, std::vector<uint32_t>* order) const {
  order->clear();
  if (!nodes_.empty()) Draw(0, eye, order);
}

// Desenha_BSP (section 3.2.3.3, first listing): "primeiro determina-se de qual lado o observador
// O se encontra em relação ao plano do nó raiz", then the opposite half-space, the node's own
// polygon, and the observer's half-space. An observer on the plane sees the polygon edge-on:
// either order is right, the front one is used.
void PolygonBsp::Draw(int32_t index, const glm::vec3& eye, std::vector<uint32_t>* order) const {
  if (index < 0) return;
  const PolygonBspNode& node = nodes_[index];
  const bool eye_in_front = node.plane.Distance(eye) >= 0.0f;
  Draw(eye_in_front ? node.back : node.front, eye, order);
  order->push_back(node.polygon);
  Draw(eye_in_front ? node.front : node.back, eye, order);
}

void PolygonBsp::BackToFrontCulled(const glm::vec3& eye, const Frustum& frustum,
                                   std::vector<uint32_t>* order, BspCullStats* stats,
                                   std::vector<uint8_t>* culled_node) const {
  order->clear();
  *stats = {};
  if (culled_node) culled_node->assign(nodes_.size(), 0);
  if (!nodes_.empty()) DrawCulled(0, eye, frustum, order, stats, culled_node);
  stats->polygons_drawn = order->size();
}

// The chapter's second listing: "Caso não haja interseção dos planos do view frustum com o
// polígono do nó raiz [...] todo o subespaço oposto ao observador pode ser desprezado". Two
// corrections to the printed pseudocode, both needed for a right picture:
//  - the test is against the splitter's (infinite) plane, not its polygon: geometry beyond the
//    plane but beside a small polygon is still visible; the plane is reached when some frustum
//    corner lies on the far side of it;
//  - the order stays far side, splitter, near side (the listing prints the near side first and
//    the splitter last, which would paint the far side over it). The splitter lies on its plane,
//    so it is skipped together with the far side, as the chapter does with polygon 1 of fig. 3.4.
void PolygonBsp::DrawCulled(int32_t index, const glm::vec3& eye, const Frustum& frustum,
                            std::vector<uint32_t>* order, BspCullStats* stats,
                            std::vector<uint8_t>* culled_node) const {
  if (index < 0) return;
  const PolygonBspNode& node = nodes_[index];
  const bool eye_in_front = node.plane.Distance(eye) >= 0.0f;
  bool reaches_far_side = false;
  for (const glm::vec3& c : frustum.corners()) {
    const float d = node.plane.Distance(c);
    if (eye_in_front ? d <= 0.0f : d >= 0.0f) reaches_far_side = true;
  }
  if (reaches_far_side) {
    DrawCulled(eye_in_front ? node.back : node.front, eye, frustum, order, stats, culled_node);
    order->push_back(node.polygon);
  } else {
    ++stats->subtrees_culled;
    if (culled_node) (*culled_node)[size_t(index)] = 1;
  }
  DrawCulled(eye_in_front ? node.front : node.back, eye, frustum, order, stats, culled_node);
}

}  // namespace partlab
