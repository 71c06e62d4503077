// Lemke's method against brute force: on small random LCPs every complementary basis (2^n of them)
// is tried directly, by solving its linear system; Lemke's answer must be one of the complementary
// solutions, and the only one when M is positive definite.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "engine/dynamics/lemke.h"

namespace partlab::dynamics {
namespace {

// Solves the k×k system S x = y by Gaussian elimination with partial pivoting; false if singular.
bool SolveDense(std::vector<double> S, std::vector<double> y, int k, std::vector<double>& x) {
  for (int c = 0; c < k; ++c) {
    int p = c;
    for (int r = c + 1; r < k; ++r)
      if (std::abs(S[r * k + c]) > std::abs(S[p * k + c])) p = r;
    if (std::abs(S[p * k + c]) < 1e-12) return false;
    for (int j = 0; j < k; ++j) std::swap(S[c * k + j], S[p * k + j]);
    std::swap(y[c], y[p]);
    for (int r = c + 1; r < k; ++r) {
      const double f = S[r * k + c] / S[c * k + c];
      for (int j = c; j < k; ++j) S[r * k + j] -= f * S[c * k + j];
      y[r] -= f * y[c];
    }
  }
  x.assign(k, 0);
  for (int r = k - 1; r >= 0; --r) {
    double s = y[r];
    for (int j = r + 1; j < k; ++j) s -= S[r * k + j] * x[j];
    x[r] = s / S[r * k + r];
  }
  return true;
}

// Every solution found by enumerating the supports of z: z_S = −M_SS⁻¹ q_S, z elsewhere 0, kept
// when z ≥ 0 and w = Mz + q ≥ 0.
std::vector<std::vector<double>> BruteForce(int n, const std::vector<double>& M,
                                            const std::vector<double>& q) {
  std::vector<std::vector<double>> solutions;
  for (unsigned mask = 0; mask < (1u << n); ++mask) {
    std::vector<int> S;
    for (int i = 0; i < n; ++i)
      if (mask & (1u << i)) S.push_back(i);
    const int k = int(S.size());
    std::vector<double> Mss(k * k), y(k), x;
    for (int a = 0; a < k; ++a) {
      y[a] = -q[S[a]];
      for (int b = 0; b < k; ++b) Mss[a * k + b] = M[S[a] * n + S[b]];
    }
    if (k > 0 && !SolveDense(Mss, y, k, x)) continue;
    std::vector<double> z(n, 0.0);
    bool ok = true;
    for (int a = 0; a < k; ++a) {
      z[S[a]] = x[a];
      ok &= x[a] >= -1e-9;
    }
    for (int i = 0; i < n && ok; ++i) {
      double w = q[i];
      for (int j = 0; j < n; ++j) w += M[i * n + j] * z[j];
      ok &= w >= -1e-9;
    }
    if (ok) solutions.push_back(z);
  }
  return solutions;
}

TEST(Lemke, MatchesBruteForceOnRandomPositiveDefiniteProblems) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  LemkeSolver solver;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 1 + trial % 6;
    // M = BᵀB + 0.1 I is positive definite: the LCP has exactly one solution.
    std::vector<double> B(n * n), M(n * n, 0.0), q(n), z(n);
    for (double& b : B) b = u(rng);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        for (int k = 0; k < n; ++k) M[i * n + j] += B[k * n + i] * B[k * n + j];
        if (i == j) M[i * n + j] += 0.1;
      }
    for (double& v : q) v = 3 * u(rng);
    const LcpResult r = solver.Solve(n, M, q, z);
    ASSERT_EQ(r.status, LcpStatus::kSolved) << trial;
    const auto all = BruteForce(n, M, q);
    ASSERT_EQ(all.size(), 1u) << trial;
    for (int i = 0; i < n; ++i) EXPECT_NEAR(z[i], all[0][i], 1e-8) << trial << " " << i;
  }
}

// Contact-like problems are only positive semi-definite (four corners, three degrees of freedom)
// and degenerate (ties, zeros in both z and w): Lemke must still end with a complementary solution.
// Each problem is built around a known solution, so every trial is solvable and none is skipped:
// z* ≥ 0 and w* ≥ 0 are drawn with disjoint supports (and some indices where both are zero, the
// degenerate case), and q = w* − M z*. Lemke's method processes every feasible LCP whose M is
// positive semi-definite (Cottle, Pang & Stone, The Linear Complementarity Problem, 4.4).
TEST(Lemke, SolvesDegenerateSemidefiniteProblems) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1, 1);
  LemkeSolver solver;
  int degenerate = 0;
  const int trials = 200;
  for (int trial = 0; trial < trials; ++trial) {
    const int n = 2 + trial % 5, rank = 1 + trial % 3;
    std::vector<double> J(rank * n), M(n * n, 0.0), q(n), z(n);
    for (double& j : J) j = u(rng);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        for (int k = 0; k < rank; ++k) M[i * n + j] += J[k * n + i] * J[k * n + j];
    std::vector<double> z_star(n, 0.0), w_star(n, 0.0);
    bool tie = false;
    for (int i = 0; i < n; ++i) {
      const int role = int(std::abs(u(rng)) * 3);  // 0: z* > 0, 1: w* > 0, 2: both zero
      if (role == 0) z_star[i] = std::abs(u(rng));
      if (role == 1) w_star[i] = std::abs(u(rng));
      tie |= role == 2;
    }
    degenerate += tie;
    for (int i = 0; i < n; ++i) {
      q[i] = w_star[i];
      for (int j = 0; j < n; ++j) q[i] -= M[i * n + j] * z_star[j];
    }
    const LcpResult r = solver.Solve(n, M, q, z);
    ASSERT_EQ(r.status, LcpStatus::kSolved) << trial;
    for (int i = 0; i < n; ++i) {
      double w = q[i];
      for (int j = 0; j < n; ++j) w += M[i * n + j] * z[j];
      EXPECT_GE(z[i], -1e-12);
      EXPECT_GE(w, -1e-7) << trial;
      EXPECT_LT(std::abs(w * z[i]), 1e-7) << trial;
    }
  }
  EXPECT_GT(degenerate, trials / 4);  // ties (z* = w* = 0) in many of them, none skipped
}

TEST(Lemke, InfeasibleProblemEndsOnARayNotInAHang) {
  // w = −z − 1 ≥ 0 with z ≥ 0 has no solution.
  LemkeSolver solver;
  std::vector<double> M = {-1}, q = {-1}, z(1);
  const LcpResult r = solver.Solve(1, M, q, z);
  EXPECT_EQ(r.status, LcpStatus::kRayTermination);
  EXPECT_EQ(z[0], 0.0);
}

TEST(Lemke, PivotCapIsReported) {
  LemkeSolver solver;
  std::vector<double> M = {2, 1, 1, 2}, q = {-1, -1}, z(2);
  EXPECT_EQ(solver.Solve(2, M, q, z, 1).status, LcpStatus::kPivotLimit);
  EXPECT_EQ(solver.Solve(2, M, q, z).status, LcpStatus::kSolved);
  EXPECT_NEAR(z[0], 1.0 / 3, 1e-12);  // 2z0 + z1 = 1 = z0 + 2z1
}

TEST(Lemke, NanInputIsRefused) {
  LemkeSolver solver;
  std::vector<double> M = {NAN}, q = {-1}, z(1);
  EXPECT_EQ(solver.Solve(1, M, q, z).status, LcpStatus::kNotFinite);
  EXPECT_EQ(z[0], 0.0);
}

}  // namespace
}  // namespace partlab::dynamics
