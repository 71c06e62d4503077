#include "app/welcome/first_run_scene.h"

#include <cstdio>

namespace partlab {

bool StartsOnFirstRunScene(bool first_run, bool headless, const Options& options) {
  return first_run && !headless && options.view.empty() && options.model.empty() &&
         options.lesson.empty();
}

bool ChooseFirstRunScene(bool first_run, bool headless, Options& options, ViewStart& start) {
  if (!StartsOnFirstRunScene(first_run, headless, options)) return false;
  options.view = kFirstRunView;
  options.view_flags.Set("--bodies", kFirstRunBodies);
  start.flags.Set("--bodies", kFirstRunBodies);
  std::printf("partlab: first start: the %s view with %s bodies, the semi-adjusting BSP at work\n",
              kFirstRunView, kFirstRunBodies);
  return true;
}

}  // namespace partlab
