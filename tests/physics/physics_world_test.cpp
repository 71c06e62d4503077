#include "engine/physics/physics_world.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>

#include "engine/broadphase/brute_force.h"

namespace partlab {
namespace {

// The reference broad phase with its pairs handed out in a scrambled order, as a hash or a tree
// would: the world must sort them before they reach ODE.
class ScrambledBruteForce final : public BroadPhase {
 public:
  std::string_view Name() const override { return "scrambled-brute"; }
  void Add(BoxId id, const Aabb& b) override { inner_.Add(id, b); }
  void Remove(BoxId id) override { inner_.Remove(id); }
  void Move(BoxId id, const Aabb& b) override { inner_.Move(id, b); }
  void FindPairs(std::vector<BoxPair>& out) override {
    const size_t first = out.size();
    inner_.FindPairs(out);
    std::shuffle(out.begin() + first, out.end(), rng_);
    for (size_t i = first; i < out.size(); i += 2) std::swap(out[i].a, out[i].b);  // and flipped
    for (size_t i = first; i < out.size(); i += 2) out[i] = MakePair(out[i].a, out[i].b);
  }
  size_t MemoryBytes() const override { return inner_.MemoryBytes(); }

 private:
  BruteForce inner_;
  std::mt19937 rng_{12345};
};

// A broken broad phase that reports every pair twice.
class DuplicatingBruteForce final : public BroadPhase {
 public:
  std::string_view Name() const override { return "duplicating-brute"; }
  void Add(BoxId id, const Aabb& b) override { inner_.Add(id, b); }
  void Remove(BoxId id) override { inner_.Remove(id); }
  void Move(BoxId id, const Aabb& b) override { inner_.Move(id, b); }
  void FindPairs(std::vector<BoxPair>& out) override {
    const size_t first = out.size();
    inner_.FindPairs(out);
    const size_t n = out.size();
    for (size_t i = first; i < n; ++i) out.push_back(out[i]);
  }
  size_t MemoryBytes() const override { return inner_.MemoryBytes(); }

 private:
  BruteForce inner_;
};

PhysicsParams TestParams() {
  PhysicsParams p;
  p.seed = 7;
  return p;
}

TEST(PhysicsWorld, FreeFallFollowsGravityAtTheFixedStep) {
  PhysicsParams p = TestParams();
  p.step_seconds = 0.02;
  PhysicsWorld world(p, std::make_unique<BruteForce>());
  BodyDesc d;
  d.shape = ShapeKind::kSphere;
  d.radius = 0.5f;
  d.position = {0, 100, 0};
  const BodyId id = world.AddBody(d);
  for (int i = 0; i < 50; ++i) world.RunPhysics();  // one second
  EXPECT_NEAR(world.Velocity(id).y, -9.81, 1e-9);
  // Semi-implicit Euler: y = y0 - g*dt^2 * n(n+1)/2.
  EXPECT_NEAR(world.Position(id).y, 100 - 9.81 * 0.02 * 0.02 * 50 * 51 / 2, 1e-9);
  EXPECT_EQ(world.step_count(), 50u);
}

TEST(PhysicsWorld, SphereComesToRestOnAStaticBoxThatNeverMoves) {
  PhysicsWorld world(TestParams(), std::make_unique<BruteForce>());
  const BodyId ground = world.AddStaticBox({0, -1, 0}, {5, 1, 5});
  BodyDesc d;
  d.shape = ShapeKind::kSphere;
  d.radius = 0.5f;
  d.position = {0, 3, 0};
  const BodyId ball = world.AddBody(d);
  const Aabb ground_box = world.Aabbs()[ground];
  for (int i = 0; i < 100; ++i) {
    world.RunPhysics();
    ASSERT_EQ(std::memcmp(&world.Aabbs()[ground], &ground_box, sizeof(Aabb)), 0);
  }
  EXPECT_NEAR(world.Position(ball).y, 0.5, 0.02);  // resting on the top face at y = 0
  EXPECT_NEAR(world.Velocity(ball).y, 0.0, 0.05);
  EXPECT_TRUE(world.IsStatic(ground));
  EXPECT_FALSE(world.IsStatic(ball));
}

TEST(PhysicsWorld, StaticStaticPairsReachTheBroadPhaseButNotDCollide) {
  PhysicsWorld world(TestParams(), std::make_unique<BruteForce>());
  world.AddStaticBox({0, 0, 0}, {1, 1, 1});
  world.AddStaticBox({1.5, 0, 0}, {1, 1, 1});  // overlapping statics
  const PhysicsStepTimings t = world.RunPhysics();
  EXPECT_EQ(t.pairs, 1u);
  EXPECT_EQ(t.tested, 0u);
  EXPECT_EQ(t.contacts, 0u);
}

// InitPhysics builds the broad phase from the scene's first boxes, so step 1 only edits it.
TEST(PhysicsWorld, BuildBroadPhaseHandsEveryCurrentBoxOverBeforeTheFirstStep) {
  PhysicsWorld world(TestParams(), std::make_unique<BruteForce>());
  world.AddStaticBox({0, 0, 0}, {1, 1, 1});
  world.AddStaticBox({1.5, 0, 0}, {1, 1, 1});
  world.AddStaticBox({9, 0, 0}, {1, 1, 1});
  world.BuildBroadPhase();
  std::vector<BoxPair> pairs;
  world.broad_phase()->FindPairs(pairs);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0], MakePair(0, 1));
  EXPECT_GE(world.construction_ms(), 0.0);
  EXPECT_EQ(world.RunPhysics().pairs, 1u);  // the first step sees the same boxes, nothing new
}

TEST(PhysicsWorld, AabbsContainTheExactGeomBoxAndRemovedIdsAreEmpty) {
  PhysicsWorld world(TestParams(), nullptr);
  BodyDesc d;
  d.half_extents = {0.5f, 1.0f, 1.5f};
  d.position = {0.1, 0.2, 0.3};  // not representable in float: the box must be rounded outwards
  const BodyId id = world.AddBody(d);
  const Aabb b = world.Aabbs()[id];
  EXPECT_LE(double(b.min.x), 0.1 - 0.5);
  EXPECT_GE(double(b.max.x), 0.1 + 0.5);
  EXPECT_LE(double(b.min.z), 0.3 - 1.5);
  EXPECT_GE(double(b.max.z), 0.3 + 1.5);
  EXPECT_NEAR(b.max.y - b.min.y, 2.0f, 1e-5f);
  world.Remove(id);
  EXPECT_TRUE(world.Aabbs()[id].IsEmpty());
  EXPECT_FALSE(world.IsPresent(id));
  EXPECT_EQ(world.AddStaticBox({0, 0, 0}, {1, 1, 1}), id + 1);  // ids are never reused
}

TEST(PhysicsWorld, ObserverSeesTheFrameAndItsPairsInCanonicalOrder) {
  PhysicsWorld world(TestParams(), std::make_unique<ScrambledBruteForce>());
  world.AddStaticBox({0, -1, 0}, {10, 1, 10});
  for (int i = 0; i < 20; ++i) {
    BodyDesc d;
    d.position = {(i % 5) * 0.9, 0.5 + (i / 5) * 0.9, 0};
    world.AddBody(d);
  }
  int calls = 0;
  world.SetFrameObserver([&](std::span<const Aabb> frame, std::span<const BoxPair> pairs) {
    ++calls;
    std::vector<BoxPair> expected;
    BruteForce bf;
    for (BoxId id = 0; id < frame.size(); ++id) bf.Add(id, frame[id]);
    bf.FindPairs(expected);
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(std::vector<BoxPair>(pairs.begin(), pairs.end()), expected);
  });
  for (int i = 0; i < 10; ++i) world.RunPhysics();
  EXPECT_EQ(calls, 10);
}

// A small pile of boxes and spheres over a static floor; returns the bodies' ids.
std::vector<BodyId> BuildPile(PhysicsWorld& world) {
  world.AddStaticBox({0, -1, 0}, {6, 1, 6});
  std::vector<BodyId> ids;
  for (int i = 0; i < 60; ++i) {
    BodyDesc d;
    d.shape = i % 3 == 0 ? ShapeKind::kSphere : ShapeKind::kBox;
    d.radius = 0.4f;
    d.half_extents = {0.4f, 0.3f, 0.35f};
    d.position = {(i % 4) * 0.7 - 1, 1 + i * 0.45, ((i / 4) % 3) * 0.7 - 0.7};
    d.orientation = glm::normalize(glm::dquat(1, 0.1 * i, 0.05, 0.02 * i));
    ids.push_back(world.AddBody(d));
  }
  return ids;
}

std::vector<double> Positions(const PhysicsWorld& world, const std::vector<BodyId>& ids) {
  std::vector<double> out;
  for (BodyId id : ids) {
    const glm::dvec3 p = world.Position(id);
    out.insert(out.end(), {p.x, p.y, p.z});
  }
  return out;
}

constexpr int kPileSteps = 120;

std::vector<double> RunPile(std::unique_ptr<BroadPhase> bp) {
  PhysicsWorld world(TestParams(), std::move(bp));
  const std::vector<BodyId> ids = BuildPile(world);
  for (int s = 0; s < kPileSteps; ++s) world.RunPhysics();
  return Positions(world, ids);
}

TEST(PhysicsWorld, MotionDoesNotDependOnThePairOrderOfTheBroadPhase) {
  const std::vector<double> a = RunPile(std::make_unique<BruteForce>());
  const std::vector<double> b = RunPile(std::make_unique<ScrambledBruteForce>());
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(double)), 0);
  // And the pile really is a pile: something slid sideways, so contacts mattered.
  double spread = 0;
  for (size_t i = 0; i < a.size(); i += 3) spread = std::max(spread, std::abs(a[i + 2]));
  EXPECT_GT(spread, 0.7);
}

TEST(PhysicsWorld, PairsReportedTwiceAreCountedAndMakeContactsOnce) {
  const std::vector<double> reference = RunPile(std::make_unique<BruteForce>());
  PhysicsWorld world(TestParams(), std::make_unique<DuplicatingBruteForce>());
  const std::vector<BodyId> ids = BuildPile(world);
  uint64_t duplicates = 0;
  for (int s = 0; s < kPileSteps; ++s) {
    const PhysicsStepTimings t = world.RunPhysics();
    EXPECT_EQ(t.duplicate_pairs * 2, t.pairs);
    duplicates += t.duplicate_pairs;
  }
  EXPECT_GT(duplicates, 0u);
  const std::vector<double> got = Positions(world, ids);
  EXPECT_EQ(std::memcmp(got.data(), reference.data(), got.size() * sizeof(double)), 0);
}

TEST(PhysicsWorld, SwitchingBroadPhaseMidRunKeepsTheMotion) {
  const std::vector<double> reference = RunPile(std::make_unique<BruteForce>());
  PhysicsWorld world(TestParams(), std::make_unique<BruteForce>());
  const std::vector<BodyId> ids = BuildPile(world);
  for (int s = 0; s < kPileSteps; ++s) {
    if (s % 10 == 5) {  // a fresh structure every 10 steps, alternating algorithms
      if (s % 20 == 5)
        world.SetBroadPhase(std::make_unique<ScrambledBruteForce>());
      else
        world.SetBroadPhase(std::make_unique<BruteForce>());
    }
    world.RunPhysics();
  }
  const std::vector<double> got = Positions(world, ids);
  EXPECT_EQ(std::memcmp(got.data(), reference.data(), got.size() * sizeof(double)), 0);
}

}  // namespace
}  // namespace partlab
