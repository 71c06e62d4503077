// How the simulation view colours its bodies: by the BSP leaf that holds them,
// by whether they are in a broad-phase pair this step, or by speed. GL-free, so the mapping is
// unit-tested (tests/app/sim_colouring_test.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/broadphase/broad_phase.h"
#include "engine/debug_draw.h"
#include "engine/text/translatable.h"

namespace partlab {

class BspTree;

enum class BodyColourMode : int { kShape, kLeaf, kPair, kSpeed };
inline constexpr const char* kBodyColourModeNames[] = {N_("Shape"), N_("BSP leaf"), N_("In a pair"),
                                                       N_("Speed")};
inline constexpr int kBodyColourModeCount = 4;

// Leaf of each box id in a BSP: the leaf's node id, kStraddling when the box lies in several
// leaves (it straddles a plane), kAbsent when the tree does not hold it. `out` is resized to
// `id_count` and keeps its capacity between calls.
inline constexpr int32_t kAbsentFromTree = -1;
inline constexpr int32_t kStraddling = -2;
void MapBoxesToLeaves(const BspTree& tree, uint32_t id_count, std::vector<int32_t>& out);

// 1 for every id that appears in `pairs`, 0 otherwise (`out` resized to id_count, reused).
void MarkPairedBoxes(std::span<const BoxPair> pairs, uint32_t id_count, std::vector<uint8_t>& out);

// A distinct, stable colour per leaf: hues spaced by the golden angle, so neighbouring node ids
// (often sibling leaves) get far-apart hues. Straddling boxes are white; absent ones grey.
Color LeafColour(int32_t leaf);
// Blue (at rest) -> green -> yellow -> red (at `max_speed` and above).
Color SpeedColour(float speed, float max_speed);
// Paired boxes warm orange, the others a cool slate, so contacts stand out.
Color PairColour(bool in_pair);

}  // namespace partlab
