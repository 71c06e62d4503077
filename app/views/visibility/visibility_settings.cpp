// The Visibility view's start-up settings: the --preset words a screenshot or a lesson step
// starts it with (the class is in visibility_view.h).
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <string>

#include "app/i18n/translate.h"
#include "app/view/view_flags_cli.h"
#include "app/views/visibility/visibility_flags.h"
#include "app/views/visibility/visibility_view.h"

namespace partlab {

void AddVisibilityFlags(ViewFlagDefs& defs) {
  AddViewTextFlag(defs, "--preset", "NAME",
                  _("Visibility: backface|frustum|room|book with god|observer|split"), kPresetLead);
}

// --preset: comma-separated words, a mode (backface | frustum | room) and a display
// (god | observer | split), e.g. --preset room,split.
void VisibilityView::ApplyPreset(const ViewStart& launch) {
  print_summary_ = launch.screenshot;
  size_t start = 0;
  const std::string p = launch.flags.Text("--preset");
  while (start <= p.size() && !p.empty()) {
    const size_t comma = p.find(',', start);
    const std::string word = p.substr(start, comma == std::string::npos ? comma : comma - start);
    if (word == "backface") mode_ = Mode::kBackface;
    if (word == "frustum") mode_ = Mode::kFrustum;
    if (word == "room") mode_ = Mode::kRoom;
    if (word == "god") display_ = Display::kGod;
    if (word == "observer") display_ = Display::kObserver;
    if (word == "split") display_ = Display::kSplit;
    if (word == "no-cull")
      room_bsp_.subtree_culling = frustum_culling_.enabled = backface_.culling = false;
    if (word == "book") mode_ = Mode::kRoom, room_bsp_.book_example = true;
    if (word == "geometry-stage") backface_.geometry_stage = true;
    static constexpr const char* kWords[] = {"backface", "frustum",  "room",
                                             "god",      "observer", "split",
                                             "no-cull",  "book",     "geometry-stage"};
    if (!word.empty() && std::none_of(std::begin(kWords), std::end(kWords),
                                      [&](const char* w) { return word == w; }))
      notices().Note(Formatted(_("partlab: --preset: '%s' means nothing to the Visibility view "
                                 "(backface, frustum, room, book, god, observer, split, no-cull, "
                                 "geometry-stage), ignored"),
                               word.c_str()));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (display_ == Display::kObserver) driven_ = Driven::kObserver;
}

}  // namespace partlab
