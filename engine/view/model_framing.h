// Whether the orbit camera can frame a model at all. Coordinates that are each legal floats
// still break the derived values: a model spanning +-3e38 has an extent that overflows a float
// (the camera's distance becomes infinite and its matrices NaN), one of extent 1e-40 is framed
// from a distance where it covers no pixel, and a model of extent 1 at 1e8 from the origin is
// finer than float precision there. Each case used to show an empty scene and say nothing. The
// checks are made in double before the model replaces the current one, so the app keeps what it
// had and says why.
#pragma once

#include <glm/vec3.hpp>
#include <span>
#include <string>

namespace partlab {

// The orbit camera's distance range (OrbitCamera::Zoom clamps to it).
inline constexpr float kCameraMinDistance = 1e-4f, kCameraMaxDistance = 1e7f;

// Framing puts the eye between about 1.05 and 3 bounding radii from the centre (45° field of
// view, 10% margin), so these radii keep it inside the camera's range.
inline constexpr double kMinFramedRadius = 1e-4, kMaxFramedRadius = 1e6;
// A model smaller than this fraction of its distance from the origin spans only a few float
// steps there (a float has 24 bits: 1 part in 1.7e7).
inline constexpr double kMinRadiusPerDistance = 1e-6;

// "" when the camera can frame `points` (a single point counts: it is framed as a dot), else one
// phrase for the user: "its extent 6.8e+38 is beyond the 2e+06 the camera frames".
std::string FramingProblem(std::span<const glm::vec3> points);

}  // namespace partlab
