#include "app/views/simulation/sim_colouring.h"

#include <algorithm>
#include <cmath>

#include "engine/broadphase/sabsp/bsp_tree.h"

namespace partlab {

namespace {

// HSV to RGB (hue in [0, 1)), for the leaf palette.
Color Hue(float h, float s, float v) {
  const float x = h * 6.0f;
  const float r = std::clamp(std::fabs(x - 3.0f) - 1.0f, 0.0f, 1.0f);
  const float g = std::clamp(2.0f - std::fabs(x - 2.0f), 0.0f, 1.0f);
  const float b = std::clamp(2.0f - std::fabs(x - 4.0f), 0.0f, 1.0f);
  auto mix = [&](float c) { return v * (1.0f - s + s * c); };
  return {mix(r), mix(g), mix(b), 1.0f};
}

}  // namespace

void MapBoxesToLeaves(const BspTree& tree, uint32_t id_count, std::vector<int32_t>& out) {
  out.assign(id_count, kAbsentFromTree);
  const std::span<const BspNode> nodes = tree.nodes();
  for (size_t n = 0; n < nodes.size(); ++n) {
    if (!nodes[n].alive || !nodes[n].IsLeaf()) continue;
    for (const LeafEntry& e : tree.leaf(NodeId(n))) {
      if (e.id >= id_count) continue;
      out[e.id] = out[e.id] == kAbsentFromTree ? int32_t(n) : kStraddling;
    }
  }
}

void MarkPairedBoxes(std::span<const BoxPair> pairs, uint32_t id_count, std::vector<uint8_t>& out) {
  out.assign(id_count, 0);
  for (const BoxPair& p : pairs) {
    if (p.a < id_count) out[p.a] = 1;
    if (p.b < id_count) out[p.b] = 1;
  }
}

Color LeafColour(int32_t leaf) {
  if (leaf == kStraddling) return {0.96f, 0.96f, 0.96f, 1.0f};
  if (leaf < 0) return {0.45f, 0.45f, 0.48f, 1.0f};
  constexpr float kGoldenRatioConjugate = 0.61803398875f;
  const float h = std::fmod(0.13f + float(leaf) * kGoldenRatioConjugate, 1.0f);
  const float s = (leaf % 3 == 0) ? 0.55f : 0.70f;  // a little variety beyond hue
  return Hue(h, s, 0.92f);
}

Color SpeedColour(float speed, float max_speed) {
  const float t = max_speed > 0.0f ? std::clamp(speed / max_speed, 0.0f, 1.0f) : 0.0f;
  static const Color kStops[] = {{0.20f, 0.35f, 0.85f, 1.0f},
                                 {0.20f, 0.80f, 0.45f, 1.0f},
                                 {0.95f, 0.85f, 0.20f, 1.0f},
                                 {0.95f, 0.25f, 0.20f, 1.0f}};
  const float x = t * 3.0f;
  const int i = std::min(int(x), 2);
  const float f = x - float(i);
  return kStops[i] * (1.0f - f) + kStops[i + 1] * f;
}

Color PairColour(bool in_pair) {
  return in_pair ? Color{0.98f, 0.55f, 0.18f, 1.0f} : Color{0.42f, 0.50f, 0.62f, 1.0f};
}

}  // namespace partlab
