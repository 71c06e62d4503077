#!/usr/bin/env bash
# Figures of the octree benchmark, like the octree paper's (figures 9-19), from the CSV that
#   partlab-bench octree --csv build/results/octree_bench.csv
# writes (and its _depth.csv sibling). Needs gnuplot (gnuplot-nox). Usage:
#   scripts/plot_octree.sh [CSV] [OUTDIR]      (defaults: build/results/octree_bench.csv, its folder)
set -euo pipefail
csv=${1:-build/results/octree_bench.csv}
out=${2:-$(dirname "$csv")}
depth_csv="${csv%.csv}_depth.csv"
[[ -r $csv ]] || { echo "plot_octree: $csv: cannot open" >&2; exit 1; }
[[ -r $depth_csv ]] || { echo "plot_octree: $depth_csv: cannot open" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One series per (kind, method): N and milliseconds per 10,000 rays (the paper's "tempo de execução
# durante dez mil testes").
series() {  # kind method policy traversal -> file
  awk -F, -v k="$1" -v m="$2" -v p="$3" -v t="$4" \
    'NR > 1 && $2 == k && $4 == m && $5 == p && $6 == t { print $3, $9 }' "$csv" | sort -n
}
methods=("brute - - brute force" "octree paper paper paper's octree (paper traversal)"
         "octree paper ordered paper placement, ordered traversal"
         "octree leaf paper leaf placement, paper traversal"
         "octree leaf ordered leaf placement, ordered traversal"
         "embree bvh rtcIntersect1 Embree rtcIntersect1")

for kind in low medium high; do
  plot=""
  i=0
  for m in "${methods[@]}"; do
    read -r method policy traversal title <<<"$m"
    series "$kind" "$method" "$policy" "$traversal" >"$tmp/$kind-$i.dat"
    if [[ -s $tmp/$kind-$i.dat ]]; then
      plot+="${plot:+, }'$tmp/$kind-$i.dat' using 1:2 with linespoints lw 2 pt 7 title \"$title\""
    fi
    i=$((i + 1))
  done
  [[ -n $plot ]] || continue
  gnuplot <<GP
set terminal pngcairo noenhanced size 900,560 font ",11"
set output '$out/octree_time_$kind.png'
set title "Random soup, $kind affinity: time for 10,000 random rays"
set xlabel 'triangles (N)'
set ylabel 'ms per 10,000 rays (median)'
set logscale xy
set grid
set key outside below
plot $plot
GP
done

# Models: one group of bars per model, one bar per method (log scale).
awk -F, 'NR > 1 && $2 == "model" { key = $4 "/" $5 "/" $6; v[$1, key] = $9; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
  END {
    split("brute/-/- octree/paper/paper octree/paper/ordered octree/leaf/paper octree/leaf/ordered embree/bvh/rtcIntersect1", k, " ")
    for (i = 1; i <= n; ++i) {
      line = order[i]
      for (j = 1; j <= 6; ++j) line = line " " ((order[i], k[j]) in v ? v[order[i], k[j]] : "NaN")
      print line
    }
  }' "$csv" >"$tmp/models.dat"
if [[ -s $tmp/models.dat ]]; then
  gnuplot <<GP
set terminal pngcairo noenhanced size 900,560 font ",11"
set output '$out/octree_models.png'
set title 'Models fitted to the 100 cube: time for 10,000 random rays'
set ylabel 'ms per 10,000 rays (median, log scale)'
set logscale y
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set grid ytics
set key outside below
plot '$tmp/models.dat' using 2:xtic(1) title 'brute force', '' using 3 title "paper's octree", \
     '' using 4 title 'paper placement, ordered', '' using 5 title 'leaf placement, paper traversal', \
     '' using 6 title 'leaf placement, ordered', '' using 7 title 'Embree'
GP
fi

# Triangles per depth with the paper's placement (its "afinidade" figures 9, 11, 13, 15, 17):
# the soups at N = 10,000 and the models, as a share of the triangles.
panels=()
for c in low-10000 medium-10000 high-10000 bunny dragon_res2 dragon_vrip; do
  awk -F, -v c="$c" 'NR > 1 && $1 == c && $4 == "paper" { n[$5] = $6; total += $6 }
    END { for (d = 1; d in n; ++d) print d, (total ? 100 * n[d] / total : 0) }' "$depth_csv" >"$tmp/depth-$c.dat"
  [[ -s $tmp/depth-$c.dat ]] && panels+=("$c")
done
if ((${#panels[@]})); then
  {
    echo "set terminal pngcairo noenhanced size 1200,700 font ',10'"
    echo "set output '$out/octree_depth.png'"
    echo "set multiplot layout 2,3 title \"Triangles per depth, paper's placement (root = depth 1)\""
    echo "set style fill solid 0.8 border -1"
    echo "set boxwidth 0.7"
    echo "set xlabel 'depth'"
    echo "set ylabel '% of triangles'"
    echo "set yrange [0:100]"
    echo "set xtics 1"
    echo "set grid ytics"
    for c in "${panels[@]}"; do
      echo "set title '$c'"
      echo "plot '$tmp/depth-$c.dat' using 1:2 with boxes notitle lc rgb '#3b7bbf'"
    done
    echo "unset multiplot"
  } | gnuplot
fi
echo "plot_octree: figures in $out"
