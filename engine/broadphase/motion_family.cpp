#include "engine/broadphase/motion_family.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace partlab {
namespace {

// Speeds in mean box sizes per step (the family's unit, see the header).
constexpr float kJitter = 0.1f;         // jitter: the tremble's reach about the box's place
constexpr float kRestingNudge = 0.01f;  // resting: the rare box that shifts, and by how much
constexpr float kRestingMovers = 0.01f;
constexpr float kFlowSpeed = 0.15f;
constexpr float kBallisticSpeed = 1.0f;     // ballistic: launch speed (0.5x to 1.5x this)
constexpr float kBallisticGravity = 0.02f;  // per step squared, ballistic in a cube only
constexpr float kRestitution = 0.8f;
constexpr uint32_t kBurstEvery = 60;  // ballistic: steps between two bursts
constexpr float kOrbitSpeed = 0.3f;   // orbit: a box at the groups' typical radius
constexpr uint32_t kBoxesPerGroup = 300;
constexpr float kPi = 3.14159265f;

constexpr std::array<uint32_t, 64> SeedRange(uint32_t first) {
  std::array<uint32_t, 64> s{};
  for (uint32_t i = 0; i < s.size(); ++i) s[i] = first + i;
  return s;
}
// Tuning seeds 1-64; held-out seeds 7001-7064. Nothing in the broad phases may be adjusted on the
// held-out traces: the published family tables run only those.
constexpr std::array<uint32_t, 64> kTuningSeeds = SeedRange(1);
constexpr std::array<uint32_t, 64> kHeldOutSeeds = SeedRange(7001);

}  // namespace

std::string_view SizeSpreadName(SizeSpread s) {
  switch (s) {
    case SizeSpread::kUniform:
      return "uniform";
    case SizeSpread::kLogNormal:
      return "lognormal";
    case SizeSpread::kFewHuge:
      return "fewhuge";
  }
  return "?";
}

std::string_view SpeedProfileName(SpeedProfile s) {
  switch (s) {
    case SpeedProfile::kResting:
      return "resting";
    case SpeedProfile::kJitter:
      return "jitter";
    case SpeedProfile::kFlow:
      return "flow";
    case SpeedProfile::kBallistic:
      return "ballistic";
    case SpeedProfile::kOrbit:
      return "orbit";
  }
  return "?";
}

std::string Describe(const MotionFamilyParams& p) {
  char fill[16];
  std::snprintf(fill, sizeof fill, "%.2f", double(p.fill));
  return std::string(SizeSpreadName(p.sizes)) + " " + std::string(SpeedProfileName(p.speed)) +
         " fill " + fill + (p.clustered ? " clustered" : "") + (p.flat ? " flat" : " 3d") + ", " +
         std::to_string(p.boxes) + " boxes, seed " + std::to_string(p.seed);
}

std::span<const uint32_t> FamilySeeds(SeedSet set) {
  return set == SeedSet::kTuning ? std::span<const uint32_t>(kTuningSeeds)
                                 : std::span<const uint32_t>(kHeldOutSeeds);
}

std::optional<SeedSet> ParseSeedSet(std::string_view name) {
  if (name == "tuning") return SeedSet::kTuning;
  if (name == "heldout") return SeedSet::kHeldOut;
  return std::nullopt;
}

std::string_view SeedSetName(SeedSet set) {
  return set == SeedSet::kTuning ? "tuning" : "heldout";
}

MotionFamilyParams DrawFamilyTrace(uint32_t seed, uint32_t min_boxes, uint32_t max_boxes) {
  // Its own stream (the motion's is seeded with `seed` itself), 24 bits per draw.
  std::mt19937 rng(seed ^ 0x9E3779B9u);
  auto u = [&] { return float(rng() >> 8) * (1.0f / 16777216.0f); };
  auto pick = [&](uint32_t n) { return std::min(n - 1, uint32_t(u() * float(n))); };
  MotionFamilyParams p;
  const float lo = float(std::max(1u, min_boxes)), hi = float(std::max(min_boxes, max_boxes));
  p.boxes = uint32_t(std::lround(lo * std::pow(hi / lo, u())));
  p.sizes = kAllSizeSpreads[pick(3)];
  p.speed = kAllSpeedProfiles[pick(5)];
  constexpr float kFills[] = {0.03f, 0.12f, 0.4f};
  p.fill = kFills[pick(3)];
  p.clustered = pick(2) == 1;
  p.flat = pick(2) == 1;
  p.seed = seed;
  return p;
}

std::vector<MotionFamilyParams> FamilyPlan(SeedSet set, uint32_t count, uint32_t min_boxes,
                                           uint32_t max_boxes) {
  const auto seeds = FamilySeeds(set);
  const size_t n = count == 0 ? seeds.size() : std::min<size_t>(count, seeds.size());
  std::vector<MotionFamilyParams> plan;
  for (size_t i = 0; i < n; ++i) plan.push_back(DrawFamilyTrace(seeds[i], min_boxes, max_boxes));
  return plan;
}

FamilyMotion::FamilyMotion(const MotionFamilyParams& params) : p_(params), rng_(params.seed) {
  p_.boxes = std::max(1u, p_.boxes);
  DrawSizes();
  PlaceBoxes();
  DrawVelocities();
  WriteFrame();
}

float FamilyMotion::Uniform01() {
  return float(rng_() >> 8) * (1.0f / 16777216.0f);
}

float FamilyMotion::Normal() {
  const float u1 = std::max(Uniform01(), 1e-7f), u2 = Uniform01();
  return std::sqrt(-2.0f * std::log(u1)) * std::cos(2 * kPi * u2);
}

glm::vec3 FamilyMotion::UniformIn(const glm::vec3& lo, const glm::vec3& hi) {
  return lo + glm::vec3(Uniform01(), Uniform01(), Uniform01()) * (hi - lo);
}

// Half-extents by the size spread, then the world sized so that the typical box's volume, times
// the box count, fills `fill` of it: a heavy tail adds overlap instead of inflating the world.
void FamilyMotion::DrawSizes() {
  const uint32_t n = p_.boxes;
  half_.resize(n);
  std::vector<float> volume(n);
  double edge_sum = 0;
  for (uint32_t i = 0; i < n; ++i) {
    glm::vec3 h = glm::vec3(0.5f) + glm::vec3(Uniform01(), Uniform01(), Uniform01());
    if (p_.sizes == SizeSpread::kLogNormal)
      h *= std::clamp(std::exp(0.9f * Normal()), 0.1f, 40.0f);
    else if (p_.sizes == SizeSpread::kFewHuge && Uniform01() < 0.01f)
      h *= 20.0f + 20.0f * Uniform01();
    half_[i] = h;
    volume[i] = 8 * h.x * h.y * h.z;
    edge_sum += 2.0 * (h.x + h.y + h.z) / 3.0;
  }
  mean_size_ = float(edge_sum / n);
  std::nth_element(volume.begin(), volume.begin() + n / 2, volume.end());
  const float world_volume = float(n) * volume[n / 2] / p_.fill;
  if (p_.flat) {
    const float thickness = 3 * mean_size_;
    const float side = std::sqrt(world_volume / thickness);
    extent_ = glm::vec3(side, thickness, side);
  } else {
    extent_ = glm::vec3(std::cbrt(world_volume));
  }
}

// Evenly spread, or gathered in groups of a few hundred (normal spread a twenty-fifth of the world)
// around group centres; orbit traces always have groups, whose centres the boxes turn about.
void FamilyMotion::PlaceBoxes() {
  const uint32_t n = p_.boxes;
  const uint32_t groups = std::max(2u, n / kBoxesPerGroup);
  group_centre_.resize(groups);
  group_phase_.resize(groups);
  for (uint32_t g = 0; g < groups; ++g) {
    group_centre_[g] = UniformIn(extent_ * 0.15f, extent_ * 0.85f);
    group_phase_[g] = 2 * kPi * Uniform01();
  }
  centre_.resize(n);
  group_.resize(n);
  for (uint32_t i = 0; i < n; ++i) {
    group_[i] = i % groups;
    if (p_.clustered) {
      const glm::vec3 sigma = extent_ * glm::vec3(0.04f, p_.flat ? 0.25f : 0.04f, 0.04f);
      const glm::vec3 d(Normal(), Normal(), Normal());
      centre_[i] = glm::clamp(group_centre_[group_[i]] + d * sigma, glm::vec3(0), extent_);
    } else {
      centre_[i] = UniformIn(glm::vec3(0), extent_);
    }
  }
  home_ = centre_;
  if (p_.speed == SpeedProfile::kOrbit)  // the place relative to the group's centre
    for (uint32_t i = 0; i < n; ++i) home_[i] = centre_[i] - group_centre_[group_[i]];
}

glm::vec3 FamilyMotion::Tremble(const glm::vec3& home, float reach) {
  const glm::vec3 d = (glm::vec3(Uniform01(), Uniform01(), Uniform01()) - 0.5f) * (2 * reach);
  return glm::clamp(home + d, glm::vec3(0), extent_);
}

void FamilyMotion::Relaunch(size_t i) {
  glm::vec3 d(Normal(), p_.flat ? 0.0f : Normal(), Normal());
  const float len = std::max(1e-6f, std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z));
  velocity_[i] = d / len * (kBallisticSpeed * mean_size_ * (0.5f + Uniform01()));
}

void FamilyMotion::DrawVelocities() {
  velocity_.assign(p_.boxes, glm::vec3(0));
  for (size_t i = 0; i < velocity_.size(); ++i) {
    if (p_.speed == SpeedProfile::kFlow)
      velocity_[i] = glm::vec3(kFlowSpeed * (0.7f + 0.6f * Uniform01()), 0,
                               0.2f * kFlowSpeed * (Uniform01() - 0.5f)) *
                     mean_size_;
    else if (p_.speed == SpeedProfile::kBallistic)
      Relaunch(i);
  }
}

void FamilyMotion::Advance() {
  ++step_;
  const float unit = mean_size_;
  const size_t n = centre_.size();
  switch (p_.speed) {
    case SpeedProfile::kResting:
      // A settled pile: one box in a hundred shifts a hair, back and forth about its place.
      for (size_t i = 0; i < n; ++i)
        if (Uniform01() < kRestingMovers) centre_[i] = Tremble(home_[i], kRestingNudge * unit);
      break;
    case SpeedProfile::kJitter:
      for (size_t i = 0; i < n; ++i) centre_[i] = Tremble(home_[i], kJitter * unit);
      break;
    case SpeedProfile::kFlow:
      // Leaving at x = extent, re-entering at x = 0: a stream through the level.
      for (size_t i = 0; i < n; ++i) {
        centre_[i] += velocity_[i];
        if (centre_[i].x > extent_.x) centre_[i].x -= extent_.x;
        centre_[i].z = std::clamp(centre_[i].z, 0.0f, extent_.z);
      }
      break;
    case SpeedProfile::kBallistic: {
      if (step_ % kBurstEvery == 0) {
        // A burst: a fifth of the boxes gathered at one point and thrown outward.
        const glm::vec3 at = UniformIn(extent_ * 0.2f, extent_ * 0.8f);
        for (size_t i = 0; i < n; ++i)
          if (Uniform01() < 0.2f) {
            centre_[i] = at + glm::vec3(Normal(), p_.flat ? 0.0f : Normal(), Normal()) * unit;
            Relaunch(i);
          }
      }
      for (size_t i = 0; i < n; ++i) {
        glm::vec3& p = centre_[i];
        glm::vec3& v = velocity_[i];
        if (!p_.flat) v.y -= kBallisticGravity * unit;
        p += v;
        for (int a = 0; a < 3; ++a) {
          if (p[a] < 0) p[a] = 0, v[a] = std::abs(v[a]) * (a == 1 ? kRestitution : 1.0f);
          if (p[a] > extent_[a]) p[a] = extent_[a], v[a] = -std::abs(v[a]);
        }
      }
      break;
    }
    case SpeedProfile::kOrbit: {
      // Group centres circle the world's middle slowly; each group's boxes turn about it, a box
      // at the typical radius moving kOrbitSpeed sizes per step.
      const float radius = std::max(unit, 0.04f * std::max(extent_.x, extent_.z));
      const float spin = kOrbitSpeed * unit / radius;
      const float t = float(step_);
      const glm::vec3 mid = extent_ * 0.5f;
      for (size_t i = 0; i < n; ++i) {
        const uint32_t g = group_[i];
        const float a0 = group_phase_[g] + 0.002f * t;
        const glm::vec3 c =
            mid + (group_centre_[g] - mid) * glm::vec3(std::cos(a0), 1, std::cos(a0));
        const float a = spin * t * (g % 2 ? 1.0f : -1.0f);
        const glm::vec3 h = home_[i];
        const glm::vec3 p(c.x + std::cos(a) * h.x - std::sin(a) * h.z, c.y + h.y,
                          c.z + std::sin(a) * h.x + std::cos(a) * h.z);
        centre_[i] = glm::clamp(p, glm::vec3(0), extent_);
      }
      break;
    }
  }
  WriteFrame();
}

void FamilyMotion::WriteFrame() {
  frame_.resize(centre_.size());
  for (size_t i = 0; i < centre_.size(); ++i)
    frame_[i] = Aabb::FromCenterHalf(centre_[i], half_[i]);
}

}  // namespace partlab
