// partlab's flags. Interactive by default; --screenshot makes a headless run that renders N
// frames, writes the PNG and exits (used by the README screenshot and the smoke test).
#pragma once

#include <string>
#include <vector>

#include "app/clamped_value.h"
#include "engine/io/load_result.h"

namespace partlab {

struct Options {
  std::string screenshot;  // --screenshot FILE.png (empty: interactive)
  int frames = 0;          // --frames N: frames before the screenshot (default 5), or before an
                           // interactive run quits (0: run until closed); tests use both
  int width = 0;           // --size WxH (0: last window size, or the default)
  int height = 0;
  std::string model;       // --model PATH (empty: last model, or the default scene)
  std::string view;        // --view NAME (empty: last view, or the mesh viewer)
  std::string shader;      // --shader KEY (chapter_vertex_lighting | blinn_phong)
  int msaa = -1;           // --msaa N samples per pixel (-1: last setting, default 4)
  bool no_ui = false;      // --no-ui: no panels (clean renders for documents)
  bool show_help = false;  // --help
  // The octree view (issue 4), for scripted screenshots: --preset NAME picks what it shows
  // (cells, soup-low|medium|high, tint, ray, batch, heatmap[-paper|-ordered|-nodes|-log]),
  // --octree-depth N its maximum depth (1..12, clamped with a note), --ray ox,oy,oz,dx,dy,dz a ray
  // query from a fixed origin.
  std::string preset;
  int octree_depth = 0;   // 0: the view's default
  std::string placement;  // --placement paper|leaf (empty: the paper's)
  bool has_ray = false;
  float ray[6] = {0, 0, 0, 0, 0, 1};
  // The simulation view (issue 8): which scene, broad phase and trace to start with, and how many
  // physics steps to advance before the first frame (for headless screenshots).
  std::string scene;   // --scene N|KEY
  std::string algo;    // --algo NAME (a broad phase from the registry)
  int steps = 0;       // --steps N
  int bodies = 0;      // --bodies N: dynamic bodies of the scene (0: the scene's own count)
  std::string trace;   // --trace FILE (an AABBTRC1 trace: opens the replay viewer on it)
  std::string beside;  // --beside NAME: a second broad phase in a right-hand viewport
  // One line per number that was clamped into its range ("partlab: --size 1x1 clamped to
  // 64x64 (...)"): main prints them on stderr, the Scene panel shows them in yellow.
  std::vector<std::string> notes;
};

// The documented ranges of the numeric flags (README, "Bad input"). A number outside its range is
// clamped with a note; a value that is not a number at all, or a negative count, is an error.
constexpr ValueRange<int> kWindowSideRange{64, 8192, "the smallest window the panels fit in",
                                           "the largest window partlab opens"};
constexpr ValueRange<int> kOctreeDepthRange{1, 12, "the root alone is depth 1",
                                            "the octree view's maximum"};
constexpr ValueRange<int> kStepsRange{0, 100000, "", "the most steps run before the first frame"};
constexpr ValueRange<int> kBodiesRange{1, 100000, "a scene needs one body",
                                       "the simulation view's maximum"};

constexpr const char* kUsage =
    "usage: partlab [--screenshot FILE.png] [--frames N] [--size WxH] [--model PATH]\n"
    "               [--view NAME] [--shader chapter_vertex_lighting|blinn_phong] [--msaa N]\n"
    "               [--scene N] [--algo NAME] [--steps N] [--bodies N] [--trace FILE]\n"
    "               [--beside NAME]\n"
    "               (Simulation view: --steps 0..100000, --bodies 1..100000)\n"
    "               [--no-ui]\n"
    "               [--preset NAME] [--octree-depth N] [--placement paper|leaf]\n"
    "               [--ray ox,oy,oz,dx,dy,dz]   (Octree view: --octree-depth 1..12)\n"
    "numbers outside their range are clamped with a note; --size sides 64..8192\n"
    "headless: xvfb-run -a -s \"-screen 0 1920x1080x24\" partlab --screenshot out.png --frames 5\n";

// Errors are one line: "partlab: --size expects WxH (e.g. 1280x720), got 'big'".
LoadResult<Options> ParseCommandLine(int argc, char** argv);

// The options of the last successful ParseCommandLine, for views that take start-up flags (the
// octree view's --preset, --octree-depth, --ray) without widening AppContext.
const Options& ParsedCommandLine();

}  // namespace partlab
