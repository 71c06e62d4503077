#!/usr/bin/env bash
# Frame rates of the two performance targets under llvmpipe at 1280x720: the
# Octree view with dragon_res2 and its depth-8 cells (camera still, and turning 0.5 degree a
# frame), and the Simulation view's scene 1 with 4,250 bodies and the BSP planes (panels shown,
# and --no-ui). Each case runs the real app under xvfb-run for N frames (the app's --frames
# report) and prints one row: median frame interval and fps, main-thread and process CPU per
# frame, and the load average, since wall-clock intervals only mean something on an idle machine.
#   scripts/frame-rates.sh [frames] [repeats]   (PARTLAB_BUILD_DIR: the build to use, default
#   build; PARTLAB_APP: a partlab binary instead, e.g. an older one to compare)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
app=${PARTLAB_APP:-${PARTLAB_BUILD_DIR:-$root/build}/app/partlab}
frames=${1:-150}
repeats=${2:-1}
[[ -x $app ]] || { echo "frame-rates.sh: $app not built (scripts/partlab run builds it)" >&2; exit 1; }
# Fresh settings so that a user's saved camera or panels do not change what is measured (as after
# a first run: the help panel closed, the other panels as they open by default).
config=$(mktemp -d)
trap 'rm -rf "$config"' EXIT
echo "panel.help=0" >"$config/settings.ini"

run() {  # NAME ORBIT_DEG ARGS...
  local name=$1 orbit=$2
  shift 2
  local report
  report=$(PARTLAB_CONFIG_DIR=$config PARTLAB_ORBIT_DEG=$orbit \
    xvfb-run -a -s "-screen 0 1920x1080x24" "$app" --size 1280x720 --frames "$frames" "$@" 2>&1 |
    grep 'medians over .* frames: interval') || { echo "$name: no frame report" >&2; return 1; }
  # "... interval 32.10 ms (31.2 fps), ... main thread CPU 20.1 ms, process CPU 55.0 ms (all
  # threads), load average 0.5 0.6 0.7"
  echo "$report" | sed -E "s/.*interval ([0-9.]+) ms \(([0-9.]+) fps\).*main thread CPU ([0-9.]+) ms, process CPU ([0-9.]+) ms.*load average ([0-9.]+).*/| $name | \1 | \2 | \3 | \4 | \5 |/"
}

echo "| case | interval ms | fps | main thread CPU ms | process CPU ms | load |"
echo "|---|---|---|---|---|---|"
for ((i = 0; i < repeats; ++i)); do
  run "octree, dragon_res2, depth-8 cells, still" 0 --view Octree --preset cells --octree-depth 8
  run "octree, same, camera turning" 0.5 --view Octree --preset cells --octree-depth 8
  run "simulation scene 1, 4,250 bodies, planes, panels" 0 --view Simulation --scene 1 --steps 1100
  run "simulation, same, --no-ui" 0 --view Simulation --scene 1 --steps 1100 --no-ui
done
