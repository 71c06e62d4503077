#include "engine/visibility/pvs_build.h"

#include <chrono>
#include <utility>

namespace partlab {

void PvsBuild::Start(size_t cells, size_t total_units) {
  table_.cells_ = cells;
  table_.words_ = (cells + 63) / 64;
  table_.bits_.assign(cells * table_.words_, 0);
  for (size_t c = 0; c < cells; ++c) table_.Set(c, c);  // a convex cell sees all of itself
  total_units_ = total_units;
  done_units_ = 0;
}

bool PvsBuild::AdvanceFor(double seconds) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto budget = std::chrono::duration<double>(seconds);
  while (!cancelled_ && !done()) {
    if (Step()) ++done_units_;
    if (Clock::now() - start >= budget) break;
  }
  table_.seconds_ += std::chrono::duration<double>(Clock::now() - start).count();
  return done();
}

void PvsBuild::RunToEnd() {
  while (!cancelled_ && !done()) AdvanceFor(1e9);
}

PotentiallyVisibleSet PvsBuild::Take() {
  if (!done()) return {};
  return std::move(table_);
}

}  // namespace partlab
