#!/usr/bin/env bash
# Renders one screenshot per view and preset with a given partlab binary, so a refactoring can be
# checked pixel by pixel against the binary before it (scripts/compare-renders.sh):
#   scripts/render-views.sh PARTLAB OUT_DIR [FLAG...]
# FLAGs are added to every run (--no-ui: the scenes alone, for a change that also rewords panels).
# Headless under xvfb-run (Mesa llvmpipe); software rendering, 960x540, no multisampling.
set -euo pipefail
partlab=$1
out=$2
shift 2
extra=("$@")
mkdir -p "$out"
config=$(mktemp -d)
trap 'rm -rf "$config"' EXIT
export PARTLAB_CONFIG_DIR=$config

# name | flags
cases=(
  "mesh|--view Mesh viewer"
  "octree_cells|--view Octree --preset cells"
  "octree_soup_low|--view Octree --preset soup-low"
  "octree_soup_medium|--view Octree --preset soup-medium"
  "octree_soup_high|--view Octree --preset soup-high"
  "octree_tint|--view Octree --preset tint"
  "octree_ray|--view Octree --preset ray"
  "octree_batch|--view Octree --preset batch"
  "octree_heatmap|--view Octree --preset heatmap"
  "octree_heatmap_paper|--view Octree --preset heatmap-paper"
  "octree_heatmap_ordered|--view Octree --preset heatmap-ordered"
  "octree_heatmap_nodes|--view Octree --preset heatmap-nodes"
  "octree_heatmap_log|--view Octree --preset heatmap-log"
  "octree_depth4_leaf|--view Octree --preset cells --octree-depth 4 --placement leaf"
  "sim_scene1|--view Simulation --scene 1 --steps 30"
  "sim_scene2|--view Simulation --scene 2 --steps 30"
  "sim_scene3|--view Simulation --scene 3 --steps 30"
  "sim_scene4|--view Simulation --scene 4 --steps 30"
  "visibility_backface|--view Visibility --preset backface"
  "visibility_frustum|--view Visibility --preset frustum"
  "visibility_room|--view Visibility --preset room"
  "visibility_room_god|--view Visibility --preset room,god"
  "visibility_room_split|--view Visibility --preset room,split"
  "visibility_book|--view Visibility --preset book"
  "portals_class|--view Portals --preset class"
  "portals_large|--view Portals --preset large"
  "dynamics|--view Dynamics"
  "dynamics_ode_beside|--view Dynamics --preset ode-beside"
  "pathfinding|--view Path finding"
)
for c in "${cases[@]}"; do
  name=${c%%|*}
  IFS='|' read -r _ flags <<<"$c"
  # "--view Mesh viewer": the view name may hold a space; split the flags on " --".
  args=()
  rest=" $flags"
  while [[ -n "$rest" ]]; do
    rest=${rest# --}
    item=${rest%% --*}
    [[ "$item" == "$rest" ]] && rest="" || rest=" --${rest#* --}"
    args+=("--${item%% *}")
    [[ "$item" == *" "* ]] && args+=("${item#* }")
  done
  if ! xvfb-run -a -s "-screen 0 1920x1080x24" "$partlab" "${args[@]}" --size 960x540 --msaa 0 \
      "${extra[@]}" --screenshot "$out/$name.png" >"$out/$name.log" 2>&1; then
    echo "render-views: $name failed (see $out/$name.log)" >&2
  fi
done
