// The dynamics scene file: a small line-oriented text format (docs/dynamics.md) that the view and
// `partlab-bench dynamics` both load. One directive per line, '#' starts a comment:
//   title Ball bouncing on the floor
//   title_pt Bola quicando no chão          (the title in Portuguese, shown under --lang pt_BR)
//   gravity 0 -9.81 0          timestep 0.004          integrator rk4|semi-implicit|euler
//   restitution-combine max|min|mean                    friction 0   (outside the chapter)
//   broadphase sap             lcp on|off              lcp-max 200
//   floor [height] [restitution]
//   plane nx ny nz offset [restitution]
//   box    half=hx,hy,hz mass=m pos=x,y,z [rot=ax,ay,az,degrees] [vel=..] [angvel=..]
//          [restitution=e] [name=..] [static]
//   sphere radius=r mass=m pos=.. (same optional keys)
//   grid nx,ny,nz dx,dy,dz box|sphere ...   (nx·ny·nz copies, offset by i·dx, j·dy, k·dz)
// A bad line gets one error "file:line: problem" and nothing is loaded.
//
// A scene file may come from someone else, so what it can ask for is bounded
// (docs/hostile-inputs.md): the file's size, a line's length, the number of bodies, and the largest
// resting-contact LCP, whose dense Lemke tableau costs O(n^2) memory and O(n^2) per pivot.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/dynamics/dynamics_world.h"

namespace partlab::dynamics {

inline constexpr uint64_t kMaxSceneBytes = 4u << 20;  // the shipped scenes are under 2 KB
inline constexpr size_t kMaxSceneLineBytes = 4096;    // a body with every key is under 300
inline constexpr size_t kMaxSceneBodies = 5000;       // what one grid line already allowed
// lcp-max's ceiling: Lemke's dense tableau at 384 contacts is 384 x 769 doubles (2.4 MB) and each
// pivot touches all of it; docs/results/dynamics_lcp.md has the measured time per step.
inline constexpr int kMaxLcpSize = 384;

struct SceneFile {
  std::string title;
  std::string title_pt;  // "" when the file gives none: the English title is shown
  DynamicsParams params;
  std::vector<BodyDesc> bodies;
};

// Parses `text` (named `file` in errors). False with one line "file:line: problem" in `error`.
bool ParseScene(std::string_view text, std::string_view file, SceneFile& out, std::string& error);
bool LoadSceneFile(const std::string& path, SceneFile& out, std::string& error);

// A world holding the scene's bodies, with overlapping bodies pushed apart (the note says so).
// False with the problem in `error` (a body MakeBody refuses, named by its index, or bodies too
// crowded to separate: DynamicsWorld::kMaxStartPairs).
bool BuildWorld(const SceneFile& scene, DynamicsWorld& world, std::string& note,
                std::string& error);

}  // namespace partlab::dynamics
