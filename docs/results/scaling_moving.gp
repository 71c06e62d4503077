set terminal pngcairo size 1000,700 noenhanced
set output 'docs/results/scaling_moving.png'
set logscale xy
set key outside right
set xrange [800:125000]
set xlabel 'boxes'
set ylabel 'ms per step (median, thread CPU time)'
set grid
set title 'Broad phases, moving boxes: time per step'
# Seventeen distinguishable line colours, one per broad phase: gnuplot's default cycle repeats after
# eight, and the benches plot up to seventeen algorithms. Loaded by scripts/plot_sim.gp; the scaling
# bench copies it into the plot scripts it writes, so that they stay self-contained.
colours = "#1f77b4 #d62728 #2ca02c #ff7f0e #9467bd #8c564b #e377c2 #17becf #bcbd22 #7f7f7f " . \
          "#000000 #aec7e8 #393b79 #637939 #e7ba52 #ff00ff #66c2a5"
do for [i=1:17] { set linetype i lc rgb word(colours, i) lw 1.5 }
set linetype cycle 17
$data << EOD
1000 1.97588
2000 8.52044
5000 53.3144
10000 221.027
20000 971.069


1000 0.051166
2000 0.093807
5000 0.240024
10000 0.496019
20000 1.13741
50000 3.52337
100000 11.3489


1000 0.081915
2000 0.164772
5000 0.602912
10000 1.41083
20000 4.52794
50000 17.9123
100000 54.3725


1000 0.593053
2000 1.60137
5000 6.82677
10000 20.2332
20000 75.9584
50000 290.65
100000 924.579


1000 0.473196
2000 1.32371
5000 6.05312
10000 18.9857
20000 62.0822
50000 269.061
100000 891.599


1000 0.27442
2000 0.578275
5000 1.56714
10000 3.4141
20000 8.14088
50000 28.851
100000 85.3181


1000 0.698202
2000 2.16022
5000 10.6609
10000 38.9376
20000 145.401
50000 821.751


1000 0.065845
2000 0.135737
5000 0.463317
10000 1.14575
20000 3.26547
50000 13.0267
100000 41.3521


1000 0.767584
2000 2.15001
5000 10.8262
10000 39.2034
20000 144.779
50000 846.643


1000 0.989324
2000 1.94085
5000 4.42265
10000 9.69673
20000 20.9616
50000 62.1879
100000 154.529


1000 0.330976
2000 0.646514
5000 1.61878
10000 3.21085
20000 8.65966
50000 31.1304
100000 93.3648


1000 0.58049
2000 1.47732
5000 5.72488
10000 17.0748
20000 248.256
50000 1861.37


1000 0.583085
2000 1.53565
5000 5.85629
10000 17.9478
20000 57.1583
50000 358.487
100000 920.153


1000 0.609304
2000 1.60698
5000 6.00436
10000 19.7222
20000 60.3885
50000 368.219
100000 1140.55


1000 0.382023
2000 1.07955
5000 4.40939
10000 13.0599
20000 38.671
50000 171.067
100000 450.07


1000 0.74999
2000 1.72163
5000 5.10516
10000 14.8806
20000 46.3946
50000 217.839
100000 415.316


1000 0.763496
2000 1.89604
5000 8.34505
10000 28.3686
20000 88.3511
50000 725.742


EOD
plot $data index 0 using 1:2 with linespoints lw 2 title 'brute', $data index 1 using 1:2 with linespoints lw 2 title 'sabsp', $data index 2 using 1:2 with linespoints lw 2 title 'sabsp_thesis', $data index 3 using 1:2 with linespoints lw 2 title 'sap', $data index 4 using 1:2 with linespoints lw 2 title 'sap2', $data index 5 using 1:2 with linespoints lw 2 title 'hash', $data index 6 using 1:2 with linespoints lw 2 title 'quadtree', $data index 7 using 1:2 with linespoints lw 2 title 'box_pruning', $data index 8 using 1:2 with linespoints lw 2 title 'quadtree_l11', $data index 9 using 1:2 with linespoints lw 2 title 'hash_1cell', $data index 10 using 1:2 with linespoints lw 2 title 'loose_octree', $data index 11 using 1:2 with linespoints lw 2 title 'ode_hash', $data index 12 using 1:2 with linespoints lw 2 title 'ode_quadtree', $data index 13 using 1:2 with linespoints lw 2 title 'ode_quadtree_l11', $data index 14 using 1:2 with linespoints lw 2 title 'ode_sap', $data index 15 using 1:2 with linespoints lw 2 title 'bullet_dbvt', $data index 16 using 1:2 with linespoints lw 2 title 'bullet_axis3'
