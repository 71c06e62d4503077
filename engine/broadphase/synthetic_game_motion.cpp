// The generated traces that imitate three kinds of game motion (synthetic_motion.h lists them):
// raining (gravity and a floor), swarming (steering toward moving attractors) and bursting
// (explosions). Each is a few lines of made-up physics on flat arrays, deterministic from the
// seed, meant to give the broad phases the shapes of motion games feed them: a dense layer on a
// floor with a thin rain above it, dense clusters moving through empty space, and a packed ball
// whose boxes all change neighbours at once.
#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

#include "engine/broadphase/synthetic_motion.h"

namespace partlab {
namespace {

// Raining: gravity per step squared, the fall speed terminal velocity (air drag), the floor
// columns' width and how high a pile may grow before landing boxes respawn at once.
constexpr float kGravity = 0.015f;
constexpr float kTerminalSpeed = 1.0f;
constexpr float kColumnWidth = 3.0f;
constexpr float kPileLimit = 0.5f;  // of the cube's side
constexpr uint32_t kRestMin = 20, kRestSpread = 60;

// Swarming: a cluster per this many boxes; steering stiffness and velocity damping per step.
constexpr uint32_t kBoxesPerSwarm = 250;
constexpr float kSteering = 0.02f;
constexpr float kDamping = 0.9f;
constexpr float kSwarmMaxSpeed = 1.0f;
constexpr float kSwirl = 0.02f;  // radians per step the swarm's formation turns about y

// Bursting: drag per step during the flight.
constexpr float kBurstDrag = 0.95f;

// Keeps a point inside [0, side] on each axis, turning the velocity back at a wall.
void Reflect(glm::vec3& p, glm::vec3& v, float side) {
  for (int a = 0; a < 3; ++a) {
    if (p[a] < 0) {
      p[a] = std::min(-p[a], side);
      v[a] = std::abs(v[a]);
    } else if (p[a] > side) {
      p[a] = std::max(2 * side - p[a], 0.0f);
      v[a] = -std::abs(v[a]);
    }
  }
}

}  // namespace

glm::vec3 SyntheticMotion::UniformBall() {
  glm::vec3 d;
  do d = glm::vec3(Uniform01(), Uniform01(), Uniform01()) * 2.0f - 1.0f;
  while (glm::dot(d, d) > 1);
  return d;
}

void SyntheticMotion::WriteFrame() {
  for (size_t i = 0; i < frame_.size(); ++i) frame_[i] = Aabb::FromCenterHalf(centre_[i], half_[i]);
}

// Build() has placed the boxes uniformly in the cube with their half-extents; this arranges each
// kind's start and writes frame 0.
void SyntheticMotion::BuildGameMotion() {
  const uint32_t n = uint32_t(centre_.size());
  switch (params_.kind) {
    case SyntheticKind::kRaining: {
      // Falling from every height at the start, so the rain is steady from the first frames.
      columns_ = std::max(1u, uint32_t(side_ / kColumnWidth));
      pile_height_.assign(size_t(columns_) * columns_, 0.0f);
      rest_left_.assign(n, 0);
      for (uint32_t i = 0; i < n; ++i) {
        centre_[i].y = std::clamp(centre_[i].y, half_[i].y, side_);
        velocity_[i] = glm::vec3(velocity_[i].x * 2, 0, velocity_[i].z * 2);  // slight drift
      }
      break;
    }
    case SyntheticKind::kSwarming: {
      // Attractors on Lissajous paths around the cube's centre; each box keeps a place in its
      // swarm's formation (home_, an offset in a ball sized for a dense cluster).
      const uint32_t k = std::max(4u, n / kBoxesPerSwarm);
      cluster_centre_.resize(k);
      cluster_velocity_.resize(k);  // angular frequencies, radians per step per axis
      phase_.resize(k);
      for (uint32_t c = 0; c < k; ++c) {
        cluster_velocity_[c] =
            glm::vec3(0.01f) + glm::vec3(Uniform01(), Uniform01(), Uniform01()) * 0.02f;
        phase_[c] = glm::vec3(Uniform01(), Uniform01(), Uniform01()) * 6.2831853f;
      }
      // Within 0.15 of the side, so formations around the attractors stay inside the cube.
      const float radius = std::min(1.4f * std::cbrt(float(n) / float(k)), 0.15f * side_);
      cluster_of_.resize(n);
      home_.resize(n);
      for (uint32_t i = 0; i < n; ++i) {
        cluster_of_[i] = i % k;
        home_[i] = UniformBall() * radius;
        velocity_[i] = glm::vec3(0);
      }
      break;
    }
    case SyntheticKind::kBursting: {
      // Packed in a ball of about 8 units of volume per box around the centre: each box touches
      // several neighbours while at rest.
      const float radius = 1.25f * std::cbrt(float(n));
      home_.resize(n);
      burst_speed_.resize(n);
      for (uint32_t i = 0; i < n; ++i) {
        home_[i] = burst_centre() + UniformBall() * radius;
        centre_[i] = home_[i];
        // With drag kBurstDrag a box flies speed / (1 - drag): 20 to 40 % of the side.
        burst_speed_[i] = (0.5f + 0.5f * Uniform01()) * side_ * 0.02f;
        velocity_[i] = glm::vec3(0);
      }
      break;
    }
    default:
      break;
  }
  if (params_.kind == SyntheticKind::kSwarming) {
    AdvanceSwarming();  // places the attractors and the boxes at their formation places
    for (uint32_t i = 0; i < n; ++i) {
      centre_[i] = attractor_of(i) + home_[i];
      velocity_[i] = glm::vec3(0);
    }
  }
  WriteFrame();
}

// Falling boxes accelerate until terminal speed, land on the pile of their floor column and rest
// there; a box whose rest is over leaves its pile (the column settles by its height; boxes above
// stay where they are: only the boxes matter to a broad phase, not a stable stack) and falls again
// from the top at a new place.
void SyntheticMotion::AdvanceRaining() {
  const float cell = side_ / float(columns_);
  auto column = [&](const glm::vec3& p) {
    const uint32_t cx = std::min(columns_ - 1, uint32_t(std::max(0.0f, p.x) / cell));
    const uint32_t cz = std::min(columns_ - 1, uint32_t(std::max(0.0f, p.z) / cell));
    return size_t(cz) * columns_ + cx;
  };
  for (size_t i = 0; i < centre_.size(); ++i) {
    glm::vec3& p = centre_[i];
    glm::vec3& v = velocity_[i];
    const float height = 2 * half_[i].y;
    if (rest_left_[i] > 0) {
      if (--rest_left_[i] > 0) continue;
      float& pile = pile_height_[column(p)];
      pile = std::max(0.0f, pile - height);
      p = glm::vec3(Uniform01() * side_, side_, Uniform01() * side_);  // respawn at the top
      v.y = 0;
      continue;
    }
    v.y = std::max(v.y - kGravity, -kTerminalSpeed);
    p += v;
    Reflect(p, v, side_);
    float& pile = pile_height_[column(p)];
    if (p.y - half_[i].y > pile) continue;  // still falling
    if (pile + height > kPileLimit * side_) {
      // The column is full: this box is gone at once and falls again from the top.
      p = glm::vec3(Uniform01() * side_, side_, Uniform01() * side_);
      v.y = 0;
      continue;
    }
    p.y = pile + half_[i].y;  // lands: its bottom on the pile (>= 0, the floor)
    pile += height;
    v.y = 0;
    rest_left_[i] = kRestMin + uint32_t(Uniform01() * float(kRestSpread));
  }
  WriteFrame();
}

// Attractors follow Lissajous curves inside [0.15, 0.85] of the cube; each box steers toward its
// place in its swarm's formation, which turns slowly about the vertical, with damping and a speed
// limit, so it lags, overshoots and swirls like a flock.
void SyntheticMotion::AdvanceSwarming() {
  const float t = float(step_);
  for (size_t c = 0; c < cluster_centre_.size(); ++c) {
    const glm::vec3 s(std::sin(cluster_velocity_[c].x * t + phase_[c].x),
                      std::sin(cluster_velocity_[c].y * t + phase_[c].y),
                      std::sin(cluster_velocity_[c].z * t + phase_[c].z));
    cluster_centre_[c] = glm::vec3(side_ * 0.5f) + s * (side_ * 0.35f);
  }
  const float cs = std::cos(kSwirl * t), sn = std::sin(kSwirl * t);
  for (size_t i = 0; i < centre_.size(); ++i) {
    const glm::vec3 h = home_[i];
    const glm::vec3 target =
        cluster_centre_[cluster_of_[i]] + glm::vec3(cs * h.x + sn * h.z, h.y, cs * h.z - sn * h.x);
    glm::vec3& v = velocity_[i];
    v = v * kDamping + (target - centre_[i]) * kSteering;
    const float speed = glm::length(v);
    if (speed > kSwarmMaxSpeed) v *= kSwarmMaxSpeed / speed;
    centre_[i] += v;
    Reflect(centre_[i], v, side_);
  }
  WriteFrame();
}

// One cycle of kBurstCycle steps: at rest in the packed ball, then each box launched straight
// away from the centre at its own speed and slowed by drag (bouncing off the cube's walls), then
// carried back in a straight line to its packed place, where the next cycle starts.
void SyntheticMotion::AdvanceBursting() {
  const uint32_t phase = step_ % kBurstCycle;
  const glm::vec3 centre = burst_centre();
  for (size_t i = 0; i < centre_.size(); ++i) {
    glm::vec3& p = centre_[i];
    glm::vec3& v = velocity_[i];
    if (phase < kBurstRest) {
      p = home_[i];
      v = glm::vec3(0);
    } else if (phase < kBurstRest + kBurstFlight) {
      if (phase == kBurstRest) {
        const glm::vec3 out = home_[i] - centre;
        const float d = glm::length(out);
        v = (d > 1e-6f ? out / d : glm::vec3(1, 0, 0)) * burst_speed_[i];
      }
      p += v;
      v *= kBurstDrag;
      Reflect(p, v, side_);
    } else {
      if (phase == kBurstRest + kBurstFlight) v = (home_[i] - p) / float(kBurstReturn);
      p += v;
    }
  }
  WriteFrame();
}

}  // namespace partlab
