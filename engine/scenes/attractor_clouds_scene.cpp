// Simulation 2 (semi-adjusting-bsp.txt, 6.2.2): clouds of boxes pulled by several moving
// attractors, without gravity. The attractors wander on Lissajous curves that cross, so clouds
// stretch, merge and tear apart: a chaotic scene that is sparse most of the time and stresses the
// structural update far more than pair enumeration. Every few seconds a fraction of the boxes
// switches to another attractor, so streams of boxes keep crossing the empty space between clouds.
#include <cmath>
#include <vector>

#include "engine/scenes/scene_registry.h"
#include "engine/text/translatable.h"

namespace partlab {
namespace {

constexpr int kAttractors = 6;
constexpr double kAttractorPull = 6.0;  // m/s², towards the body's attractor
constexpr double kCore = 2.0;           // no pull inside: nothing is flung out of the centre
constexpr double kSpacing = 3.0;        // initial lattice spacing of a cloud (sparse)
constexpr int kSwitchPeriod = 125;      // steps (5 s)
constexpr double kSwitchFraction = 0.2;

class AttractorCloudsScene final : public Scene {
 protected:
  uint32_t MaxIdsFor(const SceneParams& p) const override { return p.body_count; }
  void AdjustParams(SceneParams& p) const override { p.physics.gravity = {0, 0, 0}; }

  void Build() override {
    attractor_of_.clear();
    mass_.clear();
  }

  // Bodies start on a loose lattice around their attractor's starting point, orbiting it.
  void SpawnBodies(uint32_t count) override {
    for (uint32_t n = 0; n < count; ++n) {
      const uint32_t i = static_cast<uint32_t>(attractor_of_.size());
      const int a = static_cast<int>(i % kAttractors);
      const uint32_t slot = i / kAttractors;
      const int side = 10;  // 10 x 10 x 10 lattice per cloud before it wraps outwards
      const glm::dvec3 cell(double(slot % side), double((slot / side) % side),
                            double(slot / (side * side)));
      BodyDesc d;
      d.half_extents = {RandomHalfSize(), RandomHalfSize(), RandomHalfSize()};
      d.position = AttractorAt(a, 0.0) + (cell - glm::dvec3(side / 2.0)) * kSpacing +
                   random().InBox(glm::dvec3(-0.2), glm::dvec3(0.2));
      d.orientation = random().Rotation();
      // On a roughly circular orbit (v = sqrt(a r) under a constant pull a) in a random plane,
      // so that a cloud is a swarm of crossing orbits rather than a collapsing ball.
      const glm::dvec3 r = d.position - AttractorAt(a, 0.0);
      const glm::dvec3 axis =
          glm::normalize(random().InBox(glm::dvec3(-1), glm::dvec3(1)) + glm::dvec3(1e-3, 0, 0));
      const glm::dvec3 tangent = glm::cross(axis, r);
      const double len = glm::length(tangent);
      d.velocity =
          len > 1e-9 ? tangent / len * std::sqrt(kAttractorPull * glm::length(r)) : glm::dvec3(0);
      d.linear_damping = 0.0;  // orbits must not decay: collisions already dissipate
      world().AddBody(d);
      attractor_of_.push_back(a);
      mass_.push_back(8.0 * d.half_extents.x * d.half_extents.y * d.half_extents.z * d.density);
      CountSpawned();
    }
  }

  void ApplyForces() override {
    const double time = double(step_count()) * params().physics.step_seconds;
    if (step_count() > 0 && step_count() % kSwitchPeriod == 0) SwitchSomeBodies();
    glm::dvec3 where[kAttractors];
    for (int a = 0; a < kAttractors; ++a) where[a] = AttractorAt(a, time);
    for (BodyId id = 0; id < attractor_of_.size(); ++id) {
      const glm::dvec3 to = where[attractor_of_[id]] - world().Position(id);
      const double dist = glm::length(to);
      if (dist <= kCore) continue;
      world().AddForce(id, to * (mass_[id] * kAttractorPull / dist));
    }
  }

 private:
  // Attractor `a` at time t: crossing Lissajous curves over a 100 m wide region.
  static glm::dvec3 AttractorAt(int a, double t) {
    const double p = 1.7 * a;
    return {40.0 * std::sin(0.11 * t + p), 15.0 * std::sin(0.07 * t + 2.3 * p),
            40.0 * std::cos(0.13 * t + 0.6 * p)};
  }

  void SwitchSomeBodies() {
    for (BodyId id = 0; id < attractor_of_.size(); ++id) {
      if (!random().Chance(kSwitchFraction)) continue;
      attractor_of_[id] =
          (attractor_of_[id] + 1 + int(random().Below(kAttractors - 1))) % kAttractors;
      world().Wake(id);
    }
  }

  std::vector<int> attractor_of_;  // per body id (every id here is a body)
  std::vector<double> mass_;
};

SceneParams AttractorCloudsDefaults() {
  SceneParams p;
  p.spawn_per_step = 0;  // the clouds exist from the start
  p.physics.gravity = {0, 0, 0};
  p.physics.auto_disable = false;  // nothing ever rests here
  // Nearly elastic, slippery boxes: with the thesis's default contacts a swarm of colliding
  // orbits loses its energy and collapses into one dense ball; the thesis's clouds stay sparse.
  p.physics.restitution = 0.9;
  p.physics.friction = 0.1;
  return p;
}

const bool kAttractorCloudsRegistered =
    RegisterScene({2, "clouds", N_("Attractor clouds"),
                   N_("Clouds of boxes pulled by several moving attractors, no gravity: chaotic "
                      "and mostly sparse (6.2.2)"),
                   &MakeSceneOf<AttractorCloudsScene>, &AttractorCloudsDefaults});

}  // namespace
}  // namespace partlab
