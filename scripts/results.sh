#!/usr/bin/env bash
# Regenerates docs/results/: every partlab-bench subcommand runs at its published settings and
# writes its tables there itself (<subcommand>[_<what>].csv and .md, each with the machine, the
# date and the command line). Docs quote or link these files; nobody types a measured number.
#
#   scripts/results.sh [BUILD_DIR]      (default: build; builds partlab-bench in Release first)
#
# It takes long: tens of minutes on a 2-core machine (the octree's 100,000-triangle soups and the
# four thesis simulations of 3000 steps dominate). Run it on a quiet machine: every table prints
# the load average it was measured under. PARTLAB_RESULTS_DIR overrides the output folder.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
out=${PARTLAB_RESULTS_DIR:-$root/docs/results}
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" --target partlab-bench
bench=$build/bench/partlab-bench
mkdir -p "$out"

run() {
  echo "== partlab-bench $*" >&2
  "$bench" "$@" --results "$out"
}

# Every subcommand the dispatcher lists; the ones needing inputs get them here.
for sub in $("$bench" --help | awk '/^subcommands:/ {on = 1; next} on && NF {print $1}'); do
  case $sub in
    broadphase) run broadphase --generate moving --boxes 4250 --frames 200 --seed 1 ;;
    # ODE's quadtrees take seconds per build at 100,000 boxes: a budget skips the sizes past it.
    construction) run construction --budget-ms 400 ;;
    # Every soup size (1,000 to 100,000) and every model; three passes a method keep it to minutes.
    octree) run octree --repeats 3 ;;
    # 600 steps a scene; the LCP sweep stops past a second a step.
    dynamics) run dynamics --measure --steps 600 --budget-ms 1000 ;;
    visibility) run visibility --pvs-dense-density 2 ;;
    # Its trace: the thesis's scene 2 (attractor clouds) as `sim --thesis` runs it, 6,000 steps.
    partition-floor)
      traces=$(mktemp -d)
      "$bench" sim --scene 2 --steps 6000 --algo box_pruning --record "$traces/sim-scene2-6000-steps.trc" >&2
      run partition-floor --trace "$traces/sim-scene2-6000-steps.trc"
      rm -rf "$traces" ;;
    *) run "$sub" ;;
  esac
done
# The broad phases over generated kinds of game motion, two sizes, three seeds each, five runs
# per seed (docs/results/broadphase_kinds*.md; several minutes).
run broadphase --kinds moving,raining,swarming,bursting --boxes 2000,4250 --seeds 1,2,3 --frames 100 --rounds 5
# The thesis's experiment (6.1, 6,000 steps): Table 6.1 beside the thesis's and figures 6.2-6.9,
# written into docs/results/sim_thesis.* (the longest run of all).
echo "== partlab-bench sim --thesis" >&2
(cd "$root" && "$bench" sim --thesis)
echo "results.sh: tables written into $out" >&2
