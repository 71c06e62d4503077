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
1000 1.49717
2000 6.33476
5000 43.4912
10000 182.493
20000 753.771


1000 0.039058
2000 0.072778
5000 0.18919
10000 0.325723
20000 0.670904
50000 2.11289
100000 6.4194


1000 0.072457
2000 0.163101
5000 0.588362
10000 1.37254
20000 3.46512
50000 15.6358
100000 43.8741


1000 0.426382
2000 1.20045
5000 4.89093
10000 14.4102
20000 43.9659
50000 198.678
100000 594.021


1000 0.332833
2000 0.953552
5000 3.87356
10000 12.4277
20000 40.5301
50000 179.215
100000 554.352


1000 0.227237
2000 0.467793
5000 1.25682
10000 2.65926
20000 5.70738
50000 15.9313
100000 48.8661


1000 0.584185
2000 1.82404
5000 10.0217
10000 36.9426
20000 134.945
50000 771.816


1000 0.053519
2000 0.12156
5000 0.38469
10000 0.994634
20000 2.77127
50000 11.294
100000 33.3405


1000 0.589133
2000 1.83153
5000 10.0083
10000 37.2786
20000 135.506
50000 769.295


1000 0.724534
2000 1.50581
5000 3.4106
10000 7.15834
20000 15.1808
50000 45.2173
100000 95.483


1000 0.263371
2000 0.544407
5000 1.38803
10000 2.65181
20000 6.88687
50000 25.2858
100000 72.7152


1000 0.440312
2000 1.10898
5000 3.90384
10000 11.757
20000 70.1211
50000 472.257


1000 0.488964
2000 1.36003
5000 5.18713
10000 15.1648
20000 44.9329
50000 238.228
100000 1218.91


1000 0.618386
2000 1.39594
5000 5.39223
10000 15.1177
20000 45.2354
50000 238.932
100000 1217.67


1000 0.362938
2000 0.964689
5000 3.56047
10000 10.1818
20000 30.4067
50000 131.402
100000 443.599


1000 0.649352
2000 1.45385
5000 4.29672
10000 9.86317
20000 25.879
50000 122.541
100000 481.67


1000 0.531697
2000 1.52783
5000 6.65595
10000 21.5738
20000 72.1866
50000 340.022
100000 1298.42


EOD
plot $data index 0 using 1:2 with linespoints lw 2 title 'brute', $data index 1 using 1:2 with linespoints lw 2 title 'sabsp', $data index 2 using 1:2 with linespoints lw 2 title 'sabsp_thesis', $data index 3 using 1:2 with linespoints lw 2 title 'sap', $data index 4 using 1:2 with linespoints lw 2 title 'sap2', $data index 5 using 1:2 with linespoints lw 2 title 'hash', $data index 6 using 1:2 with linespoints lw 2 title 'quadtree', $data index 7 using 1:2 with linespoints lw 2 title 'box_pruning', $data index 8 using 1:2 with linespoints lw 2 title 'quadtree_l11', $data index 9 using 1:2 with linespoints lw 2 title 'hash_1cell', $data index 10 using 1:2 with linespoints lw 2 title 'loose_octree', $data index 11 using 1:2 with linespoints lw 2 title 'ode_hash', $data index 12 using 1:2 with linespoints lw 2 title 'ode_quadtree', $data index 13 using 1:2 with linespoints lw 2 title 'ode_quadtree_l11', $data index 14 using 1:2 with linespoints lw 2 title 'ode_sap', $data index 15 using 1:2 with linespoints lw 2 title 'bullet_dbvt', $data index 16 using 1:2 with linespoints lw 2 title 'bullet_axis3'
