#include "engine/broadphase/broad_phase_registry.h"

#include "engine/text/translatable.h"

#include <deque>

#include "engine/broadphase/auto_broad_phase.h"
#include "engine/broadphase/box_pruning.h"
#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/loose_octree.h"
#include "engine/broadphase/one_cell_hash.h"
#include "engine/broadphase/quadtree.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/broadphase/spatial_hash.h"
#include "engine/broadphase/sweep_and_prune.h"
#if PARTLAB_HAVE_ODE
#include "engine/broadphase/adapters/ode_broad_phase.h"
#endif
#if PARTLAB_HAVE_BULLET
#include "engine/broadphase/adapters/bullet_broad_phase.h"
#endif

namespace partlab {
namespace {

struct Entry {
  std::string_view name;
  std::string_view description;
  std::unique_ptr<BroadPhase> (*make)();
};

template <class T, auto... args>
std::unique_ptr<BroadPhase> Make() {
  return std::make_unique<T>(args...);
}

std::unique_ptr<BroadPhase> MakeSabspThesis() {
  return std::make_unique<SemiAdjustingBsp>(BspParams::Thesis(), "sabsp_thesis");
}

std::unique_ptr<BroadPhase> MakeQuadtreeLevel11() {
  return std::make_unique<Quadtree>(QuadtreeParams{.depth = 11}, "quadtree_l11");
}

std::unique_ptr<BroadPhase> MakeSap2() {
  return std::make_unique<SweepAndPrune>(SweepAndPruneParams{.two_axes = true});
}

const Entry kEntries[] = {
    {"brute", N_("Brute force: every pair tested; the reference, O(n^2)"), &Make<BruteForce>},
    {"sabsp",
     N_("Semi-adjusting BSP, our profile: the thesis's tree with our departures (fat boxes...)"),
     &Make<SemiAdjustingBsp>},
    {"sabsp_thesis",
     N_("Semi-adjusting BSP exactly as the thesis describes it (chapters 3-6; docs/bsp.md)"),
     &MakeSabspThesis},
    {"sap", N_("Sweep-and-prune, 3 axes: insertion-sorted endpoints, pairs kept across steps"),
     &Make<SweepAndPrune>},
    {"sap2", N_("Sweep-and-prune on X and Z only, as the thesis for Y-aligned scenes (6.1)"),
     &MakeSap2},
    {"hash", N_("Multi-level spatial hash (Mirtich 1997), rebuilt every step: the thesis's SH"),
     &Make<SpatialHash>},
    {"quadtree", N_("Complete static quadtree on the XZ plane, one node per box: the thesis's QT"),
     &Make<Quadtree>},
    {"box_pruning",
     N_("Box pruning (Terdiman 2017): radix sort on X and a SIMD sweep, from scratch every step"),
     &Make<BoxPruning>},
    {"quadtree_l11",
     N_("Complete static quadtree on XZ at level 11, the depth the thesis's QT needed (6.1)"),
     &MakeQuadtreeLevel11},
    {"hash_1cell",
     N_("Multi-level hash with each box in exactly one cell, as the thesis's 2.4 describes it"),
     &Make<OneCellHash>},
    {"loose_octree",
     N_("Loose octree (Thatcher 2000), looseness k = 2 by default; the thesis's LO had it reduced "
        "(6.1)"),
     &Make<LooseOctree>},
    {"auto",
     N_("Chooses among box_pruning, sabsp and sap while it runs, by timing them on the same "
        "frames now and then (auto_broad_phase.h); the pairs are the chosen one's"),
     &Make<AutoBroadPhase>},
#if PARTLAB_HAVE_ODE
    {"ode_hash", N_("ODE dHashSpace: ODE's multi-resolution hash space (the thesis's SH)"),
     &MakeOdeHashSpace},
    {"ode_quadtree", N_("ODE dQuadTreeSpace: ODE's quadtree space (the thesis's QT)"),
     &MakeOdeQuadTreeSpace},
    {"ode_quadtree_l11",
     N_("ODE dQuadTreeSpace at level 11 on the XZ plane: the thesis's QT as configured (6.1)"),
     &MakeOdeQuadTreeSpaceLevel11},
    {"ode_sap", N_("ODE dSweepAndPruneSpace: ODE's sort-based space"), &MakeOdeSapSpace},
#endif
#if PARTLAB_HAVE_BULLET
    {"bullet_dbvt", N_("Bullet btDbvtBroadphase: two dynamic AABB trees, the usual Bullet default"),
     &MakeBulletDbvt},
    {"bullet_axis3", N_("Bullet bt32BitAxisSweep3: quantized incremental 3-axis sweep-and-prune"),
     &MakeBulletAxisSweep},
#endif
};

const Entry* Find(std::string_view name) {
  for (const Entry& e : kEntries)
    if (e.name == name) return &e;
  return nullptr;
}

// Broad phases registered at run time (plugins). A deque: the names' storage never moves, so the
// string_views BroadPhaseNames hands out stay valid.
struct RuntimeEntry {
  std::string name, description;
  BroadPhaseFactory make;
};
std::deque<RuntimeEntry>& RuntimeEntries() {
  static std::deque<RuntimeEntry> entries;
  return entries;
}
const RuntimeEntry* FindRuntime(std::string_view name) {
  for (const RuntimeEntry& e : RuntimeEntries())
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace

std::unique_ptr<BroadPhase> MakeBroadPhase(std::string_view name) {
  if (const Entry* e = Find(name)) return e->make();
  const RuntimeEntry* r = FindRuntime(name);
  return r ? r->make() : nullptr;
}

std::string RegisterBroadPhase(std::string name, std::string description, BroadPhaseFactory make) {
  if (name.empty()) return LookUpText(N_("empty broad-phase name"));
  if (Find(name) || FindRuntime(name))
    return FormatText(N_("broad-phase name '%s' is already taken"), name.c_str());
  RuntimeEntries().push_back({std::move(name), std::move(description), std::move(make)});
  return "";
}

bool IsRealEngineAdapter(std::string_view name) {
  return name.starts_with("bullet_") || name.starts_with("ode_");
}

std::vector<std::string_view> BroadPhaseNames() {
  std::vector<std::string_view> names;
  for (const Entry& e : kEntries) names.push_back(e.name);
  for (const RuntimeEntry& e : RuntimeEntries()) names.push_back(e.name);
  return names;
}

std::string_view BroadPhaseDescription(std::string_view name) {
  if (const Entry* e = Find(name)) return e->description;
  const RuntimeEntry* r = FindRuntime(name);
  return r ? std::string_view(r->description) : std::string_view();
}

}  // namespace partlab
