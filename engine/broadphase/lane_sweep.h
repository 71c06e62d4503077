// Box pruning's inner loop (box_pruning.h, after Terdiman), for the broad phases that sweep columns
// of boxes sorted by minimum X: GridBoxPruning (each cell's columns), KeptOrderBoxPruning (its one
// list) and CachedBoxPruning (its list of fat boxes and its renewed ones). BoxPruning keeps its own
// copy of the loop, the code its published figures in docs/results/ were measured with: moved here,
// the compiler made slightly different code of it, and those tables (hours of runs) would all have
// to be measured again.
#pragma once

#include <bit>
#include <cstddef>

#include "engine/broadphase/box_pruning.h"
#include "engine/broadphase/float_lanes.h"

namespace partlab {

// Columns of boxes sorted by minimum X, as structure-of-arrays, followed by sentinels whose minimum
// X is +infinity: enough of them for the widest lanes to read past the last row.
struct SweepColumns {
  const float *min_x, *max_x, *min_y, *max_y, *min_z, *max_z;
};

// Row `row` of `of` against the rows of `over` from `from` on, while they lie before `end` and
// start at or before its maximum X (sorted by minimum X: once one starts past it, every later one
// does): calls hit(j) for each row j whose box overlaps it (closed intervals; on X too, for the
// lanes past that point). Returns the lanes tested, those past the cut included.
//
// Always inlined, at every optimisation level: the AVX2 instance must become part of the caller's
// function compiled for AVX2, so that the 256-bit lanes never cross a call into code compiled
// without it. `hit` takes a row number, never lanes, so it may be a plain lambda.
template <typename Lanes, typename Hit>
[[gnu::always_inline]] inline size_t SweepFrom(const SweepColumns& of, size_t row,
                                               const SweepColumns& over, size_t from, size_t end,
                                               Hit&& hit) {
  constexpr size_t kLanes = Lanes::kWidth;
  const float cut = of.max_x[row];
  const Lanes max_x = Lanes::Splat(cut);
  const Lanes min_y = Lanes::Splat(of.min_y[row]), max_y = Lanes::Splat(of.max_y[row]);
  const Lanes min_z = Lanes::Splat(of.min_z[row]), max_z = Lanes::Splat(of.max_z[row]);
  size_t lanes = 0;
  // The j < end test costs one compare per group of lanes and keeps an infinite cut inside the
  // columns.
  for (size_t j = from; j < end && over.min_x[j] <= cut; j += kLanes) {
    const unsigned overlap =
        ((Lanes::Load(&over.min_x[j]) <= max_x) & (Lanes::Load(&over.min_y[j]) <= max_y) &
         (min_y <= Lanes::Load(&over.max_y[j])) & (Lanes::Load(&over.min_z[j]) <= max_z) &
         (min_z <= Lanes::Load(&over.max_z[j])))
            .Bits();
    lanes += kLanes;
    for (unsigned bits = overlap; bits != 0; bits &= bits - 1) hit(j + std::countr_zero(bits));
  }
  return lanes;
}

// Runs sweep.template operator()<Lanes>() with the lanes `path` names (box_pruning.h's SimdPath),
// the AVX2 ones inside a function compiled for AVX2. `sweep` must be a lambda always inlined,
// written `[&]<typename Lanes>() __attribute__((always_inline)) { ... }`: GCC ignores
// [[gnu::always_inline]] in that place, and a lambda left out of line is a function of its own,
// compiled without AVX2, to which GCC then passes the 256-bit lanes through calls with the wrong
// convention. The lane-width tests (grid_box_pruning_test.cpp) compare every width's pairs, so
// such a mistake fails them.
#if defined(PARTLAB_HAS_AVX2_LANES)
template <typename Sweep>
[[gnu::target("avx2")]] void WithAvx2Lanes(Sweep&& sweep) {
  sweep.template operator()<FloatLanes8>();
}
#endif

template <typename Sweep>
void WithLanes(SimdPath path, Sweep&& sweep) {
#if defined(PARTLAB_HAS_AVX2_LANES)
  if (path == SimdPath::kAvx2) return WithAvx2Lanes(sweep);
#endif
#if defined(PARTLAB_HAS_SSE2_LANES)
  if (path != SimdPath::kScalar) return sweep.template operator()<FloatLanes4>();
#endif
  sweep.template operator()<ScalarLanes4>();
}

}  // namespace partlab
