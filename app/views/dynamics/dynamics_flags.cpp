#include "app/views/dynamics/dynamics_flags.h"

#include "app/view/start_params.h"
#include "app/view/view_flags_cli.h"

namespace partlab {

void AddDynamicsFlags(ViewFlagDefs& defs) {
  AddViewTextFlag(defs, "--scene", "N|KEY", _("Dynamics: a scene's name or .scene file"));
  AddViewParamFlag(defs, view_params::kSteps, {N_("a count of physics steps"), true});
  AddViewTextFlag(defs, "--preset", "NAME",
                  _("Dynamics: one of see-through, ode-beside, stage-NAME"), kPresetLead);
}

DynamicsFlags ReadDynamicsFlags(const ViewFlagValues& flags) {
  return {flags.Text("--scene"), flags.Text("--preset"), flags.Int("--steps")};
}

}  // namespace partlab
