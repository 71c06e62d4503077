#include "app/welcome/first_run_scene.h"

#include <cstdio>

namespace partlab {

bool StartsOnFirstRunScene(bool first_run, bool headless, const Options& options) {
  return first_run && !headless && options.view.empty() && options.model.empty() &&
         options.lesson.empty();
}

bool ChooseFirstRunScene(bool first_run, bool headless, Options& options) {
  if (!StartsOnFirstRunScene(first_run, headless, options)) return false;
  options.view = kFirstRunView;
  std::printf("partlab: first start: the %s view, the semi-adjusting BSP at work\n", kFirstRunView);
  return true;
}

}  // namespace partlab
