// Bodies overlapping at the start are pushed apart round by round (DynamicsWorld::
// SeparateInitialOverlaps). The world looks for the touching pairs through box pruning, so a shared
// scene of thousands of bodies costs a sort and a sweep a round; the answer must be the one a test
// of every pair of bodies gives. The reference below finds its contacts that way and pushes with
// the world's own PushApart, so the two differ only in which pairs they test.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "engine/dynamics/dynamics_world.h"
#include "engine/dynamics/narrow_phase.h"

namespace partlab::dynamics {
namespace {

// Every pair of bodies, every round, each round's contacts pushed apart as the world pushes them.
// Returns the overlapping contacts of the first round.
int SeparateEveryPair(DynamicsWorld& w) {
  std::span<RigidBody> bodies = w.mutable_bodies();
  const double slop = w.params().penetration_slop;
  std::vector<Contact> found;
  int first = -1;
  for (int round = 0; round < 50; ++round) {
    found.clear();
    for (uint32_t i = 0; i < bodies.size(); ++i)
      for (uint32_t j = i + 1; j < bodies.size(); ++j)
        Collide(bodies[i], i, bodies[j], j, 0.0, found);
    const int overlapping = PushApart(found, slop);
    if (first < 0) first = overlapping;
    if (overlapping == 0) break;
  }
  return first;
}

// A heap of boxes and spheres dropped into each other over a floor, a wall plane and a static
// block, some turned; `broad_phase` is the one the scene names (not the one separation uses).
void BuildHeap(DynamicsWorld& w, unsigned seed, const char* broad_phase) {
  std::string e;
  ASSERT_TRUE(w.SetBroadPhase(broad_phase, e)) << e;
  BodyDesc floor;
  floor.shape = Shape::kPlane;
  floor.is_static = true;
  ASSERT_TRUE(w.AddBody(floor, e)) << e;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.5, 1.5), h(0.1, 3.0), s(0.3, 0.7);
  for (int i = 0; i < 60; ++i) {
    BodyDesc d;
    d.shape = i % 4 == 3 ? Shape::kSphere : Shape::kBox;
    d.half = {s(rng), s(rng), s(rng)};
    d.radius = s(rng);
    d.position = {u(rng), h(rng), u(rng)};
    d.orientation = glm::normalize(glm::dquat(1.0, u(rng), u(rng), u(rng)));
    d.mass = 0.5 + s(rng);
    if (i == 7) d.is_static = true;
    if (i == 30) {  // a wall plane between the bodies, added in the middle of the list
      d = BodyDesc{};
      d.shape = Shape::kPlane;
      d.is_static = true;
      d.plane_normal = {1, 0, 0};
      d.plane_offset = -1.0;
    }
    ASSERT_TRUE(w.AddBody(d, e)) << e;
  }
}

class InitialSeparation : public ::testing::TestWithParam<const char*> {};

TEST_P(InitialSeparation, PushesAsATestOfEveryPairWould) {
  for (unsigned seed = 1; seed <= 4; ++seed) {
    DynamicsWorld world, reference;
    BuildHeap(world, seed, GetParam());
    BuildHeap(reference, seed, GetParam());
    std::string note;
    const int found = world.SeparateInitialOverlaps(note);
    EXPECT_GT(found, 0) << "seed " << seed << ": the heap should start overlapping";
    EXPECT_EQ(found, SeparateEveryPair(reference)) << "seed " << seed;
    ASSERT_EQ(world.bodies().size(), reference.bodies().size());
    for (size_t i = 0; i < world.bodies().size(); ++i)
      for (int a = 0; a < 3; ++a)
        EXPECT_EQ(world.bodies()[i].x[a], reference.bodies()[i].x[a])
            << "seed " << seed << ", body " << i << ", axis " << a;
  }
}

INSTANTIATE_TEST_SUITE_P(WhateverTheSceneNames, InitialSeparation,
                         ::testing::Values("brute", "sap", "sabsp"));

// A sphere larger than float's range (a shared scene's radius=2e53) must not hand box pruning an
// infinite bound: its sweep's padding lies at +infinity, and an infinite cut read past its arrays
// (found by fuzz_scene under AddressSanitizer). The sphere touches every body; each pair is found
// once, with ids of real bodies, and the separation moves the small bodies out of it.
TEST(InitialSeparation, BodiesBeyondFloatRangeGetFiniteBounds) {
  DynamicsWorld w;
  std::string e, note;
  ASSERT_TRUE(w.SetBroadPhase("box_pruning", e)) << e;
  BodyDesc huge;
  huge.shape = Shape::kSphere;
  huge.radius = 2e53;
  huge.is_static = true;
  ASSERT_TRUE(w.AddBody(huge, e)) << e;
  for (int i = 0; i < 12; ++i) {
    BodyDesc d;
    d.position = {1.5 * i, 0, 0};
    ASSERT_TRUE(w.AddBody(d, e)) << e;
  }
  w.SeparateInitialOverlaps(note);
  w.Step();
  for (const Contact& c : w.contacts()) {
    EXPECT_GE(c.A, w.bodies().data());
    EXPECT_LT(c.B, w.bodies().data() + w.bodies().size());
  }
  EXPECT_GT(w.stats().contacts, 0) << "the sphere touches the boxes inside it";
}

}  // namespace
}  // namespace partlab::dynamics
