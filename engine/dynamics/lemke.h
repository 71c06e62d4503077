// A linear complementarity problem (LCP) solver by Lemke's method, the one the chapter names for
// resting contact (3.3.2.2, after 3.67, citing Eberly 2004): find z with
//     w = M z + q,   w ≥ 0,   z ≥ 0,   wᵀ z = 0.
// For contacts, z is λr (the resting forces), w is d̈ (the relative accelerations), M is A and q is
// b.
//
// Complementary pivoting on a dense tableau, with an artificial variable z0 and covering vector e,
// and the lexicographic ratio test so that degenerate problems (four equal corners of a box on the
// floor) cannot cycle. Lemke's method can still end on a ray (no solution it can reach: M not
// copositive-plus, or the problem infeasible) and the pivots are capped; both are reported, and the
// caller falls back to impulses with a note. Never hangs, never writes a NaN into z.
#pragma once

#include <span>
#include <string_view>
#include <vector>

namespace partlab::dynamics {

enum class LcpStatus { kSolved, kRayTermination, kPivotLimit, kNotFinite };
std::string_view LcpStatusName(LcpStatus s);

struct LcpResult {
  LcpStatus status = LcpStatus::kSolved;
  int pivots = 0;
};

class LemkeSolver {
 public:
  // M is n×n, row-major. On kSolved, z holds the solution; otherwise z is all zeros. The default
  // pivot cap is far above what a non-cycling run needs (at most a few n in practice).
  LcpResult Solve(int n, std::span<const double> M, std::span<const double> q, std::span<double> z,
                  int max_pivots = -1);

 private:
  void Pivot(int row, int col);
  int RatioTest(int col) const;

  int n_ = 0, cols_ = 0;
  std::vector<double> t_;   // tableau rows: [w (n) | z (n) | z0 | rhs]
  std::vector<int> basis_;  // basic variable of each row
};

}  // namespace partlab::dynamics
