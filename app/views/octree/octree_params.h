// The octree view's parameters, each declared once (the build's own, the max depth and the
// placement, are the engine's rows: engine/octree/octree_param_table.h): the settings key
// (octree/settings.ini), the flag, the panel's label and range, and the tooltip citing the paper
// ("Octree de triângulos para consultas de raio", /work/shared/papers/octree-ray-triangle.txt). The
// settings file, the panel's sliders and the command line all read these rows
// (engine/params/param.h).
#pragma once

#include <limits>

#include "engine/octree/octree_param_table.h"
#include "engine/params/param.h"
#include "engine/text/translatable.h"

namespace partlab::octree_params {

constexpr int kAnyInt = std::numeric_limits<int>::max();

inline constexpr Param<int> kSoupTriangles{
    "octree.soup.triangles",
    "",
    N_("Triangles"),
    10000,
    {100, 2000000, N_("the paper's smallest soup"),
     N_("2 million triangles, beyond the paper's 10,000")},
    N_("triangles"),
    N_("N, the number of random triangles; the paper uses 100 to 10,000 (2.2 Fatores de estudo).")};

inline constexpr Param<int> kSoupSeed{
    "octree.soup.seed",
    "",
    N_("Seed"),
    1,
    {-kAnyInt, kAnyInt, "", ""},
    "",
    N_("Seed of the random soup (2.2 Fatores de estudo): the same seed gives the same triangles on "
       "every machine.")};

inline constexpr Param<int> kDepthShown{
    "octree.overlay.depth",
    "",
    N_("Depths <= k"),
    8,
    {1, 12, N_("the root is depth 1"), N_("the octree view's maximum")},
    N_("levels"),
    N_("Show only cells at depth k or shallower, to follow the subdivision level by level (1.2 "
       "Octree: the root is depth 1).")};

inline constexpr Param<int> kBatchSeed{
    "octree.batch.seed",
    "",
    N_("Seed##batch"),
    1,
    {-kAnyInt, kAnyInt, "", ""},
    "",
    N_("Seed of the rays: origins uniform in the scene's cube, directions uniform on the sphere, "
       "as "
       "the paper's random rays (2.1 Parâmetros da avaliação).")};

inline constexpr Param<int> kBruteRays{
    "octree.batch.brute_rays",
    "",
    N_("Brute-force rays"),
    10000,
    {100, 10000, N_("too few rays to time"), N_("the batch has 10,000 rays")},
    N_("rays"),
    N_("How many of the rays the brute force (the paper's basic algorithm, 1.1) also answers; "
       "speedups compare both on those rays. All 10,000 take minutes on a 200k-triangle model.")};

inline constexpr Param<int> kRaysDrawn{
    "octree.batch.rays_drawn",
    "",
    N_("##Rays drawn"),
    2000,
    {100, 10000, N_("the fewest rays drawn"), N_("the batch has 10,000 rays")},
    N_("rays"),
    N_("How many of the 10,000 rays (2.1 Parâmetros da avaliação) to draw.")};

// Index into {1/1, 1/2, 1/4, 1/8, 1/16} of the pixels traced per axis.
inline constexpr Param<int> kHeatmapFraction{
    "octree.heatmap.fraction_index",
    "",
    N_("Resolution"),
    3,
    {0, 4, N_("every pixel traced"), N_("one ray per 16x16 block")},
    "",
    N_("Rays per pixel side: 1/4 traces one ray per 4x4 block, a sixteenth of the pixels; each is "
       "a "
       "nearest-hit query of 1.2 Octree.")};

// Choices, stored by name; the order of the names is the order of the enums they select.
inline constexpr ChoiceParam kSource{
    "octree.source",
    "",
    N_("Scene"),
    0,
    {"model", "soup"},
    N_("Build over the loaded model's triangles (3.1 Resultados) or random ones (2.2 Fatores de "
       "estudo).")};
inline constexpr ChoiceParam kAffinity{
    "octree.soup.affinity",
    "",
    N_("Affinity"),
    2,
    {"low", "medium", "high"},
    N_("How close each triangle's vertices are: drawn in the whole cube (low), a 30-unit cube "
       "(medium) or a 5-unit cube (high) - 2.2 Fatores de estudo.")};
inline constexpr ChoiceParam kRayMode{
    "octree.ray.mode",
    "",
    N_("Ray"),
    0,
    {"camera", "fixed"},
    N_("Rays from the eye through the cursor, or from a fixed origin, R(t) = O + tD (1.1 Detecção "
       "de colisão).")};
inline constexpr ChoiceParam kHeatmapMetric{
    "octree.heatmap.metric",
    "",
    N_("Cost"),
    1,
    {"cells", "tests"},
    N_("Cells whose triangles were tested, or Möller-Trumbore tests run (1.1 Formato algorítmico): "
       "the paper's two measures of work.")};
inline constexpr ChoiceParam kHeatmapShown{
    "octree.heatmap.shown",
    "",
    N_("Traversal"),
    2,
    {"paper", "ordered", "split"},
    N_("Which traversal's cost to colour; split shows the paper's on the left half and the ordered "
       "one on the right, on one shared scale.")};

inline constexpr BoolParam kShowMesh{"octree.overlay.mesh", "", N_("Mesh"), true, ""};
inline constexpr BoolParam kShowCells{"octree.overlay.cells", "", N_("Cells"), true, ""};
inline constexpr BoolParam kCoarseInMotion{"octree.overlay.coarse_in_motion", "", "", true, ""};
inline constexpr BoolParam kHideEmpty{"octree.overlay.hide_empty", "", N_("Hide empty"), true, ""};
inline constexpr BoolParam kTintByDepth{"octree.overlay.tint_by_depth", "", "", false, ""};
inline constexpr BoolParam kDrawBatchRays{"octree.batch.draw_rays", "", N_("Draw rays"), true, ""};
inline constexpr BoolParam kHeatmapLog{"octree.heatmap.log", "", N_("Log scale"), false, ""};

}  // namespace partlab::octree_params
