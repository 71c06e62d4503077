// A view's own command-line flags, and what a view knows of how the app was started.
//
// Each view declares its flags in a function named in its ViewEntry (app/view.h), e.g.
//   void AddOctreeFlags(ViewFlagDefs& defs);   // --octree-depth, --placement, --ray, --preset
// The command line (app/command_line.h) calls every registered view's function on one parser, so
// `partlab --help` lists each view's flags under the view's name, and a flag's value, checked and
// clamped by its own rules (app/view/view_flags_cli.h), lands in ViewFlagValues by flag name. The
// app keeps that store without knowing what is in it; a view reads its own flags from it when it
// is built (AppContext::start). A flag several views read (--preset, --scene, --steps) is parsed
// once and listed once, its help made of each view's part.
#pragma once

#include <string>
#include <vector>

#include "engine/params/param.h"
#include "engine/params/param_rows.h"

namespace CLI {
class App;
}

namespace partlab {

// The views' parsed flags: text by flag name ("--octree-depth" -> "12"), and the rows a view
// binds to flags (AddRowFlag) by settings key ("sim.bsp.split_min" -> "16"), so a view reads the
// latter with LoadRow as it reads its settings file. Every value was checked (and numbers
// clamped) when it was parsed.
struct ViewFlagValues : ParamTexts {
  std::string Text(const std::string& flag) const { return Get(flag, ""); }
  // The flag's number, or `fallback` when it was not given.
  int Int(const std::string& flag, int fallback = 0) const {
    int value = fallback;
    if (Has(flag)) detail::ParseNumber(std::string_view(Get(flag, "")), value);
    return value;
  }
};

// What a view's flag function is handed: the parser, the view's name (its flags' group in
// --help), the store and the clamp notes ("partlab: --steps 5000000 clamped to ...").
struct ViewFlagDefs {
  CLI::App& app;
  const char* view;
  ViewFlagValues& values;
  std::vector<std::string>& notes;
};

using AddViewFlags = void (*)(ViewFlagDefs& defs);

// One view's flag function, under the view's name.
struct ViewFlagGroup {
  const char* view;
  AddViewFlags add;
};

// What a view knows of how the app was started: its flags and the few app-wide facts a view acts
// on. Built from the command line (or a lesson step's flags) by whoever builds the view.
struct ViewStart {
  bool screenshot = false;  // a --screenshot run: jobs finish before the frame is drawn
  bool in_lesson = false;   // a lesson step: its file alone decides what the view shows
  int frames = 0;           // --frames N (0: run until closed)
  int width = 0;            // --size WxH (0: not given)
  int height = 0;
  ViewFlagValues flags;
};

}  // namespace partlab
