# Plots of `partlab-bench sim --csv FILE` in the style of the thesis's Figures 6.2, 6.4, 6.6, 6.8
# (per simulation: performance, pairs, pair time, structural update time against the step) and
# 6.9 (BSP depth, mean and max, for the four simulations). Usage:
#   gnuplot -e "csv='build/results/sim_steps.csv'; outdir='build/results'" scripts/plot_sim.gp
# Writes OUTDIR/PREFIX_scene1.png .. PREFIX_scene4.png, PREFIX_depth.png and PREFIX_physics.png. Values are
# averaged over bins of `bin` steps (default: steps/150) so that trends are readable.
if (!exists("csv")) csv = "sim.csv"
if (!exists("outdir")) outdir = "build/results"
# File names start with `prefix` (sim_scene1.png ...); `bsps` lists the BSP profiles whose depth
# Figure 6.9 shows (partlab-bench sim --thesis passes "sabsp_thesis sabsp").
if (!exists("prefix")) prefix = "sim"
if (!exists("bsps")) bsps = "sabsp"

set datafile separator ","
set terminal pngcairo size 1400,950 font "sans,10" noenhanced
# One distinguishable colour per algorithm, from palette.gp beside this script.
load system("dirname '".ARG0."'")."/palette.gp"
set grid lc rgb "#dddddd"
set key outside right top samplen 2
set style data lines

steps = real(system(sprintf("awk -F, 'NR>1 && $3>m {m=$3} END {print m+1}' %s", csv)))
if (!exists("bin")) bin = (steps > 300) ? floor(steps / 150) : 1
binx(x) = floor(x / bin) * bin

# Rows of one scene and one algorithm, streamed through awk (column 1 = scene, 2 = algorithm).
rows(s, a) = sprintf("< awk -F, '$1==%d && $2==\"%s\"' %s", s, a, csv)
algos(s) = system(sprintf("awk -F, '$1==%d {print $2}' %s | awk '!seen[$0]++' | tr '\\n' ' '", s, csv))
scenes = system(sprintf("awk -F, 'NR>1 {print $1}' %s | sort -un | tr '\\n' ' '", csv))
title(s) = s == 1 ? "Simulation 1: terrain" : s == 2 ? "Simulation 2: attractor clouds" : \
           s == 3 ? "Simulation 3: breaking blocks" : "Simulation 4: compartments"

# Columns: 3 step, 6 pairs, 7 update_ms, 8 pairs_ms, 9 bp_ms, 10 depth_mean, 11 depth_max,
# 12 physics_ms, 15 candidates.
do for [s in scenes] {
  n = int(s)
  set output sprintf("%s/%s_scene%d.png", outdir, prefix, n)
  set multiplot layout 2,2 title sprintf("%s (as Figures 6.2/6.4/6.6/6.8), bins of %d steps", title(n), bin)
  set xlabel "step"
  set logscale y
  set ylabel "ms per step"
  set title "Performance: broad phase total (update + pairs)"
  plot for [a in algos(n)] rows(n, a) using (binx($3)):9 smooth unique title a
  set ylabel "pairs per step"
  set title "Number of pairs (candidates handed on; exact pairs dashed)"
  plot for [a in algos(n)] rows(n, a) using (binx($3)):15 smooth unique title a, \
       rows(n, "brute") using (binx($3)):6 smooth unique dt 2 lc rgb "black" title "exact pairs"
  set ylabel "ms per step"
  set title "Pair time (FindPairs)"
  plot for [a in algos(n)] rows(n, a) using (binx($3)):8 smooth unique title a
  set title "Structural update time (edits + Update)"
  plot for [a in algos(n)] rows(n, a) using (binx($3)):7 smooth unique title a
  unset logscale y
  unset multiplot
}

# Figure 6.9: the BSP's depth in each simulation.
set output sprintf("%s/%s_depth.png", outdir, prefix)
set multiplot layout 2,2 title "BSP depth per step (as Figure 6.9 (a)-(d))"
set ylabel "leaf depth"
# The max lines reach the top bin: leave a margin above so they are never drawn off the frame.
set autoscale y
set offsets 0, 0, 1, 0
do for [s in scenes] {
  n = int(s)
  set title title(n)
  plot for [b in bsps] rows(n, b) using (binx($3)):10 smooth unique lw 2 title b." mean", \
       for [b in bsps] rows(n, b) using (binx($3)):11 smooth unique lw 1 dt 2 title b." max"
}
unset multiplot
set offsets 0, 0, 0, 0

# Physics against the broad phase of the physics run, per step (the broad phase must
# never be the bottleneck). The physics time is the same on every row of a scene.
set output sprintf("%s/%s_physics.png", outdir, prefix)
set multiplot layout 2,2 title "ODE physics (narrow phase + solver) vs the BSP broad phase, ms per step"
set logscale y
set ylabel "ms per step"
do for [s in scenes] {
  n = int(s)
  set title title(n)
  plot rows(n, word(bsps, 1)) using (binx($3)):12 smooth unique lw 2 title "physics", \
       for [b in bsps] rows(n, b) using (binx($3)):9 smooth unique lw 2 title b." update + pairs"
}
unset multiplot
