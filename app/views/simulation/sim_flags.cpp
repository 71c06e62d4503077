#include "app/views/simulation/sim_flags.h"

#include "app/view/start_params.h"
#include "app/view/view_flags_cli.h"
#include "engine/broadphase/sabsp/bsp_param_table.h"

namespace partlab::simulation_view {

void AddSimulationFlags(ViewFlagDefs& defs) {
  AddViewTextFlag(defs, "--scene", "N|KEY", _("Simulation: the scene, by number or key"));
  AddViewTextFlag(defs, "--algo", "NAME", _("Simulation: the broad phase, by registry name"));
  AddViewParamFlag(defs, view_params::kSteps, {N_("a count of physics steps"), true});
  AddViewParamFlag(defs, kBodies, {N_("a number of bodies"), false});
  AddViewPathFlag(defs, "--trace", N_("a path to an AABBTRC1 trace"),
                  _("Simulation: replay this AABBTRC1 trace"));
  AddViewTextFlag(defs, "--beside", "NAME",
                  _("Simulation: a second broad phase drawn in a right-hand viewport"));
  AddViewTextFlag(defs, "--preset", "NAME", _("Simulation: a thesis figure by key (bsp_figures.h)"),
                  kPresetLead);
  // Every parameter of the semi-adjusting BSP, as its panel and settings file know it.
  bsp_params::ForEachRow([&](const auto& row) { AddViewRowFlag(defs, row); });
}

SimFlags ReadSimFlags(const ViewFlagValues& flags) {
  SimFlags f;
  f.scene = flags.Text("--scene");
  f.algo = flags.Text("--algo");
  f.steps = flags.Int("--steps");
  f.bodies = flags.Int("--bodies");
  f.trace = flags.Text("--trace");
  f.beside = flags.Text("--beside");
  f.preset = flags.Text("--preset");
  return f;
}

}  // namespace partlab::simulation_view
