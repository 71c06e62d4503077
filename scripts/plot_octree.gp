# Charts of `partlab-bench octree` (docs/results/octree.csv) in the manner of the octree paper's
# run-time figures: Figures 10, 12 and 14 (the time of the basic algorithm and of the octree's,
# against the triangles of the low, medium and high affinity soups) and Figure 19 (the summary:
# the octree's speedup over the basic algorithm in every case). "Octree" is the paper's placement
# and traversal (policy paper, traversal paper); "basic" is brute force over every triangle.
# Usage:
#   gnuplot -e "csv='docs/results/octree.csv'; outdir='docs/results'" scripts/plot_octree.gp
# Writes OUTDIR/octree_runtime_low.png, _medium.png, _high.png and OUTDIR/octree_speedup.png.
if (!exists("csv")) csv = "docs/results/octree.csv"
if (!exists("outdir")) outdir = "docs/results"

set datafile separator ","
set terminal pngcairo size 900,600 font "sans,14" noenhanced
set grid lc rgb "#dddddd"
set key left top
set style data linespoints
set logscale x
set xlabel "input triangles"
# The machine the table was measured on, from the CSV's own header line.
machine = system(sprintf("sed -n 's/^# machine: //p' %s | cut -d, -f1", csv))

# Rows of one soup (case low-N, medium-N, high-N) and one method, streamed through awk. Columns:
# 1 case, 2 N, 3 method, 4 policy, 5 traversal, 7 us/ray, 8 speedup.
basic(a) = sprintf("< awk -F, '$1 ~ /^%s-/ && $3==\"brute\"' %s", a, csv)
octree(a) = sprintf("< awk -F, '$1 ~ /^%s-/ && $3==\"octree\" && $4==\"paper\" && $5==\"paper\"' %s", a, csv)
figure(a) = a eq "low" ? 10 : a eq "medium" ? 12 : 14

set xrange [700:150000]
do for [a in "low medium high"] {
  set output sprintf("%s/octree_runtime_%s.png", outdir, a)
  set title sprintf("Random soup, %s affinity: time per ray (as the paper's Figure %d)\n%s", \
                    a, figure(a), machine)
  set logscale y
  set ylabel "microseconds per ray"
  plot basic(a) using 2:7 lw 2 lc rgb "#d62728" title "basic (every triangle)", \
       octree(a) using 2:7 lw 2 lc rgb "#1f77b4" title "octree (the paper's)"
}

# Figure 19: the speedup of the paper's octree over the basic algorithm, every soup against its
# size and every model at its own triangle count; below 1 the octree is slower.
set output sprintf("%s/octree_speedup.png", outdir)
set title sprintf("Speedup of the paper's octree over the basic algorithm (as the paper's Figure 19)\n%s", machine)
unset logscale y
set logscale y 2
set xrange [700:3000000]
set ylabel "basic time / octree time"
models = sprintf("< awk -F, '$1 !~ /^(low|medium|high)-/ && $3==\"octree\" && $4==\"paper\" && $5==\"paper\"' %s", csv)
set key left top
plot for [a in "low medium high"] octree(a) using 2:8 lw 2 title sprintf("%s affinity soup", a), \
     models using 2:8:1 with labels point pt 7 offset 0,1 notitle, \
     1 with lines dt 2 lc rgb "black" title "equal time"
