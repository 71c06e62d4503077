#!/usr/bin/env bash
# Regenerates docs/results/ in one run: every partlab-bench subcommand runs at its published
# settings and writes its tables (<subcommand>[_<what>].csv and .md, figures beside them), each
# with the machine, its load average, the date, the command line and the commit measured at.
# Docs link these files; nobody types a measured number.
#
#   scripts/results.sh [BUILD_DIR]   run everything (default build dir: build; builds
#                                    partlab-bench in Release first) into a fresh folder, check
#                                    that it holds exactly the files listed below, then replace
#                                    docs/results/ with it
#   scripts/results.sh --list        the files a run writes, one per line
#   scripts/results.sh --check       fails (exit 1) naming every file in docs/results/ that a run
#                                    does not write (the test suite runs this)
#   scripts/results.sh --stale       lists the tables measured before the last commit that changed
#                                    the bench or the algorithm they time (or with no commit), and
#                                    the listed files not written yet
#
# It takes long: tens of minutes on a 2-core machine (the octree's 100,000-triangle soups and the
# four thesis simulations of 6,000 steps dominate). Run it on a quiet machine: every table prints
# the load average it was measured under. PARTLAB_RESULTS_DIR overrides the output folder. The
# per-step records too large to publish (sim --thesis's) stay in BUILD_DIR/results/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${PARTLAB_RESULTS_DIR:-$root/docs/results}

# Every file a run writes. A bench that writes a new table needs a line here, or the run fails.
expected_files() {
  cat <<'EOF'
astar.csv
astar.md
broadphase.csv
broadphase.md
broadphase_family.csv
broadphase_family.md
broadphase_family_map.csv
broadphase_family_map.gp
broadphase_family_map.md
broadphase_family_map.png
broadphase_family_traces.csv
broadphase_family_traces.md
broadphase_kinds.csv
broadphase_kinds.md
broadphase_kinds_sabsp.csv
broadphase_kinds_sabsp.md
construction.csv
construction.md
dynamics.csv
dynamics.md
dynamics_lcp.csv
dynamics_lcp.gp
dynamics_lcp.md
dynamics_lcp.png
octree-cores.csv
octree-cores.md
octree.csv
octree.md
octree_runtime_high.png
octree_runtime_low.png
octree_runtime_medium.png
octree_speedup.png
octree_build.csv
octree_build.md
octree_checks.csv
octree_checks.md
octree_embree.csv
octree_embree.md
partition-floor.csv
partition-floor.md
partition-floor_motion.csv
partition-floor_motion.md
scaling_moving.csv
scaling_moving.gp
scaling_moving.md
scaling_moving.png
sim.csv
sim.md
sim_thesis.csv
sim_thesis.md
sim_thesis_depth.png
sim_thesis_physics.png
sim_thesis_scene1.png
sim_thesis_scene2.png
sim_thesis_scene3.png
sim_thesis_scene4.png
visibility.csv
visibility.md
visibility_bsp.csv
visibility_bsp.md
visibility_portals.csv
visibility_portals.md
visibility_portals_corridor.csv
visibility_portals_corridor.md
EOF
}

# The sources a table times: its bench and the algorithms under it (paths for git log). The
# bench's shared code (results writer, statistics, command line) counts for every table.
sources_of() {  # table stem -> paths
  local common="bench/results_writer.cpp bench/results_writer.h bench/bench_stats.cpp bench/bench_stats.h bench/bench_cli.cpp bench/bench_cli.h bench/main.cpp"
  case $1 in
    astar*) echo "$common bench/astar_bench.cpp engine/ai" ;;
    broadphase*) echo "$common bench/broadphase_bench.cpp bench/family_report.cpp bench/family_report.h bench/pair_set_reference.cpp bench/box_sweep_flags.cpp engine/broadphase" ;;
    construction*) echo "$common bench/construction_bench.cpp engine/broadphase" ;;
    dynamics*) echo "$common bench/dynamics_bench.cpp engine/dynamics engine/physics" ;;
    octree-cores*) echo "$common bench/octree_cores_bench.cpp engine/octree" ;;
    octree*) echo "$common bench/octree_bench.cpp bench/octree_cases.cpp bench/octree_reference.cpp bench/embree_rays.cpp engine/octree" ;;
    partition-floor*) echo "$common bench/partition_floor_bench.cpp engine/broadphase" ;;
    scaling*) echo "$common bench/scaling_bench.cpp engine/broadphase" ;;
    sim*) echo "$common bench/sim_bench.cpp scripts/plot_sim.gp engine/broadphase engine/scenes engine/physics" ;;
    visibility*) echo "$common bench/visibility_bench.cpp bench/visibility_portals.cpp engine/visibility" ;;
    *) echo "" ;;
  esac
}

# The commit a table records ("at commit X" in the markdown, "# commit: X" in the CSV), "" if none.
recorded_commit() {
  sed -n 's/.* at commit \([0-9a-f]\{7,40\}\)\(-dirty\)\{0,1\}[ .].*/\1/p; s/^# commit: \([0-9a-f]\{7,40\}\).*/\1/p' "$1" | head -n 1
}

check() {
  local bad=0 f
  for f in "$out"/*; do
    [[ -e $f ]] || continue
    if ! expected_files | grep -qxF "$(basename "$f")"; then
      echo "results.sh: $f is not a file scripts/results.sh writes (generated tables only; remove it or make a bench write it and list it in scripts/results.sh)" >&2
      bad=1
    fi
  done
  return $bad
}

stale() {
  local md stem commit last paths any=0
  while read -r name; do
    if [[ ! -e $out/$name ]]; then
      echo "$name: not written yet"
      any=1
      continue
    fi
    [[ $name == *.md ]] || continue
    md=$out/$name
    stem=${name%.md}
    paths=$(sources_of "$stem")
    commit=$(recorded_commit "$md")
    # shellcheck disable=SC2086
    last=$(git -C "$root" log -1 --format=%h -- $paths)
    if [[ -z $commit ]]; then
      echo "$name: no commit recorded (last change to what it times: $last)"
      any=1
    elif ! git -C "$root" cat-file -e "$commit^{commit}" 2>/dev/null; then
      echo "$name: measured at $commit, not a commit of this repository (last change: $last)"
      any=1
    elif ! git -C "$root" merge-base --is-ancestor "$last" "$commit"; then
      echo "$name: measured at $commit, before $last changed what it times"
      any=1
    fi
  done < <(expected_files)
  [[ $any == 0 ]] && echo "results.sh: every table was measured at or after the last change to what it times" >&2
  return 0
}

case ${1:-} in
  --list) expected_files; exit 0 ;;
  --check) check; exit $? ;;
  --stale) stale; exit 0 ;;
  -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
esac

build=$(realpath -m "${1:-$root/build}")
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" --target partlab-bench
bench=$build/bench/partlab-bench
commit=$(git -C "$root" rev-parse --short=12 HEAD)
[[ -z $(git -C "$root" status --porcelain --untracked-files=no) ]] || commit="$commit-dirty"
export PARTLAB_RESULTS_COMMIT=$commit
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
echo "results.sh: measuring at commit $commit, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2

run() {
  echo "== partlab-bench $*" >&2
  "$bench" "$@" --results "$fresh"
}

# Every subcommand the dispatcher lists; the ones needing inputs get them here.
for sub in $("$bench" --help | awk '/^subcommands:/ {on = 1; next} on && NF {print $1}'); do
  case $sub in
    broadphase) run broadphase --generate moving --boxes 4250 --frames 200 --seed 1 ;;
    # ODE's quadtrees take seconds per build at 100,000 boxes: a budget skips the sizes past it.
    construction) run construction --budget-ms 400 ;;
    # Every soup size (1,000 to 100,000) and every model; three passes a method keep it to minutes.
    # Then the paper's run-time charts (Figures 10, 12, 14 and 19) drawn from the table.
    octree)
      run octree --repeats 3
      gnuplot -e "csv='$fresh/octree.csv'; outdir='$fresh'" "$root/scripts/plot_octree.gp" ;;
    # 600 steps a scene; the LCP sweep stops past a second a step.
    dynamics) run dynamics --measure --steps 600 --budget-ms 1000 ;;
    # The shipped levels, then the generated 3,000-cell corridor (the PVS builds' cost, 3.2.3.4).
    visibility)
      run visibility --pvs-dense-density 2
      run visibility --only portals --corridor-cells 3000 --pvs-miss-densities 0.1,0.5 --frames 150 ;;
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
# The last two stages run side by side, one per core: the motion family's held-out traces
# (engine/broadphase/motion_family.h: 64 seeds never used for tuning, 1,000 to 50,000 boxes, every
# algorithm but brute force, two runs per trace, and the winner map at 2,000 and 20,000 boxes;
# docs/results/broadphase_family*; an algorithm past 50 ms a step on a trace stops there) and the
# thesis's experiment (6.1, 6,000 steps: Table 6.1 beside the thesis's and figures 6.2-6.9; its
# per-step records stay in the build directory). Each takes the better part of an hour on the
# machine of the tables, and both time their steps on the stepping thread's CPU clock
# (engine/thread_cpu_clock.h): it counts no time the other core's work takes, only what that work
# slows by sharing the caches and the memory bus. Every earlier stage runs alone: some time the
# wall clock, some use both cores.
echo "== partlab-bench sim --thesis (beside the next stage)" >&2
(cd "$root" && "$bench" sim --thesis --summary "$fresh/sim_thesis.csv" \
  --markdown "$fresh/sim_thesis.md" --plots "$fresh" --csv "$build/results/sim_thesis_steps.csv") &
thesis=$!
run broadphase --family heldout --boxes 1000,50000 --frames 60 --rounds 2 --map --map-boxes 2000,20000 --budget-ms 50
wait "$thesis" || { echo "results.sh: partlab-bench sim --thesis failed; docs/results/ left as it was" >&2; exit 1; }
# Figures compressed losslessly (optipng, scripts/install-deps.sh).
if command -v optipng >/dev/null; then optipng -quiet -o2 -strip all "$fresh"/*.png; fi

# Exactly the listed files, or nothing is published.
if ! diff <(expected_files | LC_ALL=C sort) <(cd "$fresh" && ls -1 | LC_ALL=C sort) >&2; then
  echo "results.sh: the run wrote other files than scripts/results.sh lists (diff above: < listed, > written); docs/results/ left as it was" >&2
  exit 1
fi
mkdir -p "$out"
find "$out" -mindepth 1 -maxdepth 1 -type f -delete
cp "$fresh"/* "$out"/
echo "results.sh: every table written into $out at commit $commit" >&2
