// Frame sequences for testing broad phases against brute force: random motion with boxes coming
// and going, and the degenerate layouts of the BSP issue (identical boxes, one plane, boxes that
// span everything, zero-size boxes, exact touching). Integer-valued coordinates are used where a
// test wants exact touching, so no rounding can hide or invent a contact.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <glm/common.hpp>
#include <glm/vec2.hpp>

#include "engine/io/aabb_trace.h"

namespace partlab::testing {

struct Scenario {
  std::string name;
  AabbTrace trace;
};

inline Aabb Absent() {
  return AbsentTraceBox();
}

// n boxes moving in a cube of side `world`, sizes up to `max_size`; every step a few boxes vanish
// or reappear, and at two moments a block of boxes is added at once and later removed at once.
inline Scenario RandomMotion(uint32_t n, int frames, float world, float max_size, uint32_t seed,
                             bool snap_to_grid) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(0, 1);
  std::vector<glm::vec3> pos(n), vel(n), half(n);
  std::vector<bool> present(n);
  for (uint32_t i = 0; i < n; ++i) {
    pos[i] = {u(rng) * world, u(rng) * world, u(rng) * world};
    vel[i] = (glm::vec3{u(rng), u(rng), u(rng)} - 0.5f) * (world * 0.02f);
    half[i] = glm::vec3{u(rng), u(rng), u(rng)} * (max_size * 0.5f);
    if (i % 17 == 0) half[i] = glm::vec3(0);  // points
    present[i] = i < n * 3 / 4;               // the last quarter arrives later
  }
  Scenario s{"random_motion_" + std::to_string(seed), {n, {}}};
  for (int f = 0; f < frames; ++f) {
    if (f == frames / 4)  // bulk arrival
      for (uint32_t i = n * 3 / 4; i < n; ++i) present[i] = true;
    if (f == frames / 2)  // bulk departure
      for (uint32_t i = 0; i < n / 3; ++i) present[i] = false;
    if (f == frames * 3 / 4)
      for (uint32_t i = 0; i < n / 3; ++i) present[i] = true;
    for (int k = 0; k < 2; ++k) {  // a couple of random toggles every step
      const uint32_t i = rng() % n;
      present[i] = !present[i];
    }
    for (uint32_t i = 0; i < n; ++i) {
      pos[i] += vel[i];
      for (int a = 0; a < 3; ++a)
        if (pos[i][a] < 0 || pos[i][a] > world) vel[i][a] = -vel[i][a];
      glm::vec3 c = pos[i], h = half[i];
      if (snap_to_grid) c = glm::round(c), h = glm::round(h);
      s.trace.boxes.push_back(present[i] ? Aabb::FromCenterHalf(c, h) : Absent());
    }
  }
  return s;
}

// A unit lattice of boxes [i, i+1]: every box touches its 26 neighbours exactly; then shifted by
// whole units so touching pairs change.
inline Scenario TouchingLattice() {
  Scenario s{"touching_lattice", {64, {}}};
  for (int f = 0; f < 6; ++f)
    for (int i = 0; i < 64; ++i) {
      glm::vec3 p{float(i % 4), float((i / 4) % 4), float(i / 16)};
      if (f % 2 == 1 && i % 3 == 0) p.x += 4.0f;  // slide a third of them to touch others
      if (f >= 4) p *= 2.0f;  // spread out: only face/edge contacts between resized boxes remain
      const glm::vec3 size = f >= 4 ? glm::vec3(2.0f) : glm::vec3(1.0f);
      s.trace.boxes.push_back({p, p + size});
    }
  return s;
}

inline Scenario IdenticalBoxes() {
  Scenario s{"identical", {40, {}}};
  for (int f = 0; f < 5; ++f)
    for (int i = 0; i < 40; ++i) s.trace.boxes.push_back({{1, 2, 3}, {4 + f, 5, 6}});
  return s;
}

// All boxes flat on the plane y = 0 (zero height), moving in x and z.
inline Scenario OnePlane() {
  Scenario s{"one_plane", {80, {}}};
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(0, 50);
  std::vector<glm::vec2> c(80);
  for (auto& p : c) p = {u(rng), u(rng)};
  for (int f = 0; f < 60; ++f)
    for (int i = 0; i < 80; ++i) {
      c[i].x += (i % 2 ? 0.5f : -0.5f);
      s.trace.boxes.push_back({{c[i].x, 0, c[i].y}, {c[i].x + 3, 0, c[i].y + 3}});
    }
  return s;
}

// A few boxes covering the whole world amid many small ones; one of them grows and shrinks.
inline Scenario Spanning() {
  Scenario s{"spanning", {100, {}}};
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> u(-100, 100);
  std::vector<glm::vec3> c(100);
  for (auto& p : c) p = {u(rng), u(rng), u(rng)};
  for (int f = 0; f < 40; ++f)
    for (int i = 0; i < 100; ++i) {
      if (i < 3) {
        const float r = i == 0 ? 100.0f + 10.0f * (f % 5) : 150.0f;
        s.trace.boxes.push_back({glm::vec3(-r), glm::vec3(r)});
      } else {
        c[i] += glm::vec3(u(rng), u(rng), u(rng)) * 0.02f;
        s.trace.boxes.push_back(Aabb::FromCenterHalf(c[i], glm::vec3(1.5f)));
      }
    }
  return s;
}

// Zero-size boxes (points), many coincident, some on other boxes' faces and corners.
inline Scenario Points() {
  Scenario s{"points", {50, {}}};
  for (int f = 0; f < 10; ++f)
    for (int i = 0; i < 50; ++i) {
      const glm::vec3 p{float(i % 5), float((i / 5) % 2), float(f % 3)};
      if (i >= 45)
        s.trace.boxes.push_back({glm::vec3(0), glm::vec3(float(f % 4))});
      else
        s.trace.boxes.push_back({p, p});
    }
  return s;
}

// A handful of boxes, then thousands at once (fixed-capacity structures must grow: Bullet's axis
// sweep is created with room for 1,024 handles), then a step of motion.
inline Scenario SuddenGrowth() {
  const uint32_t n = 2600;
  Scenario s{"sudden_growth", {n, {}}};
  std::mt19937 rng(13);
  std::uniform_real_distribution<float> u(0, 60);
  std::vector<glm::vec3> c(n);
  for (auto& p : c) p = {u(rng), u(rng), u(rng)};
  for (int f = 0; f < 3; ++f)
    for (uint32_t i = 0; i < n; ++i)
      s.trace.boxes.push_back(f == 0 && i >= 5
                                  ? Absent()
                                  : Aabb::FromCenterHalf(c[i] + float(f) * 0.3f, glm::vec3(1.0f)));
  return s;
}

inline std::vector<Scenario> AllScenarios() {
  std::vector<Scenario> all;
  all.push_back(RandomMotion(60, 1500, 40, 8, 1, false));
  all.push_back(RandomMotion(16, 4000, 12, 5, 5, true));  // few boxes, many steps, exact contacts
  all.push_back(RandomMotion(60, 500, 30, 6, 2, true));
  all.push_back(RandomMotion(300, 60, 200, 30, 3, false));
  all.push_back(TouchingLattice());
  all.push_back(IdenticalBoxes());
  all.push_back(OnePlane());
  all.push_back(Spanning());
  all.push_back(Points());
  all.push_back(SuddenGrowth());
  return all;
}

}  // namespace partlab::testing
