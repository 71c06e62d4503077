// The app's own parameters (settings.ini next to imgui.ini), each declared once: the window, the
// multisampling, and the panels shown. The settings file and the command line read these rows
// (engine/params/param.h); --size sets both window sides in one flag.
#pragma once

#include "engine/params/param.h"
#include "engine/text/translatable.h"

namespace partlab::app_params {

inline constexpr ValueRange<int> kWindowSide{64, 8192, N_("the smallest window the panels fit in"),
                                             N_("the largest window partlab opens")};

inline constexpr Param<int> kWindowWidth{"window.width",
                                         "",
                                         N_("Window width"),
                                         1600,
                                         kWindowSide,
                                         N_("screen units"),
                                         N_("The window's width when partlab opens (--size WxH).")};
inline constexpr Param<int> kWindowHeight{
    "window.height",
    "",
    N_("Window height"),
    900,
    kWindowSide,
    N_("screen units"),
    N_("The window's height when partlab opens (--size WxH).")};

// Multisampling: smooth edges on a GPU; on a software renderer (Mesa llvmpipe) the resolve runs on
// the CPU and triples the frame time, hence 0 there unless a flag asks.
inline constexpr Param<int> kMsaa{
    "msaa",
    "--msaa",
    "MSAA",  // untranslated: an abbreviation
    4,
    {0, 16, N_("no multisampling"), N_("the most GL offers")},
    N_("samples"),
    N_("Samples per pixel of the window's framebuffer; 0 under software rendering.")};

inline constexpr BoolParam kVsync{"vsync", "", N_("Vsync"), true,
                                  N_("Wait for the display's refresh.")};
inline constexpr BoolParam kGrid{"grid", "", N_("Grid"), true, N_("The ground grid.")};
inline constexpr BoolParam kWireframe{"wireframe", "", N_("Wireframe"), false,
                                      N_("Triangle edges.")};
inline constexpr BoolParam kHelpPanel{"panel.help", "", N_("Help"), false, N_("The help window.")};
inline constexpr BoolParam kStatsPanel{"panel.stats", "", N_("Stats"), true,
                                       N_("The stats window.")};
inline constexpr BoolParam kScenePanel{"panel.scene", "", N_("Scene"), true,
                                       N_("The scene window.")};

}  // namespace partlab::app_params
