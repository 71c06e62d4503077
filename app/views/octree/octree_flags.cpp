#include "app/views/octree/octree_flags.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "app/view/view_flags_cli.h"
#include "engine/octree/octree_param_table.h"

namespace partlab::octree_view {

bool ParseRay(std::string_view text, float out[6]) {
  float v[6];
  for (int k = 0; k < 6; ++k) {
    const size_t comma = k < 5 ? text.find(',') : text.size();
    if (comma == std::string_view::npos) return false;
    const std::string_view item = text.substr(0, comma);
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v[k]);
    if (ec != std::errc() || end != item.data() + item.size() || !std::isfinite(v[k])) return false;
    text.remove_prefix(k < 5 ? comma + 1 : comma);
  }
  if (v[3] == 0 && v[4] == 0 && v[5] == 0) return false;
  std::copy(v, v + 6, out);
  return true;
}

namespace {

std::string AcceptRay(const std::string& text) {
  float ray[6];
  if (ParseRay(text, ray)) return "";
  return "--ray expects ox,oy,oz,dx,dy,dz (six numbers, direction not zero), got '" + text + "'";
}

}  // namespace

void AddOctreeFlags(ViewFlagDefs& defs) {
  namespace op = octree_params;
  AddViewTextFlag(defs, "--preset", "NAME",
                  _("Octree: cells, soup-low|medium|high, tint, ray, batch, "
                    "heatmap[-paper|-ordered|-nodes|-log]"),
                  kPresetLead);
  AddViewParamFlag(defs, op::kMaxDepth);
  AddViewChoiceFlag(defs, op::kPlacement);
  AddViewCheckedFlag(defs, "--ray", "ox,oy,oz,dx,dy,dz",
                     _("Octree: a ray query from a fixed origin"), &AcceptRay);
  AddViewPathFlag(defs, "--rays-in", N_("a path to a RAYSET01 file"),
                  _("Octree: the batch's rays from a RAYSET01 file instead of random ones"));
  AddViewTextFlag(defs, "--ray-plugin", "NAME",
                  _("Octree: the ray-structure plugin checked beside the octree (default: the last "
                    "loaded; 'octree' for none)"));
  AddViewTextFlag(defs, "--plugin-param", "NAME=VALUE",
                  _("Octree: set the ray-structure plugin's parameter NAME, clamped to its range"));
}

}  // namespace partlab::octree_view
