// A plugin's parameters (include/partlab/plugin.h, partlab_param) as slider rows, like ours: the
// range and tooltip are the plugin's, a value typed outside the range is clamped with the yellow
// note under the row, and the caller rebuilds or replays when a row was changed.
#pragma once

#include <cstdint>
#include <functional>

#include "app/panels/clamped_widgets.h"
#include "partlab/plugin.h"

namespace partlab {

struct PluginParams {
  uint32_t count = 0;
  std::function<bool(uint32_t, partlab_param&)> get;  // false: the row is not shown
  std::function<bool(uint32_t, double)> set;          // false: the plugin refused
};

// The rows; true when one was changed and the plugin took the new value.
bool PluginParamRows(const PluginParams& params, ClampNote& note);

}  // namespace partlab
