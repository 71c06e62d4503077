#include "engine/dynamics/lemke.h"

#include <algorithm>
#include <cmath>

#include "engine/text/translatable.h"

namespace partlab::dynamics {
namespace {
// Entries of the entering column smaller than this fraction of its largest are round-off of zero:
// pivoting on them would amplify the round-off into the forces (a box on the floor is a singular,
// rank-3 problem with four contacts, where such near-zeros appear).
constexpr double kPivotTolerance = 1e-9;
}  // namespace

std::string_view LcpStatusName(LcpStatus s) {
  switch (s) {
    case LcpStatus::kSolved:
      return N_("solved");
    case LcpStatus::kRayTermination:
      return N_("ray termination");
    case LcpStatus::kPivotLimit:
      return N_("pivot limit (cycling)");
    case LcpStatus::kNotFinite:
      return N_("not finite");
  }
  return "?";
}

void LemkeSolver::Pivot(int row, int col) {
  double* r = &t_[size_t(row) * cols_];
  const double inv = 1.0 / r[col];
  for (int j = 0; j < cols_; ++j) r[j] *= inv;
  for (int i = 0; i < n_; ++i) {
    if (i == row) continue;
    double* other = &t_[size_t(i) * cols_];
    const double f = other[col];
    if (f == 0.0) continue;
    for (int j = 0; j < cols_; ++j) other[j] -= f * r[j];
  }
}

// The leaving row for entering column `col`: least rhs/entry over positive entries; ties broken
// lexicographically on the rows of the basis inverse (the w columns) divided by the entry, which
// makes every basis visited distinct, so the method cannot cycle. z0 leaves first when tied (done).
int LemkeSolver::RatioTest(int col) const {
  const int rhs = cols_ - 1, z0 = 2 * n_;
  int best = -1;
  auto at = [&](int i, int j) { return t_[size_t(i) * cols_ + j]; };
  double largest = 0;
  for (int i = 0; i < n_; ++i) largest = std::max(largest, std::abs(at(i, col)));
  const double tolerance = kPivotTolerance * largest;
  for (int i = 0; i < n_; ++i) {
    const double a = at(i, col);
    if (a <= tolerance) continue;
    if (best < 0) {
      best = i;
      continue;
    }
    const double b = at(best, col);
    const double ri = at(i, rhs) / a, rb = at(best, rhs) / b;
    const double scale = 1e-12 * std::max({1.0, std::abs(ri), std::abs(rb)});
    if (ri < rb - scale) {
      best = i;
    } else if (std::abs(ri - rb) <= scale) {
      if (basis_[i] == z0) {
        best = i;
        continue;
      }
      if (basis_[best] == z0) continue;
      for (int k = 0; k < n_; ++k) {  // lexicographic on B⁻¹'s rows
        const double li = at(i, k) / a, lb = at(best, k) / b;
        if (li < lb - 1e-14) {
          best = i;
          break;
        }
        if (li > lb + 1e-14) break;
      }
    }
  }
  return best;
}

LcpResult LemkeSolver::Solve(int n, std::span<const double> M, std::span<const double> q,
                             std::span<double> z, int max_pivots) {
  LcpResult result;
  std::fill(z.begin(), z.begin() + n, 0.0);
  for (int i = 0; i < n; ++i)
    if (!std::isfinite(q[i])) return {LcpStatus::kNotFinite, 0};
  for (int i = 0; i < n * n; ++i)
    if (!std::isfinite(M[i])) return {LcpStatus::kNotFinite, 0};
  // q ≥ 0: z = 0 already satisfies everything (nothing presses the bodies together).
  const int r0 = int(std::min_element(q.begin(), q.begin() + n) - q.begin());
  if (n == 0 || q[r0] >= 0) return result;

  n_ = n;
  cols_ = 2 * n + 2;
  t_.assign(size_t(n) * cols_, 0.0);
  basis_.resize(n);
  for (int i = 0; i < n; ++i) {
    double* row = &t_[size_t(i) * cols_];
    row[i] = 1.0;  // w
    for (int j = 0; j < n; ++j) row[n + j] = -M[size_t(i) * n + j];
    row[2 * n] = -1.0;  // z0 with the covering vector e = 1
    row[2 * n + 1] = q[i];
    basis_[i] = i;
  }
  if (max_pivots < 0) max_pivots = 50 * n + 100;
  // z0 enters where q is most negative: every rhs becomes ≥ 0.
  Pivot(r0, 2 * n);
  int leaving = basis_[r0];
  basis_[r0] = 2 * n;
  result.pivots = 1;
  while (true) {
    const int entering = leaving < n ? leaving + n : leaving - n;  // complement of who left
    const int row = RatioTest(entering);
    if (row < 0) return {LcpStatus::kRayTermination, result.pivots};
    if (result.pivots >= max_pivots) return {LcpStatus::kPivotLimit, result.pivots};
    Pivot(row, entering);
    ++result.pivots;
    leaving = basis_[row];
    basis_[row] = entering;
    if (leaving == 2 * n) break;  // z0 left the basis: a complementary solution
  }
  for (int i = 0; i < n; ++i) {
    const int v = basis_[i];
    if (v >= n && v < 2 * n) z[v - n] = std::max(0.0, t_[size_t(i) * cols_ + cols_ - 1]);
  }
  for (int i = 0; i < n; ++i)
    if (!std::isfinite(z[i])) {
      std::fill(z.begin(), z.begin() + n, 0.0);
      return {LcpStatus::kNotFinite, result.pivots};
    }
  return result;
}

}  // namespace partlab::dynamics
